/**
 * Every organisation-scoped table carries organization_id, so rows can be placed
 * (and later sharded) by organisation without a join: project members take their
 * project's, role permissions their role's. SQLite cannot make an added column
 * NOT NULL, so both tables are rebuilt (new table, copy, drop, rename, indexes),
 * keeping their keys and role_permissions' ON DELETE CASCADE.
 */
export default `
CREATE TABLE project_members_scoped (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  project_id TEXT NOT NULL REFERENCES projects(id),
  user_id TEXT NOT NULL REFERENCES users(id),
  role TEXT NOT NULL,
  hourly_rate REAL NOT NULL DEFAULT 0,
  added_at TEXT NOT NULL,
  PRIMARY KEY (project_id, user_id)
);
INSERT INTO project_members_scoped (organization_id, project_id, user_id, role, hourly_rate, added_at)
  SELECT p.organization_id, pm.project_id, pm.user_id, pm.role, pm.hourly_rate, pm.added_at
    FROM project_members pm JOIN projects p ON p.id = pm.project_id;
DROP TABLE project_members;
ALTER TABLE project_members_scoped RENAME TO project_members;
CREATE INDEX project_members_organization ON project_members (organization_id, project_id);

CREATE TABLE role_permissions_scoped (
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  role_id TEXT NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  permission TEXT NOT NULL,
  PRIMARY KEY (role_id, permission)
);
INSERT INTO role_permissions_scoped (organization_id, role_id, permission)
  SELECT r.organization_id, rp.role_id, rp.permission
    FROM role_permissions rp JOIN roles r ON r.id = rp.role_id;
DROP TABLE role_permissions;
ALTER TABLE role_permissions_scoped RENAME TO role_permissions;
CREATE INDEX role_permissions_organization ON role_permissions (organization_id, role_id);
`;
