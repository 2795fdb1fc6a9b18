/**
 * Files a queued mail carries (an invoice's PDF attached by an email template),
 * in order, kept beside the outbox row they go with so the delivery loop sends
 * them with every attempt; the content is base64 text, the same on both databases.
 */
export default `
CREATE TABLE mail_attachments (
  mail_id TEXT NOT NULL REFERENCES mail_outbox(id),
  organization_id TEXT REFERENCES organizations(id),
  position INTEGER NOT NULL,
  filename TEXT NOT NULL,
  content_type TEXT NOT NULL,
  content TEXT NOT NULL,
  PRIMARY KEY (mail_id, position)
);
`;
