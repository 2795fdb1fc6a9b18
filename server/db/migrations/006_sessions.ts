/**
 * Server-side sessions. Each sign-in opens a session with its own current
 * organisation and last activity; access tokens name it (`sid`) and are refused
 * once it is revoked. Refresh tokens belong to a session (`family_id` is the
 * session id); `successor_sealed` keeps the token that replaced a rotated one,
 * encrypted with a key only the rotated token's holder can derive, so the same
 * holder refreshing twice within the grace window gets the same answer. Refresh
 * tokens issued before sessions existed belong to none and are revoked here.
 */
export default `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL,
  revoked_at TEXT,
  revoked_reason TEXT
);
CREATE INDEX sessions_user ON sessions (user_id, revoked_at);

ALTER TABLE refresh_tokens ADD COLUMN successor_sealed TEXT;
UPDATE refresh_tokens SET revoked_at = created_at WHERE revoked_at IS NULL;
`;
