/** PostgreSQL text of migration 032: signature requests, signers and evidence (see ../032_signing.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE signature_requests (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  record_type ${T} NOT NULL,
  record_id ${T} NOT NULL,
  record_name ${T} NOT NULL,
  revision integer NOT NULL,
  request_seq integer NOT NULL,
  signing_order ${T} NOT NULL,
  status ${T} NOT NULL,
  file_name ${T} NOT NULL,
  document ${T} NOT NULL,
  pdf ${T} NOT NULL,
  pdf_sha256 ${T} NOT NULL,
  signed_pdf ${T},
  signed_pdf_sha256 ${T},
  requested_by ${T} NOT NULL,
  created_at ${T} NOT NULL,
  updated_at ${T} NOT NULL,
  completed_at ${T}
);
CREATE INDEX signature_requests_record ON signature_requests (organization_id, record_type, record_id, revision);
CREATE INDEX signature_requests_pdf ON signature_requests (pdf_sha256);
CREATE INDEX signature_requests_signed_pdf ON signature_requests (signed_pdf_sha256);
CREATE TABLE signature_signers (
  id ${T} PRIMARY KEY,
  request_id ${T} NOT NULL REFERENCES signature_requests(id),
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  position integer NOT NULL,
  name ${T} NOT NULL,
  email ${T} NOT NULL,
  user_id ${T},
  token_hash ${T} NOT NULL UNIQUE,
  status ${T} NOT NULL,
  signature_name ${T},
  choices ${T},
  reason ${T},
  mailed_at ${T},
  answered_at ${T}
);
CREATE INDEX signature_signers_request ON signature_signers (request_id, position);
CREATE TABLE signature_events (
  request_id ${T} NOT NULL REFERENCES signature_requests(id),
  seq integer NOT NULL,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  signer_id ${T},
  kind ${T} NOT NULL,
  at ${T} NOT NULL,
  ip ${T} NOT NULL,
  user_agent ${T} NOT NULL,
  detail ${T} NOT NULL,
  prev_hash ${T} NOT NULL,
  hash ${T} NOT NULL,
  PRIMARY KEY (request_id, seq)
);
`;
