/**
 * The version of a project's reported progress: every write of
 * projects.progress_percentage (a progress update, a recalculation) increments it,
 * so an update made against a stale reading is refused (409) instead of silently
 * overwriting a newer value.
 */
export default `
ALTER TABLE projects ADD COLUMN progress_version INTEGER NOT NULL DEFAULT 0;
`;
