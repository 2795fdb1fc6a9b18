/**
 * Project progress analytics: sprints, a task status history kept by triggers (so
 * every write path records it), time logs and progress updates, plus the covering
 * indexes the analytics and dashboard aggregations read from.
 *
 * Per-day series group by plain `*_on` date columns kept beside the timestamps:
 * SQLite never treats an expression or generated column as covering, and sorting
 * `substr(changed_at, 1, 10)` in a temporary B-tree costs several times the scan.
 */
export default `
CREATE TABLE sprints (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  project_id TEXT NOT NULL REFERENCES projects(id),
  name TEXT NOT NULL,
  goal TEXT NOT NULL DEFAULT '',
  start_date TEXT NOT NULL,
  end_date TEXT NOT NULL,
  planned_story_points INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL,
  CHECK (end_date >= start_date)
);
CREATE INDEX sprints_project ON sprints (project_id, end_date, start_date);

ALTER TABLE tasks ADD COLUMN sprint_id TEXT REFERENCES sprints(id);

DROP INDEX tasks_project_status;
CREATE INDEX tasks_project_breakdown ON tasks
  (project_id, status, priority, assignee_id, estimated_hours, story_points);
CREATE INDEX tasks_project_open_due ON tasks (project_id, due_date) WHERE status <> 'completed';
CREATE INDEX tasks_project_milestones ON tasks (project_id, status) WHERE is_milestone = 1;
CREATE INDEX tasks_project_completion ON tasks
  (project_id, status, completed_at, story_points, estimated_hours, assignee_id, started_at);
CREATE INDEX tasks_sprint ON tasks (sprint_id, status, completed_at, story_points);
CREATE INDEX tasks_org_created ON tasks (organization_id, created_at);
CREATE INDEX tasks_org_completion ON tasks
  (organization_id, status, completed_at, project_id, story_points);
CREATE INDEX leads_org_created ON leads (organization_id, created_at, status, estimated_value);

CREATE TABLE task_status_history (
  id INTEGER PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  project_id TEXT REFERENCES projects(id),
  task_id TEXT NOT NULL REFERENCES tasks(id),
  from_status TEXT,
  to_status TEXT NOT NULL,
  changed_at TEXT NOT NULL,
  changed_on TEXT NOT NULL
);
CREATE INDEX task_status_history_project ON task_status_history
  (project_id, changed_on, from_status, to_status);
CREATE INDEX task_status_history_rework ON task_status_history
  (project_id, from_status, to_status, task_id);
CREATE INDEX task_status_history_task ON task_status_history (task_id, changed_on, from_status, to_status);

-- A task's creation and every change of its status are recorded, whoever writes them.
-- A change is dated by the task's new updated_at when the writer moved it, else now.
CREATE TRIGGER tasks_status_history_insert AFTER INSERT ON tasks
BEGIN
  INSERT INTO task_status_history
    (organization_id, project_id, task_id, from_status, to_status, changed_at, changed_on)
  VALUES (new.organization_id, new.project_id, new.id, NULL, new.status, new.created_at,
    substr(new.created_at, 1, 10));
END;

CREATE TRIGGER tasks_status_history_update AFTER UPDATE OF status ON tasks
WHEN old.status IS NOT new.status
BEGIN
  INSERT INTO task_status_history
    (organization_id, project_id, task_id, from_status, to_status, changed_at, changed_on)
  VALUES (new.organization_id, new.project_id, new.id, old.status, new.status,
    CASE WHEN new.updated_at IS NOT old.updated_at THEN new.updated_at
         ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END,
    substr(CASE WHEN new.updated_at IS NOT old.updated_at THEN new.updated_at
         ELSE strftime('%Y-%m-%dT%H:%M:%fZ', 'now') END, 1, 10));
END;

CREATE TABLE time_logs (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  project_id TEXT REFERENCES projects(id),
  task_id TEXT NOT NULL REFERENCES tasks(id),
  user_id TEXT NOT NULL REFERENCES users(id),
  hours REAL NOT NULL CHECK (hours > 0 AND hours <= 24),
  logged_on TEXT NOT NULL,
  notes TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL
);
CREATE INDEX time_logs_project ON time_logs (project_id, logged_on, user_id, task_id, hours);
CREATE INDEX time_logs_org ON time_logs (organization_id, logged_on, project_id, hours);
CREATE INDEX time_logs_task ON time_logs (task_id, user_id);

CREATE TABLE progress_updates (
  id TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  project_id TEXT NOT NULL REFERENCES projects(id),
  progress_percentage REAL NOT NULL CHECK (progress_percentage BETWEEN 0 AND 100),
  notes TEXT NOT NULL DEFAULT '',
  created_by TEXT REFERENCES users(id),
  created_at TEXT NOT NULL
);
CREATE INDEX progress_updates_project ON progress_updates (project_id, created_at);
CREATE INDEX progress_updates_org ON progress_updates (organization_id, created_at);
`;
