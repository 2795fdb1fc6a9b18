/** PostgreSQL text of migration 008: the version of a project's reported progress (see ../008_progress_version.ts). */

export default `
ALTER TABLE projects ADD COLUMN progress_version integer NOT NULL DEFAULT 0;
`;
