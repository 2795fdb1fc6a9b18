/**
 * PostgreSQL text of migration 010 (see ../010_message_places.ts): message places
 * are drawn from a sequence, so concurrent senders in one organisation each take
 * their own without locking anything; a unique index guards the places.
 */
export default `
CREATE SEQUENCE client_messages_seq OWNED BY client_messages.seq;
SELECT setval('client_messages_seq', (SELECT COALESCE(MAX(seq), 0) + 1 FROM client_messages), false);
CREATE UNIQUE INDEX client_messages_place ON client_messages (organization_id, seq);
DROP INDEX client_messages_recent;
`;
