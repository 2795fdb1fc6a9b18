/** The audit log's own words: kinds of records and actions that no record type declares. */

/** Kinds of records an audit entry is about. */
export const RESOURCE_TYPE: Readonly<Record<string, string>> = {
  client: "Client",
  invoice: "Invoice",
  lead: "Lead",
  module: "Module",
  organization: "Organisation",
  project: "Project",
  role: "Role",
  setting: "Setting",
  task: "Task",
  user: "Person",
  user_organization: "Membership",
};

/** What an audit entry records. */
export const AUDIT_ACTION: Readonly<Record<string, string>> = {
  "client.update": "Client updated",
  "invoice.payment": "Payment applied to invoice",
  "invoice.payment_reversed": "Payment on invoice reversed",
  "invoice.send": "Invoice sent",
  "lead.assign": "Lead assigned",
  "module.enable": "Module turned on",
  "module.disable": "Module turned off",
  "organization.create": "Organisation created",
  "organization.switch": "Organisation switched",
  "organization.update": "Organisation updated",
  "portal.invite": "Portal access granted",
  "portal.revoke": "Portal access revoked",
  "project.create": "Project created",
  "project.update": "Project updated",
  "project.metrics_recalculate": "Project metrics recalculated",
  "project.progress_update": "Project progress updated",
  "role.create": "Role created",
  "role.grant": "Permission granted",
  "role.revoke": "Permission revoked",
  "setting.update": "Setting changed",
  "task.complete": "Task completed",
  "user.deactivate": "Member deactivated",
  "user.invite": "Member invited",
  "user.role_change": "Role changed",
};
