/** PostgreSQL text of migration 023: bulk edits that can be undone (see ../023_bulk_edits.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE bulk_edits (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  record_type ${T} NOT NULL,
  created_by ${T} NOT NULL REFERENCES users(id),
  created_at ${T} NOT NULL,
  expires_at ${T} NOT NULL,
  undone_at ${T},
  changes ${T} NOT NULL
);
CREATE INDEX bulk_edits_expiry ON bulk_edits (expires_at);
`;
