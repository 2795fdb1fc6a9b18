/**
 * When date rules fall due (issue 28): one row per active date rule and record,
 * holding the moment the rule runs for that record, planned when the rule is saved
 * and moved when the record's date changes. The automation runner reads only the
 * rows due now (by `due_at`) and deletes each as it queues its run, so a sweep never
 * reads every record and each due time runs once.
 */
export default `
CREATE TABLE automation_dues (
  rule_id TEXT NOT NULL,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  record_id TEXT NOT NULL,
  due_at TEXT NOT NULL,
  PRIMARY KEY (rule_id, record_id)
);
CREATE INDEX automation_dues_due ON automation_dues (due_at);
`;
