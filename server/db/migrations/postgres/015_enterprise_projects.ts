/** PostgreSQL text of migration 015: enterprise projects (see ../015_enterprise_projects.ts). */
import { T } from "./types.ts";

export default `
ALTER TABLE projects ADD COLUMN current_phase ${T} NOT NULL DEFAULT 'planning';
ALTER TABLE projects ADD COLUMN complexity_score INTEGER NOT NULL DEFAULT 5;
ALTER TABLE projects ADD COLUMN risk_level ${T} NOT NULL DEFAULT 'medium';
ALTER TABLE projects ADD COLUMN approval_status ${T} NOT NULL DEFAULT 'approved';
ALTER TABLE projects ADD COLUMN archive_status ${T} NOT NULL DEFAULT 'active';
CREATE INDEX projects_archive_status ON projects (organization_id, archive_status);
CREATE INDEX projects_current_phase ON projects (organization_id, current_phase);
CREATE INDEX projects_risk_level ON projects (organization_id, risk_level);
CREATE INDEX projects_approval_status ON projects (organization_id, approval_status);

ALTER TABLE project_members ADD COLUMN allocation_percent double precision NOT NULL DEFAULT 0;
ALTER TABLE project_members ADD COLUMN capacity_hours double precision NOT NULL DEFAULT 40;
UPDATE project_members SET allocation_percent = ROUND(CAST(hourly_rate AS numeric) / 10);

CREATE TABLE project_phases (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  project_id ${T} NOT NULL REFERENCES projects(id),
  idx INTEGER NOT NULL,
  phase ${T} NOT NULL DEFAULT '',
  start_date ${T},
  end_date ${T},
  status ${T} NOT NULL DEFAULT ''
);
CREATE INDEX project_phases_parent ON project_phases (project_id, idx);
CREATE INDEX project_phases_organization ON project_phases (organization_id, project_id);

ALTER TABLE tasks ADD COLUMN start_date ${T};
ALTER TABLE tasks ADD COLUMN phase_id ${T} NOT NULL DEFAULT '';
CREATE INDEX tasks_start_date ON tasks (organization_id, start_date);
CREATE INDEX task_dependencies_target ON task_dependencies (depends_on);

CREATE TABLE project_versions (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  project_id ${T} NOT NULL REFERENCES projects(id),
  version_number INTEGER NOT NULL,
  change_summary ${T} NOT NULL DEFAULT '',
  snapshot ${T} NOT NULL,
  rolled_back_from INTEGER,
  rollback_reason ${T} NOT NULL DEFAULT '',
  created_at ${T} NOT NULL,
  created_by ${T} REFERENCES users(id),
  UNIQUE (project_id, version_number)
);
CREATE INDEX project_versions_organization ON project_versions (organization_id, project_id);

CREATE TABLE approval_workflows (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  name ${T} NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at ${T} NOT NULL,
  created_by ${T},
  updated_at ${T} NOT NULL,
  updated_by ${T},
  description ${T} NOT NULL DEFAULT '',
  active INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX approval_workflows_name ON approval_workflows (organization_id, name);
CREATE INDEX approval_workflows_list ON approval_workflows (organization_id, name, id);
CREATE INDEX approval_workflows_active ON approval_workflows (organization_id, active);

CREATE TABLE approval_workflow_steps (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  workflow_id ${T} NOT NULL REFERENCES approval_workflows(id),
  idx INTEGER NOT NULL,
  step_name ${T} NOT NULL DEFAULT '',
  approver_role ${T} NOT NULL DEFAULT '',
  min_budget double precision NOT NULL DEFAULT 0,
  min_risk_level ${T} NOT NULL DEFAULT ''
);
CREATE INDEX approval_workflow_steps_parent ON approval_workflow_steps (workflow_id, idx);
CREATE INDEX approval_workflow_steps_organization ON approval_workflow_steps (organization_id, workflow_id);

CREATE TABLE project_approvals (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  project_id ${T} NOT NULL REFERENCES projects(id),
  workflow_id ${T} NOT NULL REFERENCES approval_workflows(id),
  status ${T} NOT NULL,
  current_step INTEGER NOT NULL DEFAULT 0,
  submitted_by ${T} REFERENCES users(id),
  submitted_at ${T} NOT NULL,
  decided_at ${T}
);
CREATE INDEX project_approvals_project ON project_approvals (organization_id, project_id, submitted_at);

CREATE TABLE project_approval_actions (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  approval_id ${T} NOT NULL REFERENCES project_approvals(id),
  step_idx INTEGER NOT NULL,
  action ${T} NOT NULL,
  comments ${T} NOT NULL DEFAULT '',
  acted_by ${T} REFERENCES users(id),
  acted_at ${T} NOT NULL
);
CREATE INDEX project_approval_actions_approval ON project_approval_actions (approval_id, acted_at);

CREATE TABLE project_archives (
  id ${T} PRIMARY KEY,
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  project_id ${T} NOT NULL,
  project_name ${T} NOT NULL,
  strategy ${T} NOT NULL,
  status ${T} NOT NULL,
  payload ${T} NOT NULL DEFAULT '',
  created_at ${T} NOT NULL,
  created_by ${T} REFERENCES users(id),
  restored_at ${T},
  restored_by ${T} REFERENCES users(id)
);
CREATE INDEX project_archives_organization ON project_archives (organization_id, created_at);

CREATE TABLE project_summary_views (
  organization_id ${T} NOT NULL REFERENCES organizations(id),
  project_id ${T} NOT NULL REFERENCES projects(id),
  view_id ${T} NOT NULL,
  payload ${T} NOT NULL,
  source_stamp ${T} NOT NULL,
  refreshed_at ${T} NOT NULL,
  refresh_ms double precision NOT NULL DEFAULT 0,
  PRIMARY KEY (project_id, view_id)
);
CREATE INDEX project_summary_views_organization ON project_summary_views (organization_id, project_id);
`;
