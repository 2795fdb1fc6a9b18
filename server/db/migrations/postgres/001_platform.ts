/**
 * PostgreSQL text of migration 001: organisations, users, memberships, roles,
 * permissions, the module catalogue, tokens, audit, settings.
 *
 * Column types follow SQLite's so both drivers return the same values: text
 * (ISO 8601 timestamps and dates included) with the "C" collation (byte order and
 * ASCII case folding, as SQLite's BINARY collation and lower()), integer flags
 * 0/1, double precision for reals.
 */
import { T } from "./types.ts";

export default `
CREATE TABLE meta (key ${T} PRIMARY KEY, value ${T} NOT NULL);

CREATE TABLE organizations (
  id ${T} PRIMARY KEY,
  name ${T} NOT NULL,
  description ${T} NOT NULL DEFAULT '',
  website ${T} NOT NULL DEFAULT '',
  industry ${T} NOT NULL DEFAULT '',
  size ${T} NOT NULL DEFAULT '',
  address ${T} NOT NULL DEFAULT '',
  phone ${T} NOT NULL DEFAULT '',
  email ${T} NOT NULL DEFAULT '',
  logo_url ${T} NOT NULL DEFAULT '',
  is_active integer NOT NULL DEFAULT 1,
  catalogue_version integer NOT NULL DEFAULT 1,
  permission_version integer NOT NULL DEFAULT 1,
  settings_version integer NOT NULL DEFAULT 1,
  version integer NOT NULL DEFAULT 1,
  created_at ${T} NOT NULL,
  updated_at ${T} NOT NULL
);

CREATE TABLE clients (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  name ${T} NOT NULL,
  email ${T} NOT NULL DEFAULT '',
  phone ${T} NOT NULL DEFAULT '',
  industry ${T} NOT NULL DEFAULT '',
  status ${T} NOT NULL DEFAULT 'active',
  created_at ${T} NOT NULL,
  updated_at ${T} NOT NULL
);
CREATE INDEX clients_org ON clients (organization_id, name);

CREATE TABLE users (
  id ${T} PRIMARY KEY,
  email ${T} NOT NULL UNIQUE,
  password_hash ${T} NOT NULL,
  first_name ${T} NOT NULL,
  last_name ${T} NOT NULL,
  is_client_portal_user integer NOT NULL DEFAULT 0,
  client_id ${T} REFERENCES clients(id),
  is_active integer NOT NULL DEFAULT 1,
  created_at ${T} NOT NULL,
  updated_at ${T} NOT NULL
);

CREATE TABLE roles (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  name ${T} NOT NULL,
  description ${T} NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  created_at ${T} NOT NULL,
  UNIQUE (organization_id, name)
);

CREATE TABLE role_permissions (
  role_id ${T} NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  permission ${T} NOT NULL,
  PRIMARY KEY (role_id, permission)
);

CREATE TABLE user_organizations (
  id ${T} PRIMARY KEY,
  user_id ${T} NOT NULL REFERENCES users(id),
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  user_role ${T} NOT NULL,
  is_current integer NOT NULL DEFAULT 0,
  created_at ${T} NOT NULL,
  updated_at ${T} NOT NULL,
  UNIQUE (user_id, organization_id)
);
CREATE INDEX user_organizations_org ON user_organizations (organization_id, user_role);
CREATE INDEX user_organizations_current ON user_organizations (user_id, is_current);

CREATE TABLE modules (
  id ${T} PRIMARY KEY,
  name ${T} NOT NULL,
  category ${T} NOT NULL,
  description ${T} NOT NULL,
  endpoints ${T} NOT NULL DEFAULT '[]',
  read_permission_id ${T} NOT NULL,
  icon ${T} NOT NULL,
  position integer NOT NULL
);

CREATE TABLE organization_modules (
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  module_id ${T} NOT NULL REFERENCES modules(id),
  enabled integer NOT NULL DEFAULT 1,
  version integer NOT NULL DEFAULT 1,
  updated_at ${T} NOT NULL,
  PRIMARY KEY (organization_id, module_id)
);

CREATE TABLE refresh_tokens (
  id ${T} PRIMARY KEY,
  user_id ${T} NOT NULL REFERENCES users(id),
  family_id ${T} NOT NULL,
  token_hash ${T} NOT NULL UNIQUE,
  expires_at ${T} NOT NULL,
  revoked_at ${T},
  replaced_by ${T},
  created_at ${T} NOT NULL
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user ON refresh_tokens (user_id);

CREATE TABLE audit_logs (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  actor_id ${T},
  action ${T} NOT NULL,
  resource_type ${T} NOT NULL,
  resource_id ${T},
  before_value ${T},
  after_value ${T},
  request_id ${T},
  created_at ${T} NOT NULL
);
CREATE INDEX audit_logs_org_time ON audit_logs (organization_id, created_at);

CREATE TABLE settings (
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  key ${T} NOT NULL,
  value ${T} NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_at ${T} NOT NULL,
  PRIMARY KEY (organization_id, key)
);

CREATE TABLE user_preferences (
  user_id ${T} PRIMARY KEY REFERENCES users(id),
  value ${T} NOT NULL,
  updated_at ${T} NOT NULL
);
`;
