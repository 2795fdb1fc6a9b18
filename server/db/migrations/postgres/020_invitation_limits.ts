/** PostgreSQL text of migration 020: invitation limits (see ../020_invitation_limits.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE invitation_counts (
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  day ${T} NOT NULL,
  sent integer NOT NULL,
  PRIMARY KEY (organization_id, day)
);
ALTER TABLE invitations ADD COLUMN first_name ${T} NOT NULL DEFAULT '';
ALTER TABLE invitations ADD COLUMN last_name ${T} NOT NULL DEFAULT '';
CREATE INDEX invitations_membership ON invitations (organization_id, user_id, created_at);
`;
