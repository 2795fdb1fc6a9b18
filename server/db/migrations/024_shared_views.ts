/**
 * Saved list views that may be shared (issue 27), like saved reports: with no one
 * else (`private`), with the staff of chosen roles (`roles`, `shared_roles` a JSON
 * array of role names) or with everyone in the organisation (`organization`).
 */
export default `
ALTER TABLE saved_views ADD COLUMN sharing TEXT NOT NULL DEFAULT 'private';
ALTER TABLE saved_views ADD COLUMN shared_roles TEXT NOT NULL DEFAULT '[]';
CREATE INDEX saved_views_shared ON saved_views (organization_id, record_type, sharing);
`;
