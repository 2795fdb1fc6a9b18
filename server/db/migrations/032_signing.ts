/**
 * Signature requests (issue 29 §8): a request to sign one revision of a record
 * that prints, the PDF of that revision exactly as rendered when it was made
 * (base64, with its SHA-256), and, once completed, the signed PDF with its
 * completion page; its signers in order, each with the SHA-256 of their one-time
 * link's token (never the token); and its evidence events, hash-chained. The text
 * is SQLite's; the PostgreSQL text uses the "C" collation for text.
 */
export default `
CREATE TABLE signature_requests (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  record_type TEXT NOT NULL,
  record_id TEXT NOT NULL,
  record_name TEXT NOT NULL,
  revision INTEGER NOT NULL,
  request_seq INTEGER NOT NULL,
  signing_order TEXT NOT NULL,
  status TEXT NOT NULL,
  file_name TEXT NOT NULL,
  document TEXT NOT NULL,
  pdf TEXT NOT NULL,
  pdf_sha256 TEXT NOT NULL,
  signed_pdf TEXT,
  signed_pdf_sha256 TEXT,
  requested_by TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX signature_requests_record ON signature_requests (organization_id, record_type, record_id, revision);
CREATE INDEX signature_requests_pdf ON signature_requests (pdf_sha256);
CREATE INDEX signature_requests_signed_pdf ON signature_requests (signed_pdf_sha256);
CREATE TABLE signature_signers (
  id TEXT PRIMARY KEY,
  request_id TEXT NOT NULL REFERENCES signature_requests(id),
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  user_id TEXT,
  token_hash TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL,
  signature_name TEXT,
  choices TEXT,
  reason TEXT,
  mailed_at TEXT,
  answered_at TEXT
);
CREATE INDEX signature_signers_request ON signature_signers (request_id, position);
CREATE TABLE signature_events (
  request_id TEXT NOT NULL REFERENCES signature_requests(id),
  seq INTEGER NOT NULL,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  signer_id TEXT,
  kind TEXT NOT NULL,
  at TEXT NOT NULL,
  ip TEXT NOT NULL,
  user_agent TEXT NOT NULL,
  detail TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL,
  PRIMARY KEY (request_id, seq)
);
`;
