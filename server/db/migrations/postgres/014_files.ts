/** PostgreSQL text of migration 014: files attached to records (see ../014_files.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE files (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  name ${T} NOT NULL,
  content_type ${T} NOT NULL,
  size bigint NOT NULL,
  sha256 ${T} NOT NULL,
  data bytea NOT NULL,
  created_by ${T} REFERENCES users(id),
  created_at ${T} NOT NULL
);
CREATE INDEX files_org ON files (organization_id, created_at);
`;
