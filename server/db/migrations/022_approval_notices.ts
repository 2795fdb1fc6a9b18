/**
 * Approvals that reach their approvers (issue 24): an approval step's approver is
 * a role or one named person (`approver_user_id`); an approval run's current step
 * may be reassigned to another person (`assigned_to`); projects never put through
 * a workflow that were stored as approved by the old starting value read not
 * submitted (the record's declared default, which every create writes; the
 * column's own default stays as it was on both databases, as SQLite cannot
 * change it in place). Notifications
 * carry the app path of their record (`link`), the typed values their message
 * names (`params`, JSON: dates and money formatted for the reader) and a key that
 * makes a notice about one waiting step reach each person once (`notice_key`).
 */
export default `
ALTER TABLE approval_workflow_steps ADD COLUMN approver_user_id TEXT;
ALTER TABLE project_approvals ADD COLUMN assigned_to TEXT REFERENCES users(id);
UPDATE projects SET approval_status = 'not_submitted'
 WHERE approval_status = 'approved'
   AND NOT EXISTS (SELECT 1 FROM project_approvals a
                    WHERE a.project_id = projects.id AND a.status = 'approved');
CREATE INDEX project_approvals_open ON project_approvals (organization_id, status, current_step);

ALTER TABLE notifications ADD COLUMN link TEXT NOT NULL DEFAULT '';
ALTER TABLE notifications ADD COLUMN params TEXT NOT NULL DEFAULT '';
ALTER TABLE notifications ADD COLUMN notice_key TEXT;
CREATE UNIQUE INDEX notifications_notice_key ON notifications (user_id, notice_key);
`;
