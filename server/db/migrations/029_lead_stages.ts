/**
 * The pipeline stages of leads as data (record type `lead_stage`, issue 29): the
 * table as its declaration makes it (start-up's table sync adds its other indexes),
 * and for every organisation existing now the stages registration gives new ones
 * (areas/sales/types/lead-stage-defaults.ts), with the same ids
 * (`lst_<organisation id>_<n>`). Frozen: the defaults as they were when written.
 * The dialects differ only in the text columns' type.
 */

/** The table, its text columns of the given SQL type. */
export function leadStageTable(text: string): string {
  return `CREATE TABLE lead_stages (
  id ${text} PRIMARY KEY,
  organization_id ${text} NOT NULL REFERENCES organizations(id),
  name ${text} NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  created_at ${text} NOT NULL,
  created_by ${text},
  updated_at ${text} NOT NULL,
  updated_by ${text},
  code ${text} NOT NULL DEFAULT '',
  label ${text} NOT NULL DEFAULT '',
  tone ${text} NOT NULL DEFAULT 'neutral',
  position INTEGER NOT NULL DEFAULT 0,
  probability INTEGER NOT NULL DEFAULT 0,
  kind ${text} NOT NULL DEFAULT 'open',
  required_fields ${text} NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX lead_stages_code_unique ON lead_stages (organization_id, code);`;
}

/** Every organisation's default stages. */
export const leadStageRows = `
INSERT INTO lead_stages (id, organization_id, name, version, created_at, updated_at, code, label, tone, position, probability, kind, required_fields)
  WITH d (n, code, label, tone, probability, kind) AS (VALUES
  (1, 'new', 'New', 'info', 10, 'open'),
  (2, 'contacted', 'Contacted', 'info', 20, 'open'),
  (3, 'qualified', 'Qualified', 'warning', 40, 'open'),
  (4, 'proposal', 'Proposal sent', 'warning', 60, 'open'),
  (5, 'won', 'Won', 'success', 100, 'won'),
  (6, 'lost', 'Lost', 'danger', 0, 'lost')
  )
  SELECT 'lst_' || o.id || '_' || d.n, o.id, d.code, 1, o.created_at, o.created_at,
         d.code, d.label, d.tone, d.n, d.probability, d.kind, ''
    FROM organizations o CROSS JOIN d;
`;

export default `${leadStageTable("TEXT")}
${leadStageRows}`;
