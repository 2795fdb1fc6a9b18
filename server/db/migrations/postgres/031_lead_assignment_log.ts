/** PostgreSQL text of migration 030: the lead assignment log's row position (see ../030_lead_assignment_assign.ts). */
export { default } from "../030_lead_assignment_assign.ts";
