/**
 * The sales forecast as it stood at the start of each month (issue 29): one row per
 * organisation, month forecast and owner ('' for leads without one), holding the
 * weighted pipeline, commit and best case of the leads expected to close that month.
 * The monthly job inserts each row once (the primary key, insert-or-ignore), so
 * several instances write one snapshot; a past month's accuracy is its actual won
 * value against these. The dialects differ only in the column types.
 */

/** The table, its text and real columns of the given SQL types. */
export function forecastSnapshotTable(text: string, real: string): string {
  return `CREATE TABLE forecast_snapshots (
  organization_id ${text} NOT NULL REFERENCES organizations(id),
  month ${text} NOT NULL,
  owner_id ${text} NOT NULL DEFAULT '',
  weighted ${real} NOT NULL DEFAULT 0,
  commit_value ${real} NOT NULL DEFAULT 0,
  best_case ${real} NOT NULL DEFAULT 0,
  taken_at ${text} NOT NULL,
  PRIMARY KEY (organization_id, month, owner_id)
);`;
}

export default forecastSnapshotTable("TEXT", "REAL");
