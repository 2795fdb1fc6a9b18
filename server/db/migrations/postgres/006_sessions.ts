/** PostgreSQL text of migration 006: server-side sessions (see ../006_sessions.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE sessions (
  id ${T} PRIMARY KEY,
  user_id ${T} NOT NULL REFERENCES users(id),
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  created_at ${T} NOT NULL,
  last_seen_at ${T} NOT NULL,
  revoked_at ${T},
  revoked_reason ${T}
);
CREATE INDEX sessions_user ON sessions (user_id, revoked_at);

ALTER TABLE refresh_tokens ADD COLUMN successor_sealed ${T};
UPDATE refresh_tokens SET revoked_at = created_at WHERE revoked_at IS NULL;
`;
