/** PostgreSQL text of migration 009: organization_id on project members and role permissions (see ../009_organization_scope.ts). */
import { T } from "./types.ts";

export default `
ALTER TABLE project_members ADD COLUMN organization_id ${T} REFERENCES organizations(id);
UPDATE project_members pm SET organization_id = p.organization_id FROM projects p WHERE p.id = pm.project_id;
ALTER TABLE project_members ALTER COLUMN organization_id SET NOT NULL;
CREATE INDEX project_members_organization ON project_members (organization_id, project_id);

ALTER TABLE role_permissions ADD COLUMN organization_id ${T} REFERENCES organizations(id);
UPDATE role_permissions rp SET organization_id = r.organization_id FROM roles r WHERE r.id = rp.role_id;
ALTER TABLE role_permissions ALTER COLUMN organization_id SET NOT NULL;
CREATE INDEX role_permissions_organization ON role_permissions (organization_id, role_id);
`;
