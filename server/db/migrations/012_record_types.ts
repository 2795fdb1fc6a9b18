/**
 * Today's records move onto the record engine (server/records/types/): tasks,
 * projects, project templates, leads and clients get the engine's standard columns (name, version,
 * created_by, updated_by) and the indexes their declared lists filter and sort
 * by; existing tasks are numbered TSK-<year>-<n> per organisation in creation
 * order, with the counters left in naming_series. A task's tags become
 * comma-separated text and its dependencies child rows; project members become
 * child rows (id, idx). Items, type masters and documents get their tables, and
 * every organisation its default type master rows. Columns other code reads keep
 * their names; declarations map fields onto them. SQLite cannot add a NOT NULL
 * column without a default, so added columns default and are backfilled.
 */
/**
 * The default type master rows as they were when this migration was written
 * (registration gives later organisations theirs from
 * server/records/types/type-master-defaults.ts, with the same ids):
 * `(n, kind, code, label, tone, position)`, the id being `tym_<organisation id>_<n>`.
 */
export const TYPE_MASTER_ROWS = `(1, 'task_status', 'todo', 'To do', 'neutral', 1),
  (2, 'task_status', 'in_progress', 'In progress', 'info', 2),
  (3, 'task_status', 'review', 'In review', 'warning', 3),
  (4, 'task_status', 'blocked', 'Blocked', 'danger', 4),
  (5, 'task_status', 'completed', 'Completed', 'success', 5),
  (6, 'lead_source', 'website', 'Website', 'info', 1),
  (7, 'lead_source', 'referral', 'Referral', 'success', 2),
  (8, 'lead_source', 'event', 'Event', 'neutral', 3),
  (9, 'lead_source', 'cold_outreach', 'Cold outreach', 'neutral', 4),
  (10, 'lead_source', 'partner', 'Partner', 'success', 5),
  (11, 'lead_source', 'social', 'Social media', 'info', 6),
  (12, 'project_type', 'software_development', 'Software development', 'neutral', 1),
  (13, 'project_type', 'analytics', 'Analytics', 'neutral', 2),
  (14, 'project_type', 'consulting', 'Consulting', 'neutral', 3),
  (15, 'project_type', 'marketing', 'Marketing', 'neutral', 4),
  (16, 'project_type', 'internal', 'Internal', 'neutral', 5),
  (17, 'project_type', 'design', 'Design', 'neutral', 6),
  (18, 'project_type', 'research', 'Research', 'neutral', 7),
  (19, 'expense_category', 'travel', 'Travel', 'neutral', 1),
  (20, 'expense_category', 'meals', 'Meals and entertainment', 'neutral', 2),
  (21, 'expense_category', 'lodging', 'Lodging', 'neutral', 3),
  (22, 'expense_category', 'software', 'Software and subscriptions', 'neutral', 4),
  (23, 'expense_category', 'hardware', 'Hardware', 'neutral', 5),
  (24, 'expense_category', 'office_supplies', 'Office supplies', 'neutral', 6),
  (25, 'expense_category', 'training', 'Training', 'neutral', 7),
  (26, 'expense_category', 'professional_services', 'Professional services', 'neutral', 8),
  (27, 'expense_category', 'marketing', 'Marketing', 'neutral', 9),
  (28, 'leave_type', 'annual', 'Annual leave', 'success', 1),
  (29, 'leave_type', 'sick', 'Sick leave', 'warning', 2),
  (30, 'leave_type', 'parental', 'Parental leave', 'info', 3),
  (31, 'leave_type', 'bereavement', 'Bereavement leave', 'neutral', 4),
  (32, 'leave_type', 'study', 'Study leave', 'info', 5),
  (33, 'leave_type', 'unpaid', 'Unpaid leave', 'neutral', 6)`;

