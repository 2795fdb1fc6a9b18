/** PostgreSQL text of migration 026: the files a queued mail carries (see ../026_mail_attachments.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE mail_attachments (
  mail_id ${T} NOT NULL REFERENCES mail_outbox(id),
  organization_id ${T} REFERENCES organizations(id),
  position integer NOT NULL,
  filename ${T} NOT NULL,
  content_type ${T} NOT NULL,
  content ${T} NOT NULL,
  PRIMARY KEY (mail_id, position)
);
`;
