/**
 * A message's place in its organisation's thread is unique, and the database says
 * so: on SQLite (writes one at a time) the next place is one past the
 * organisation's last; on PostgreSQL it comes from a sequence (see
 * 010_message_places.ts there), so writers never wait on one another.
 */
export default `
CREATE UNIQUE INDEX client_messages_place ON client_messages (organization_id, seq);
DROP INDEX client_messages_recent;
`;
