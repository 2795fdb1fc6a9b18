/**
 * Enterprise projects (issue 14): the enterprise view's fields on projects
 * (phase, complexity, risk, approval and archive status; spec 001 §3), phases
 * as the project's child rows, each member's allocation and weekly capacity
 * (allocation defaults to hourly_rate / 10, rounded: spec 001 §5), a task's
 * start date and phase, and the tables of versions, approval workflows and
 * their runs, archives and per-project precomputed analytics summaries.
 */
export default `
ALTER TABLE projects ADD COLUMN current_phase TEXT NOT NULL DEFAULT 'planning';
ALTER TABLE projects ADD COLUMN complexity_score INTEGER NOT NULL DEFAULT 5;
ALTER TABLE projects ADD COLUMN risk_level TEXT NOT NULL DEFAULT 'medium';
ALTER TABLE projects ADD COLUMN approval_status TEXT NOT NULL DEFAULT 'approved';
ALTER TABLE projects ADD COLUMN archive_status TEXT NOT NULL DEFAULT 'active';
CREATE INDEX projects_archive_status ON projects (organization_id, archive_status);
CREATE INDEX projects_current_phase ON projects (organization_id, current_phase);
CREATE INDEX projects_risk_level ON projects (organization_id, risk_level);
CREATE INDEX projects_approval_status ON projects (organization_id, approval_status);

ALTER TABLE project_members ADD COLUMN allocation_percent REAL NOT NULL DEFAULT 0;
ALTER TABLE project_members ADD COLUMN capacity_hours REAL NOT NULL DEFAULT 40;
UPDATE project_members SET allocation_percent = ROUND(hourly_rate / 10.0);

CREATE TABLE project_phases (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  project_id TEXT NOT NULL REFERENCES projects(id),
  idx INTEGER NOT NULL,
  phase TEXT NOT NULL DEFAULT '',
  start_date TEXT,
  end_date TEXT,
  status TEXT NOT NULL DEFAULT ''
);
CREATE INDEX project_phases_parent ON project_phases (project_id, idx);
CREATE INDEX project_phases_organization ON project_phases (organization_id, project_id);

ALTER TABLE tasks ADD COLUMN start_date TEXT;
ALTER TABLE tasks ADD COLUMN phase_id TEXT NOT NULL DEFAULT '';
CREATE INDEX tasks_start_date ON tasks (organization_id, start_date);
CREATE INDEX task_dependencies_target ON task_dependencies (depends_on);

CREATE TABLE project_versions (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  project_id TEXT NOT NULL REFERENCES projects(id),
  version_number INTEGER NOT NULL,
  change_summary TEXT NOT NULL DEFAULT '',
  snapshot TEXT NOT NULL,
  rolled_back_from INTEGER,
  rollback_reason TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  created_by TEXT REFERENCES users(id),
  UNIQUE (project_id, version_number)
);
CREATE INDEX project_versions_organization ON project_versions (organization_id, project_id);

CREATE TABLE approval_workflows (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  created_by TEXT,
  updated_at TEXT NOT NULL,
  updated_by TEXT,
  description TEXT NOT NULL DEFAULT '',
  active INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX approval_workflows_name ON approval_workflows (organization_id, name);
CREATE INDEX approval_workflows_list ON approval_workflows (organization_id, name, id);
CREATE INDEX approval_workflows_active ON approval_workflows (organization_id, active);

CREATE TABLE approval_workflow_steps (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  workflow_id TEXT NOT NULL REFERENCES approval_workflows(id),
  idx INTEGER NOT NULL,
  step_name TEXT NOT NULL DEFAULT '',
  approver_role TEXT NOT NULL DEFAULT '',
  min_budget REAL NOT NULL DEFAULT 0,
  min_risk_level TEXT NOT NULL DEFAULT ''
);
CREATE INDEX approval_workflow_steps_parent ON approval_workflow_steps (workflow_id, idx);
CREATE INDEX approval_workflow_steps_organization ON approval_workflow_steps (organization_id, workflow_id);

CREATE TABLE project_approvals (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  project_id TEXT NOT NULL REFERENCES projects(id),
  workflow_id TEXT NOT NULL REFERENCES approval_workflows(id),
  status TEXT NOT NULL,
  current_step INTEGER NOT NULL DEFAULT 0,
  submitted_by TEXT REFERENCES users(id),
  submitted_at TEXT NOT NULL,
  decided_at TEXT
);
CREATE INDEX project_approvals_project ON project_approvals (organization_id, project_id, submitted_at);

CREATE TABLE project_approval_actions (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  approval_id TEXT NOT NULL REFERENCES project_approvals(id),
  step_idx INTEGER NOT NULL,
  action TEXT NOT NULL,
  comments TEXT NOT NULL DEFAULT '',
  acted_by TEXT REFERENCES users(id),
  acted_at TEXT NOT NULL
);
CREATE INDEX project_approval_actions_approval ON project_approval_actions (approval_id, acted_at);

CREATE TABLE project_archives (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  project_id TEXT NOT NULL,
  project_name TEXT NOT NULL,
  strategy TEXT NOT NULL,
  status TEXT NOT NULL,
  payload TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  created_by TEXT REFERENCES users(id),
  restored_at TEXT,
  restored_by TEXT REFERENCES users(id)
);
CREATE INDEX project_archives_organization ON project_archives (organization_id, created_at);

CREATE TABLE project_summary_views (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  project_id TEXT NOT NULL REFERENCES projects(id),
  view_id TEXT NOT NULL,
  payload TEXT NOT NULL,
  source_stamp TEXT NOT NULL,
  refreshed_at TEXT NOT NULL,
  refresh_ms REAL NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, view_id)
);
CREATE INDEX project_summary_views_organization ON project_summary_views (organization_id, project_id);
`;
