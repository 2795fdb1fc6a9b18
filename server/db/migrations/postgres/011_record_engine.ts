/** PostgreSQL text of migration 011: the record engine's own tables (see ../011_record_engine.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE naming_series (
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  prefix ${T} NOT NULL,
  current bigint NOT NULL,
  PRIMARY KEY (organization_id, prefix)
);

CREATE TABLE record_comments (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  record_type ${T} NOT NULL,
  record_id ${T} NOT NULL,
  body ${T} NOT NULL,
  created_by ${T} REFERENCES users(id),
  created_at ${T} NOT NULL
);
CREATE INDEX record_comments_record ON record_comments (organization_id, record_type, record_id, created_at);

CREATE TABLE saved_views (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  user_id ${T} NOT NULL REFERENCES users(id),
  record_type ${T} NOT NULL,
  label ${T} NOT NULL,
  definition ${T} NOT NULL,
  created_at ${T} NOT NULL
);
CREATE UNIQUE INDEX saved_views_label ON saved_views (organization_id, user_id, record_type, label);

CREATE INDEX audit_logs_resource ON audit_logs (organization_id, resource_type, resource_id, created_at);
`;
