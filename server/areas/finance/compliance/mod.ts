/**
 * Compliance: the obligations a firm must meet (the `compliance_item` record
 * type), the compliance service (summary, items with filters, settings), and the
 * notices that tell owners of overdue obligations — raised when the summary is
 * read and by a check that runs every hour (`ComplianceWatch`), once per
 * obligation and due date.
 */
export { complianceRoutes } from "./routes.ts";
export { ComplianceWatch } from "./watch.ts";
