/** The message thread between a client and the firm, and portal invitations. */
export default `
CREATE TABLE client_messages (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  client_id TEXT NOT NULL REFERENCES clients(id),
  author_id TEXT NOT NULL REFERENCES users(id),
  from_client INTEGER NOT NULL,
  body TEXT NOT NULL,
  seq INTEGER NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX client_messages_thread ON client_messages (organization_id, client_id, seq);
CREATE INDEX client_messages_recent ON client_messages (organization_id, seq);

ALTER TABLE invitations ADD COLUMN client_id TEXT REFERENCES clients(id);
`;
