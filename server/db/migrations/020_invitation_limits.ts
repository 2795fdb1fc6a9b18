/**
 * Invitation limits (issue 23): invitations sent per organisation and UTC day,
 * counted by a conditional upsert so several instances agree and a burst cannot
 * pass the limit between a count and an insert; and the name the inviter typed on
 * each invitation, shown for a membership until it is accepted.
 */
export default `
CREATE TABLE invitation_counts (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  day TEXT NOT NULL,
  sent INTEGER NOT NULL,
  PRIMARY KEY (organization_id, day)
);
ALTER TABLE invitations ADD COLUMN first_name TEXT NOT NULL DEFAULT '';
ALTER TABLE invitations ADD COLUMN last_name TEXT NOT NULL DEFAULT '';
CREATE INDEX invitations_membership ON invitations (organization_id, user_id, created_at);
`;
