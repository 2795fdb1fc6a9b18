/**
 * Compliance (issue 15): the organisation's compliance settings, and the notices
 * already sent to owners: one row per item, due date and kind, so an owner is told
 * once per due date however often the check runs and however many instances run
 * it. The obligations' table (`compliance_item`) and the covering indexes the
 * finance figures read are their declarations' own (made at start-up by
 * server/records/engine/table-sync.ts).
 */
export default `
CREATE TABLE compliance_settings (
  organization_id TEXT PRIMARY KEY REFERENCES organizations(id),
  due_soon_days INTEGER NOT NULL DEFAULT 14,
  notify_owners INTEGER NOT NULL DEFAULT 1,
  remind_days_before INTEGER NOT NULL DEFAULT 0,
  updated_at TEXT NOT NULL,
  updated_by TEXT
);

CREATE TABLE compliance_notices (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  item_id TEXT NOT NULL,
  due_date TEXT NOT NULL,
  kind TEXT NOT NULL,
  user_id TEXT NOT NULL,
  notified_at TEXT NOT NULL,
  PRIMARY KEY (item_id, due_date, kind)
);
`;
