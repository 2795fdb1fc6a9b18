/** PostgreSQL text of migration 012: today's records move onto the record engine (see ../012_record_types.ts). */
import { T } from "./types.ts";
import { TYPE_MASTER_ROWS } from "../012_record_types.ts";

export default `
ALTER TABLE tasks ADD COLUMN name ${T} NOT NULL DEFAULT '';
ALTER TABLE tasks ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tasks ADD COLUMN created_by ${T};
ALTER TABLE tasks ADD COLUMN updated_by ${T};
UPDATE tasks SET name = 'TSK-' || n.year || '-' || lpad(CAST(n.seq AS text), GREATEST(5, length(CAST(n.seq AS text))), '0')
  FROM (SELECT id, substr(created_at, 1, 4) AS year,
               row_number() OVER (PARTITION BY organization_id, substr(created_at, 1, 4)
                                  ORDER BY created_at, id) AS seq
          FROM tasks) AS n
 WHERE n.id = tasks.id;
INSERT INTO naming_series (organization_id, prefix, current)
  SELECT organization_id, 'TSK-' || substr(created_at, 1, 4) || '-', COUNT(*)
    FROM tasks GROUP BY organization_id, substr(created_at, 1, 4);

UPDATE tasks SET tags = COALESCE((SELECT string_agg(e.value, ', ' ORDER BY e.ord)
                                    FROM jsonb_array_elements_text(CAST(tasks.tags AS jsonb)) WITH ORDINALITY AS e(value, ord)), '')
 WHERE tags LIKE '[%';
ALTER TABLE tasks ALTER COLUMN tags SET DEFAULT '';

CREATE TABLE task_dependencies (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  task_id ${T} NOT NULL REFERENCES tasks(id),
  idx INTEGER NOT NULL,
  depends_on ${T}
);
INSERT INTO task_dependencies (id, organization_id, task_id, idx, depends_on)
  SELECT t.id || '.' || (d.ord - 1), t.organization_id, t.id, d.ord - 1, d.value
    FROM tasks t CROSS JOIN LATERAL jsonb_array_elements_text(CAST(t.dependencies AS jsonb)) WITH ORDINALITY AS d(value, ord)
   WHERE t.dependencies LIKE '[%';
ALTER TABLE tasks DROP COLUMN dependencies;
CREATE INDEX task_dependencies_parent ON task_dependencies (task_id, idx);

CREATE UNIQUE INDEX tasks_name ON tasks (organization_id, name);
DROP INDEX tasks_org_due;
CREATE INDEX tasks_list ON tasks (organization_id, due_date, id);
CREATE INDEX tasks_title ON tasks (organization_id, title);
CREATE INDEX tasks_project_id ON tasks (organization_id, project_id);
CREATE INDEX tasks_priority ON tasks (organization_id, priority);
CREATE INDEX tasks_is_milestone ON tasks (organization_id, is_milestone);

ALTER TABLE projects ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE projects ADD COLUMN created_by ${T};
ALTER TABLE projects ADD COLUMN updated_by ${T};
CREATE INDEX projects_list ON projects (organization_id, name, id);
CREATE INDEX projects_client_id ON projects (organization_id, client_id);
CREATE INDEX projects_project_type ON projects (organization_id, project_type);
CREATE INDEX projects_project_manager_id ON projects (organization_id, project_manager_id);
CREATE INDEX projects_start_date ON projects (organization_id, start_date);
CREATE INDEX projects_end_date ON projects (organization_id, end_date);

CREATE TABLE project_member_rows (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  project_id ${T} NOT NULL REFERENCES projects(id),
  idx INTEGER NOT NULL,
  user_id ${T} NOT NULL REFERENCES users(id),
  role ${T} NOT NULL DEFAULT '',
  hourly_rate double precision NOT NULL DEFAULT 0,
  added_at ${T}
);
INSERT INTO project_member_rows (id, organization_id, project_id, idx, user_id, role, hourly_rate, added_at)
  SELECT project_id || '.' || user_id, organization_id, project_id,
         row_number() OVER (PARTITION BY project_id ORDER BY added_at, user_id) - 1,
         user_id, role, hourly_rate, added_at
    FROM project_members;
DROP TABLE project_members;
ALTER TABLE project_member_rows RENAME TO project_members;
CREATE INDEX project_members_parent ON project_members (project_id, idx);
CREATE INDEX project_members_organization ON project_members (organization_id, project_id);

ALTER TABLE leads ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE leads ADD COLUMN created_by ${T};
ALTER TABLE leads ADD COLUMN updated_by ${T};
ALTER TABLE leads ADD COLUMN client_id ${T};
CREATE INDEX leads_list ON leads (organization_id, created_at, id);
CREATE INDEX leads_name ON leads (organization_id, name);
CREATE INDEX leads_company ON leads (organization_id, company);
CREATE INDEX leads_source ON leads (organization_id, source);
CREATE INDEX leads_score ON leads (organization_id, score);
CREATE INDEX leads_estimated_value ON leads (organization_id, estimated_value);
CREATE INDEX leads_assigned_to ON leads (organization_id, assigned_to);
CREATE INDEX leads_client_id ON leads (organization_id, client_id);

ALTER TABLE clients ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE clients ADD COLUMN created_by ${T};
ALTER TABLE clients ADD COLUMN updated_by ${T};
DROP INDEX clients_org;
CREATE INDEX clients_list ON clients (organization_id, name, id);
CREATE INDEX clients_industry ON clients (organization_id, industry);
CREATE INDEX clients_status ON clients (organization_id, status);

ALTER TABLE project_templates ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE project_templates ADD COLUMN created_by ${T};
ALTER TABLE project_templates ADD COLUMN updated_at ${T} NOT NULL DEFAULT '';
ALTER TABLE project_templates ADD COLUMN updated_by ${T};
UPDATE project_templates SET updated_at = created_at;
CREATE INDEX project_templates_list ON project_templates (organization_id, category, id);

CREATE TABLE items (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  name ${T} NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at ${T} NOT NULL,
  created_by ${T},
  updated_at ${T} NOT NULL,
  updated_by ${T},
  item_type ${T} NOT NULL DEFAULT '',
  rate double precision NOT NULL DEFAULT 0,
  unit ${T} NOT NULL DEFAULT '',
  tax_rate double precision NOT NULL DEFAULT 0,
  description ${T} NOT NULL DEFAULT '',
  active INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX items_name_unique ON items (organization_id, name);
CREATE INDEX items_list ON items (organization_id, name, id);
CREATE INDEX items_item_type ON items (organization_id, item_type);
CREATE INDEX items_rate ON items (organization_id, rate);
CREATE INDEX items_active ON items (organization_id, active);

CREATE TABLE type_masters (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  name ${T} NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at ${T} NOT NULL,
  created_by ${T},
  updated_at ${T} NOT NULL,
  updated_by ${T},
  kind ${T} NOT NULL DEFAULT '',
  code ${T} NOT NULL DEFAULT '',
  label ${T} NOT NULL DEFAULT '',
  tone ${T} NOT NULL DEFAULT '',
  position INTEGER NOT NULL DEFAULT 0,
  active INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX type_masters_code ON type_masters (organization_id, kind, code);
CREATE INDEX type_masters_list ON type_masters (organization_id, kind, id);
CREATE INDEX type_masters_active ON type_masters (organization_id, active);
INSERT INTO type_masters (id, organization_id, name, version, created_at, updated_at, kind, code, label, tone, position, active)
  WITH d (n, kind, code, label, tone, position) AS (VALUES
  ${TYPE_MASTER_ROWS}
  )
  SELECT 'tym_' || o.id || '_' || d.n, o.id, d.code, 1, o.created_at, o.created_at,
         d.kind, d.code, d.label, d.tone, d.position, 1
    FROM organizations o CROSS JOIN d;

CREATE TABLE documents (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  name ${T} NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at ${T} NOT NULL,
  created_by ${T},
  updated_at ${T} NOT NULL,
  updated_by ${T},
  title ${T} NOT NULL DEFAULT '',
  file ${T} NOT NULL DEFAULT '',
  record_type ${T} NOT NULL DEFAULT '',
  record_id ${T} NOT NULL DEFAULT '',
  size INTEGER NOT NULL DEFAULT 0,
  content_type ${T} NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX documents_name ON documents (organization_id, name);
CREATE INDEX documents_list ON documents (organization_id, created_at, id);
CREATE INDEX documents_title ON documents (organization_id, title);
CREATE INDEX documents_record_type ON documents (organization_id, record_type, record_id);
CREATE INDEX documents_record_id ON documents (organization_id, record_id);
`;
