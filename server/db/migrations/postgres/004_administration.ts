/** PostgreSQL text of migration 004: membership status and one-time invitation links (see ../004_administration.ts). */
import { T } from "./types.ts";

export default `
ALTER TABLE user_organizations ADD COLUMN status ${T} NOT NULL DEFAULT 'active';

CREATE TABLE invitations (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  user_id ${T} NOT NULL REFERENCES users(id),
  token_hash ${T} NOT NULL UNIQUE,
  invited_by ${T} REFERENCES users(id),
  expires_at ${T} NOT NULL,
  used_at ${T},
  created_at ${T} NOT NULL
);
`;
