/**
 * What the `reports` screen keeps around its list of saved reports: the standard
 * reports (invoices, expenses, operations, sales) the caller may open, and the way
 * to the report builder, so `reports` is the index of every report of the
 * organisation.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { findModule } from "../../platform/catalogue/module-definitions.ts";
import { authorize } from "../../platform/access/authorize.ts";
import type { ListScreenExtras } from "./record-list-screen.ts";

/** The standard reports, in the order the index shows them. */
const STANDARD = [
  "reports/invoice-reports",
  "reports/expense-reports",
  "reports/operations-reports",
  "reports/sales-reports",
];

/** The standard reports and the builder, as far as the caller may open them. */
export function reportsIndex(access: MembershipAccess): ListScreenExtras {
  const cards: Node[] = STANDARD.flatMap((id) => {
    const module = findModule(id);
    if (!module || !authorize(access, module.id, "read")) return [];
    return [{
      type: "card",
      title: module.name,
      children: [
        { type: "text", text: module.description },
        { type: "link", text: `Open ${module.name.toLowerCase()}`, to: `/app/${id}` },
      ],
    }];
  });
  const builder = findModule("report-builder");
  const build: Node[] = builder && authorize(access, builder.id, "read")
    ? [{ type: "link", text: "Build a new report", to: "/app/report-builder" }]
    : [];
  if (cards.length === 0 && build.length === 0) return {};
  return {
    before: [{
      type: "section",
      title: "Standard reports",
      description:
        "Reports every organisation has. Your saved reports and those shared with you follow.",
      children: [
        ...(cards.length > 0 ? [{ type: "grid", columns: 2, children: cards }] : []),
        ...build,
      ],
    }],
  };
}
