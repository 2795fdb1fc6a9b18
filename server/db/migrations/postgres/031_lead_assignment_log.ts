/** PostgreSQL text of migration 031: the lead assignment log's row position (see ../031_lead_assignment_log.ts). */
export { default } from "../031_lead_assignment_log.ts";
