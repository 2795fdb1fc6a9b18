/**
 * Outgoing mail and password resets. The outbox is the source of truth for mail:
 * a message is written in the same transaction as what caused it and delivered
 * later, so nothing is lost when the server stops before sending. A reset link
 * keeps only the SHA-256 of its token.
 */
export default `
CREATE TABLE mail_outbox (
  id TEXT PRIMARY KEY,
  organization_id TEXT REFERENCES organizations(id),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text_body TEXT NOT NULL,
  html_body TEXT,
  kind TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  last_error TEXT,
  created_at TEXT NOT NULL,
  sent_at TEXT
);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
CREATE INDEX mail_outbox_recent ON mail_outbox (organization_id, created_at);
CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient, kind, created_at);

CREATE TABLE password_resets (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id),
  token_hash TEXT NOT NULL UNIQUE,
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX password_resets_user ON password_resets (user_id, created_at);
`;
