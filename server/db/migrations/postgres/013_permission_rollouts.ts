/** PostgreSQL text of migration 013: permission rollouts (see ../013_permission_rollouts.ts). */
import { T } from "./types.ts";

export default `
CREATE TABLE permission_rollouts (
  role ${T} NOT NULL,
  permission ${T} NOT NULL,
  granted_at ${T},
  PRIMARY KEY (role, permission)
);

INSERT INTO permission_rollouts (role, permission, granted_at)
  SELECT DISTINCT r.name, m.read_permission_id, CAST(NULL AS text) FROM roles r CROSS JOIN modules m;
`;
