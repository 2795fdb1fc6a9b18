/** PostgreSQL text of migration 007: outgoing mail and password resets (see ../007_mail.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE mail_outbox (
  id ${T} PRIMARY KEY,
  organization_id ${T} REFERENCES organizations(id),
  recipient ${T} NOT NULL,
  subject ${T} NOT NULL,
  text_body ${T} NOT NULL,
  html_body ${T},
  kind ${T} NOT NULL,
  status ${T} NOT NULL CHECK (status IN ('queued', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at ${T} NOT NULL,
  last_error ${T},
  created_at ${T} NOT NULL,
  sent_at ${T}
);
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
CREATE INDEX mail_outbox_recent ON mail_outbox (organization_id, created_at);
CREATE INDEX mail_outbox_recipient ON mail_outbox (recipient, kind, created_at);

CREATE TABLE password_resets (
  id ${T} PRIMARY KEY,
  user_id ${T} NOT NULL REFERENCES users(id),
  token_hash ${T} NOT NULL UNIQUE,
  expires_at ${T} NOT NULL,
  used_at ${T},
  created_at ${T} NOT NULL
);
CREATE INDEX password_resets_user ON password_resets (user_id, created_at);
`;
