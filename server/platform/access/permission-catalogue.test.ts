import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { defineRecordType } from "../../records/define.ts";
import { actionsOf, knownPermissions, permissionCatalogue } from "./permission-catalogue.ts";
import { defaultRoles } from "./default-roles.ts";

/** A test-only record type owned by the item-master module, with a workflow. */
const ITEM = defineRecordType({
  id: "catalogue_item",
  label: "Item",
  plural: "Items",
  module: "item-master",
  naming: { field: "title" },
  title_field: "title",
  search_fields: ["title"],
  fields: [
    { id: "title", label: "Title", type: "data", required: true },
    { id: "cost", label: "Cost", type: "currency", level: 1 },
  ],
  states: {
    initial: "draft",
    list: [
      { id: "draft", label: "Draft", docstatus: 0 },
      { id: "approved", label: "Approved", docstatus: 1 },
    ],
    transitions: [{ action: "approve", label: "Approve", from: ["draft"], to: "approved" }],
  },
  list: { columns: ["title"], sort: [{ field: "title", dir: "asc" }] },
  form: { tabs: [{ id: "main", label: "Item", sections: [{ columns: [["title"]] }] }] },
  roles: { sales: ["read", "create", "approve"], finance: ["read", "export", "level1"] },
});

Deno.test("A module owning a record type has read, the standard actions, its workflow actions and level 1", () => {
  assertEquals(actionsOf("item-master", [ITEM]), [
    "read",
    "create",
    "update",
    "comment",
    "delete",
    "export",
    "import",
    "approve",
    "level1",
  ]);
  const plain = defineRecordType({ ...ITEM.declaration, fields: [ITEM.declaration.fields[0]] });
  ok(!actionsOf("item-master", [plain]).includes("level1"), "no level-1 field, no level 1");
  const row = permissionCatalogue([ITEM]).find((r) => r.module.id === "item-master")!;
  assertEquals(row.actions.map((a) => a.permission), [
    "item_master.read",
    "item_master.create",
    "item_master.update",
    "item_master.comment",
    "item_master.delete",
    "item_master.export",
    "item_master.import",
    "item_master.approve",
    "item_master.level1",
  ]);
});

Deno.test("Modules without record types have read plus their hand-written writes", () => {
  assertEquals(actionsOf("leads", []), ["read"]);
  assertEquals(actionsOf("clients", []), ["read", "message", "portal_invite", "portal_revoke"]);
  assertEquals(actionsOf("projects", []), ["read", "update", "administer", "approve"]);
  assertEquals(actionsOf("settings", []), ["read"]);
  ok(knownPermissions().has("system.system_settings.read"));
  ok(knownPermissions().has("projects.update"));
  ok(!knownPermissions().has("leads.approve"));
});

Deno.test("The default roles get what the record types declare for them, besides their reads", () => {
  const roles = defaultRoles([ITEM]);
  for (
    const permission of ["item_master.read", "item_master.create", "item_master.approve"]
  ) {
    ok(roles.sales.permissions.includes(permission), permission);
  }
  ok(roles.sales.permissions.includes("leads.read"));
  ok(!roles.sales.permissions.includes("item_master.delete"));
  ok(roles.finance.permissions.includes("item_master.level1"));
  // The administrator holds the whole catalogue; the portal role nothing.
  ok(roles.firm_admin.permissions.includes("item_master.delete"));
  ok(roles.firm_admin.permissions.includes("clients.portal_invite"));
  assertEquals(roles.client_portal.permissions, []);
});
