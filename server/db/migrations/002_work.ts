/** Projects, tasks, notifications, leads and the records the shell calls read. */
export default `
CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  client_id TEXT REFERENCES clients(id),
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL,
  project_type TEXT NOT NULL DEFAULT 'software_development',
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  project_manager_id TEXT REFERENCES users(id),
  budget REAL NOT NULL DEFAULT 0,
  estimated_hours REAL NOT NULL DEFAULT 0,
  priority INTEGER NOT NULL DEFAULT 2,
  tags TEXT NOT NULL DEFAULT '[]',
  custom_fields TEXT NOT NULL DEFAULT '{}',
  progress_percentage REAL NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX projects_org_status ON projects (organization_id, status, name);

CREATE TABLE project_members (
  project_id TEXT NOT NULL REFERENCES projects(id),
  user_id TEXT NOT NULL REFERENCES users(id),
  role TEXT NOT NULL,
  hourly_rate REAL NOT NULL DEFAULT 0,
  added_at TEXT NOT NULL,
  PRIMARY KEY (project_id, user_id)
);

CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  project_id TEXT REFERENCES projects(id),
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL,
  priority INTEGER NOT NULL DEFAULT 2 CHECK (priority BETWEEN 1 AND 4),
  assignee_id TEXT REFERENCES users(id),
  estimated_hours REAL NOT NULL DEFAULT 0,
  actual_hours REAL NOT NULL DEFAULT 0,
  story_points INTEGER NOT NULL DEFAULT 0,
  progress_percentage REAL NOT NULL DEFAULT 0,
  due_date TEXT,
  started_at TEXT,
  completed_at TEXT,
  tags TEXT NOT NULL DEFAULT '[]',
  dependencies TEXT NOT NULL DEFAULT '[]',
  is_milestone INTEGER NOT NULL DEFAULT 0,
  is_billable INTEGER NOT NULL DEFAULT 1,
  custom_fields TEXT NOT NULL DEFAULT '{}',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX tasks_org_due ON tasks (organization_id, due_date);
CREATE INDEX tasks_org_assignee ON tasks (organization_id, assignee_id, status);
CREATE INDEX tasks_project_status ON tasks (project_id, status, priority, estimated_hours);

CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  user_id TEXT NOT NULL REFERENCES users(id),
  title TEXT NOT NULL,
  message TEXT NOT NULL,
  category TEXT NOT NULL,
  read INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX notifications_user ON notifications (user_id, organization_id, created_at);

CREATE TABLE leads (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  company TEXT NOT NULL DEFAULT '',
  email TEXT NOT NULL DEFAULT '',
  phone TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL,
  status TEXT NOT NULL,
  score INTEGER NOT NULL DEFAULT 0,
  estimated_value REAL NOT NULL DEFAULT 0,
  assigned_to TEXT REFERENCES users(id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX leads_org_status ON leads (organization_id, status, source);

CREATE TABLE lead_assignments (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  lead_id TEXT NOT NULL REFERENCES leads(id),
  assigned_to TEXT REFERENCES users(id),
  assigned_by TEXT REFERENCES users(id),
  reason TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE INDEX lead_assignments_lead ON lead_assignments (lead_id, created_at);

CREATE TABLE project_templates (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  category TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  task_count INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);

CREATE TABLE client_errors (
  id TEXT PRIMARY KEY,
  organization_id TEXT,
  user_id TEXT,
  message TEXT NOT NULL,
  stack TEXT NOT NULL DEFAULT '',
  url TEXT NOT NULL DEFAULT '',
  component TEXT NOT NULL DEFAULT '',
  request_id TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE chat_feedback (
  id TEXT PRIMARY KEY,
  user_id TEXT,
  message_id TEXT NOT NULL,
  helpful INTEGER NOT NULL,
  content TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);

CREATE TABLE contact_requests (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  company TEXT NOT NULL DEFAULT '',
  message TEXT NOT NULL DEFAULT '',
  preferred_date TEXT,
  created_at TEXT NOT NULL
);
`;
