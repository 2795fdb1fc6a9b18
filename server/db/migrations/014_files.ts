/**
 * Files attached to records (an attach field holds a file's id): kept in the
 * database, so every instance serves them and a backup holds them, with their
 * name, type, size and SHA-256.
 */
export default `
CREATE TABLE files (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  size INTEGER NOT NULL,
  sha256 TEXT NOT NULL,
  data BLOB NOT NULL,
  created_by TEXT REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE INDEX files_org ON files (organization_id, created_at);
`;
