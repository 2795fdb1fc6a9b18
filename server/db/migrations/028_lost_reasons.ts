/**
 * The lost reasons list (type master kind `lost_reason`, issue 29): why a lead was
 * lost, asked for when a lead moves to Lost. Every organisation existing now gets
 * the values registration gives new ones, with the same ids
 * (`tym_<organisation id>_<n>`, n from 34: the list follows the five of migration 012).
 * The text is the same for both dialects.
 */
export default `
INSERT INTO type_masters (id, organization_id, name, version, created_at, updated_at, kind, code, label, tone, position, active)
  WITH d (n, kind, code, label, tone, position) AS (VALUES
  (34, 'lost_reason', 'price', 'Price', 'warning', 1),
  (35, 'lost_reason', 'chose_competitor', 'Chose a competitor', 'danger', 2),
  (36, 'lost_reason', 'no_budget', 'No budget', 'neutral', 3),
  (37, 'lost_reason', 'no_decision', 'No decision', 'neutral', 4),
  (38, 'lost_reason', 'timing', 'Timing', 'neutral', 5),
  (39, 'lost_reason', 'product_fit', 'Product fit', 'neutral', 6)
  )
  SELECT 'tym_' || o.id || '_' || d.n, o.id, d.code, 1, o.created_at, o.created_at,
         d.kind, d.code, d.label, d.tone, d.position, 1
    FROM organizations o CROSS JOIN d
   WHERE NOT EXISTS (SELECT 1 FROM type_masters t
                      WHERE t.organization_id = o.id AND t.kind = d.kind AND t.code = d.code);
`;
