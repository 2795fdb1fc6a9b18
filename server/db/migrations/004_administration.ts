/** Membership status (active, invited, deactivated) and one-time invitation links. */
export default `
ALTER TABLE user_organizations ADD COLUMN status TEXT NOT NULL DEFAULT 'active';

CREATE TABLE invitations (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  user_id TEXT NOT NULL REFERENCES users(id),
  token_hash TEXT NOT NULL UNIQUE,
  invited_by TEXT REFERENCES users(id),
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);
`;
