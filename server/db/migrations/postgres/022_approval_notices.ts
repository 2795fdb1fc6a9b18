/** PostgreSQL text of migration 022: approval notices (see ../022_approval_notices.ts). */
import { T } from "./types.ts";

export default `
ALTER TABLE approval_workflow_steps ADD COLUMN approver_user_id ${T};
ALTER TABLE project_approvals ADD COLUMN assigned_to ${T} REFERENCES users(id);
UPDATE projects SET approval_status = 'not_submitted'
 WHERE approval_status = 'approved'
   AND NOT EXISTS (SELECT 1 FROM project_approvals a
                    WHERE a.project_id = projects.id AND a.status = 'approved');
CREATE INDEX project_approvals_open ON project_approvals (organization_id, status, current_step);

ALTER TABLE notifications ADD COLUMN link ${T} NOT NULL DEFAULT '';
ALTER TABLE notifications ADD COLUMN params ${T} NOT NULL DEFAULT '';
ALTER TABLE notifications ADD COLUMN notice_key ${T};
CREATE UNIQUE INDEX notifications_notice_key ON notifications (user_id, notice_key);
`;
