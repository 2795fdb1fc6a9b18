/** PostgreSQL text of migration 024: saved views that may be shared (see ../024_shared_views.ts). */
import { T } from "./types.ts";

export default `
ALTER TABLE saved_views ADD COLUMN sharing ${T} NOT NULL DEFAULT 'private';
ALTER TABLE saved_views ADD COLUMN shared_roles ${T} NOT NULL DEFAULT '[]';
CREATE INDEX saved_views_shared ON saved_views (organization_id, record_type, sharing);
`;
