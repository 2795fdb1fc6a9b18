/** PostgreSQL text of migration 005: the client message thread and portal invitations (see ../005_portal.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE client_messages (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  client_id ${T} NOT NULL REFERENCES clients(id),
  author_id ${T} NOT NULL REFERENCES users(id),
  from_client integer NOT NULL,
  body ${T} NOT NULL,
  seq integer NOT NULL,
  created_at ${T} NOT NULL
);
CREATE INDEX client_messages_thread ON client_messages (organization_id, client_id, seq);
CREATE INDEX client_messages_recent ON client_messages (organization_id, seq);

ALTER TABLE invitations ADD COLUMN client_id ${T} REFERENCES clients(id);
`;