export default `
ALTER TABLE tasks ADD COLUMN name TEXT NOT NULL DEFAULT '';
ALTER TABLE tasks ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tasks ADD COLUMN created_by TEXT;
ALTER TABLE tasks ADD COLUMN updated_by TEXT;
UPDATE tasks SET name = 'TSK-' || n.year || '-' || printf('%05d', n.seq)
  FROM (SELECT id, substr(created_at, 1, 4) AS year,
               row_number() OVER (PARTITION BY organization_id, substr(created_at, 1, 4)
                                  ORDER BY created_at, id) AS seq
          FROM tasks) AS n
 WHERE n.id = tasks.id;
INSERT INTO naming_series (organization_id, prefix, current)
  SELECT organization_id, 'TSK-' || substr(created_at, 1, 4) || '-', COUNT(*)
    FROM tasks GROUP BY organization_id, substr(created_at, 1, 4);

ALTER TABLE tasks ADD COLUMN tag_list TEXT NOT NULL DEFAULT '';
UPDATE tasks SET tag_list = COALESCE((SELECT group_concat(value, ', ') FROM json_each(tasks.tags)), '')
 WHERE json_valid(tags) AND json_type(tags) = 'array';
ALTER TABLE tasks DROP COLUMN tags;
ALTER TABLE tasks RENAME COLUMN tag_list TO tags;

CREATE TABLE task_dependencies (
  id TEXT PRIMARY KEY NOT NULL,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  task_id TEXT NOT NULL REFERENCES tasks(id),
  idx INTEGER NOT NULL,
  depends_on TEXT
);
INSERT INTO task_dependencies (id, organization_id, task_id, idx, depends_on)
  SELECT t.id || '.' || d.key, t.organization_id, t.id, d.key, d.value
    FROM tasks t, json_each(t.dependencies) d
   WHERE json_valid(t.dependencies) AND json_type(t.dependencies) = 'array';
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
ALTER TABLE projects ADD COLUMN created_by TEXT;
ALTER TABLE projects ADD COLUMN updated_by TEXT;
CREATE INDEX projects_list ON projects (organization_id, name, id);
CREATE INDEX projects_client_id ON projects (organization_id, client_id);
CREATE INDEX projects_project_type ON projects (organization_id, project_type);
CREATE INDEX projects_project_manager_id ON projects (organization_id, project_manager_id);
CREATE INDEX projects_start_date ON projects (organization_id, start_date);
CREATE INDEX projects_end_date ON projects (organization_id, end_date);

CREATE TABLE project_member_rows (
  id TEXT PRIMARY KEY NOT NULL,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  project_id TEXT NOT NULL REFERENCES projects(id),
  idx INTEGER NOT NULL,
  user_id TEXT NOT NULL REFERENCES users(id),
  role TEXT NOT NULL DEFAULT '',
  hourly_rate REAL NOT NULL DEFAULT 0,
  added_at TEXT
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
ALTER TABLE leads ADD COLUMN created_by TEXT;
ALTER TABLE leads ADD COLUMN updated_by TEXT;
ALTER TABLE leads ADD COLUMN client_id TEXT;
CREATE INDEX leads_list ON leads (organization_id, created_at, id);
CREATE INDEX leads_name ON leads (organization_id, name);
CREATE INDEX leads_company ON leads (organization_id, company);
CREATE INDEX leads_source ON leads (organization_id, source);
CREATE INDEX leads_score ON leads (organization_id, score);
CREATE INDEX leads_estimated_value ON leads (organization_id, estimated_value);
CREATE INDEX leads_assigned_to ON leads (organization_id, assigned_to);
CREATE INDEX leads_client_id ON leads (organization_id, client_id);

ALTER TABLE clients ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE clients ADD COLUMN created_by TEXT;
ALTER TABLE clients ADD COLUMN updated_by TEXT;
DROP INDEX clients_org;
CREATE INDEX clients_list ON clients (organization_id, name, id);
CREATE INDEX clients_industry ON clients (organization_id, industry);
CREATE INDEX clients_status ON clients (organization_id, status);

ALTER TABLE project_templates ADD COLUMN version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE project_templates ADD COLUMN created_by TEXT;
ALTER TABLE project_templates ADD COLUMN updated_at TEXT NOT NULL DEFAULT '';
ALTER TABLE project_templates ADD COLUMN updated_by TEXT;
UPDATE project_templates SET updated_at = created_at;
CREATE INDEX project_templates_list ON project_templates (organization_id, category, id);

CREATE TABLE items (
  id TEXT PRIMARY KEY NOT NULL,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  created_by TEXT,
  updated_at TEXT NOT NULL,
  updated_by TEXT,
  item_type TEXT NOT NULL DEFAULT '',
  rate REAL NOT NULL DEFAULT 0,
  unit TEXT NOT NULL DEFAULT '',
  tax_rate REAL NOT NULL DEFAULT 0,
  description TEXT NOT NULL DEFAULT '',
  active INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX items_name_unique ON items (organization_id, name);
CREATE INDEX items_list ON items (organization_id, name, id);
CREATE INDEX items_item_type ON items (organization_id, item_type);
CREATE INDEX items_rate ON items (organization_id, rate);
CREATE INDEX items_active ON items (organization_id, active);

CREATE TABLE type_masters (
  id TEXT PRIMARY KEY NOT NULL,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  created_by TEXT,
  updated_at TEXT NOT NULL,
  updated_by TEXT,
  kind TEXT NOT NULL DEFAULT '',
  code TEXT NOT NULL DEFAULT '',
  label TEXT NOT NULL DEFAULT '',
  tone TEXT NOT NULL DEFAULT '',
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
  id TEXT PRIMARY KEY NOT NULL,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  created_by TEXT,
  updated_at TEXT NOT NULL,
  updated_by TEXT,
  title TEXT NOT NULL DEFAULT '',
  file TEXT NOT NULL DEFAULT '',
  record_type TEXT NOT NULL DEFAULT '',
  record_id TEXT NOT NULL DEFAULT '',
  size INTEGER NOT NULL DEFAULT 0,
  content_type TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX documents_name ON documents (organization_id, name);
CREATE INDEX documents_list ON documents (organization_id, created_at, id);
CREATE INDEX documents_title ON documents (organization_id, title);
CREATE INDEX documents_record_type ON documents (organization_id, record_type, record_id);
CREATE INDEX documents_record_id ON documents (organization_id, record_id);
`;
