/** PostgreSQL text of migration 002: projects, tasks, notifications, leads and the records the shell calls read (see ../002_work.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE projects (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  client_id ${T} REFERENCES clients(id),
  name ${T} NOT NULL,
  description ${T} NOT NULL DEFAULT '',
  status ${T} NOT NULL,
  project_type ${T} NOT NULL DEFAULT 'software_development',
  start_date ${T} NOT NULL,
  end_date ${T} NOT NULL,
  project_manager_id ${T} REFERENCES users(id),
  budget double precision NOT NULL DEFAULT 0,
  estimated_hours double precision NOT NULL DEFAULT 0,
  priority integer NOT NULL DEFAULT 2,
  tags ${T} NOT NULL DEFAULT '[]',
  custom_fields ${T} NOT NULL DEFAULT '{}',
  progress_percentage double precision NOT NULL DEFAULT 0,
  created_at ${T} NOT NULL,
  updated_at ${T} NOT NULL
);
CREATE INDEX projects_org_status ON projects (organization_id, status, name);

CREATE TABLE project_members (
  project_id ${T} NOT NULL REFERENCES projects(id),
  user_id ${T} NOT NULL REFERENCES users(id),
  role ${T} NOT NULL,
  hourly_rate double precision NOT NULL DEFAULT 0,
  added_at ${T} NOT NULL,
  PRIMARY KEY (project_id, user_id)
);

CREATE TABLE tasks (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  project_id ${T} REFERENCES projects(id),
  title ${T} NOT NULL,
  description ${T} NOT NULL DEFAULT '',
  status ${T} NOT NULL,
  priority integer NOT NULL DEFAULT 2 CHECK (priority BETWEEN 1 AND 4),
  assignee_id ${T} REFERENCES users(id),
  estimated_hours double precision NOT NULL DEFAULT 0,
  actual_hours double precision NOT NULL DEFAULT 0,
  story_points integer NOT NULL DEFAULT 0,
  progress_percentage double precision NOT NULL DEFAULT 0,
  due_date ${T},
  started_at ${T},
  completed_at ${T},
  tags ${T} NOT NULL DEFAULT '[]',
  dependencies ${T} NOT NULL DEFAULT '[]',
  is_milestone integer NOT NULL DEFAULT 0,
  is_billable integer NOT NULL DEFAULT 1,
  custom_fields ${T} NOT NULL DEFAULT '{}',
  created_at ${T} NOT NULL,
  updated_at ${T} NOT NULL
);
CREATE INDEX tasks_org_due ON tasks (organization_id, due_date);
CREATE INDEX tasks_org_assignee ON tasks (organization_id, assignee_id, status);
CREATE INDEX tasks_project_status ON tasks (project_id, status, priority, estimated_hours);

CREATE TABLE notifications (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  user_id ${T} NOT NULL REFERENCES users(id),
  title ${T} NOT NULL,
  message ${T} NOT NULL,
  category ${T} NOT NULL,
  read integer NOT NULL DEFAULT 0,
  created_at ${T} NOT NULL
);
CREATE INDEX notifications_user ON notifications (user_id, organization_id, created_at);

CREATE TABLE leads (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  name ${T} NOT NULL,
  company ${T} NOT NULL DEFAULT '',
  email ${T} NOT NULL DEFAULT '',
  phone ${T} NOT NULL DEFAULT '',
  source ${T} NOT NULL,
  status ${T} NOT NULL,
  score integer NOT NULL DEFAULT 0,
  estimated_value double precision NOT NULL DEFAULT 0,
  assigned_to ${T} REFERENCES users(id),
  created_at ${T} NOT NULL,
  updated_at ${T} NOT NULL
);
CREATE INDEX leads_org_status ON leads (organization_id, status, source);

CREATE TABLE lead_assignments (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  lead_id ${T} NOT NULL REFERENCES leads(id),
  assigned_to ${T} REFERENCES users(id),
  assigned_by ${T} REFERENCES users(id),
  reason ${T} NOT NULL DEFAULT '',
  created_at ${T} NOT NULL
);
CREATE INDEX lead_assignments_lead ON lead_assignments (lead_id, created_at);

CREATE TABLE project_templates (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  name ${T} NOT NULL,
  category ${T} NOT NULL,
  description ${T} NOT NULL DEFAULT '',
  task_count integer NOT NULL DEFAULT 0,
  created_at ${T} NOT NULL
);

CREATE TABLE client_errors (
  id ${T} PRIMARY KEY,
  organization_id ${T},
  user_id ${T},
  message ${T} NOT NULL,
  stack ${T} NOT NULL DEFAULT '',
  url ${T} NOT NULL DEFAULT '',
  component ${T} NOT NULL DEFAULT '',
  request_id ${T},
  created_at ${T} NOT NULL
);

CREATE TABLE chat_feedback (
  id ${T} PRIMARY KEY,
  user_id ${T},
  message_id ${T} NOT NULL,
  helpful integer NOT NULL,
  content ${T} NOT NULL DEFAULT '',
  created_at ${T} NOT NULL
);

CREATE TABLE contact_requests (
  id ${T} PRIMARY KEY,
  kind ${T} NOT NULL,
  name ${T} NOT NULL,
  email ${T} NOT NULL,
  company ${T} NOT NULL DEFAULT '',
  message ${T} NOT NULL DEFAULT '',
  preferred_date ${T},
  created_at ${T} NOT NULL
);
`;
