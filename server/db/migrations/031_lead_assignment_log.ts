/**
 * Lead assignments become the lead's assignment log (issue 29): the table of
 * migration 002 is the child table of the lead's `assignments` field, which wants
 * a row position. Rows written before keep position 0, in their time order. The
 * rule that made an assignment and its turn are columns the start-up's table sync
 * adds from the declaration. The text is the same for both dialects.
 */
export default `ALTER TABLE lead_assignments ADD COLUMN idx INTEGER NOT NULL DEFAULT 0;`;
