/**
 * Bulk edits that can be undone (issue 24): what one bulk edit changed — each
 * record's previous values of the edited fields and its version right after —
 * kept for a short while, so its author can restore them, record by record, while
 * nobody has changed the record since. `changes` is JSON. Expired rows are swept
 * by the next bulk edit.
 */
export default `
CREATE TABLE bulk_edits (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  record_type TEXT NOT NULL,
  created_by TEXT NOT NULL REFERENCES users(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  undone_at TEXT,
  changes TEXT NOT NULL
);
CREATE INDEX bulk_edits_expiry ON bulk_edits (expires_at);
`;
