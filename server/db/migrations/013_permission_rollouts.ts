/**
 * The (default role, permission) pairs already rolled out to existing
 * organisations (see platform/access/permission-rollout.ts): a pair listed here is
 * never granted again, so an administrator's revocation stands. A database that
 * predates rollouts counts every read permission of its catalogue as rolled out
 * for every role name it has (those grants were in place; nothing is re-granted).
 */
export default `
CREATE TABLE permission_rollouts (
  role TEXT NOT NULL,
  permission TEXT NOT NULL,
  granted_at TEXT,
  PRIMARY KEY (role, permission)
);

INSERT INTO permission_rollouts (role, permission, granted_at)
  SELECT DISTINCT r.name, m.read_permission_id, NULL FROM roles r CROSS JOIN modules m;
`;
