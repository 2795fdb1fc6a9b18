/**
 * The record engine's own tables: naming series counters, comments on records and
 * the list views users save; and an index to read a record's history from the
 * audit log.
 */
export default `
CREATE TABLE naming_series (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  prefix TEXT NOT NULL,
  current INTEGER NOT NULL,
  PRIMARY KEY (organization_id, prefix)
);

CREATE TABLE record_comments (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  record_type TEXT NOT NULL,
  record_id TEXT NOT NULL,
  body TEXT NOT NULL,
  created_by TEXT REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE INDEX record_comments_record ON record_comments (organization_id, record_type, record_id, created_at);

CREATE TABLE saved_views (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  user_id TEXT NOT NULL REFERENCES users(id),
  record_type TEXT NOT NULL,
  label TEXT NOT NULL,
  definition TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX saved_views_label ON saved_views (organization_id, user_id, record_type, label);

CREATE INDEX audit_logs_resource ON audit_logs (organization_id, resource_type, resource_id, created_at);
`;
