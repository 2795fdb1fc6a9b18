/**
 * Related lists on a form offer New only where a record of that kind is made by
 * hand: an invoice's credit notes come from its Credit note action and a client's
 * converted leads from a lead's conversion, so their panels say how instead; a
 * project's tasks are made from the panel.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { ScreenDescriptor } from "../../../schemas/descriptor/mod.ts";
import { recordTypes } from "../../records/catalogue.ts";
import { CLIENT } from "../../areas/sales/types/client.ts";
import { INVOICE } from "../../areas/finance/types/invoice.ts";
import { PROJECT } from "../../areas/work/types/project.ts";
import type { RecordType } from "../../records/define.ts";
import { callerWith } from "../../testing/caller-access.ts";
import { recordFormScreen } from "./record-form-screen.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

function panels(type: RecordType, modules: string[]): [string, boolean, string][] {
  const permissions = ["invoices", "leads", "clients", "projects", "tasks"].flatMap((m) => [
    `${m}.read`,
    `${m}.create`,
  ]);
  const screen = recordFormScreen(type, callerWith(permissions, modules), {
    id: "form",
    recordId: "rec_1",
    types: recordTypes(),
  });
  assertEquals(ScreenDescriptor.safeParse(screen).success, true);
  const sections = ((screen.body as Json).children as Json[]).filter((c) =>
    c.type === "section" && c.children?.[0]?.type === "record-list"
  );
  return sections.map((s) => [s.title, s.children[0].meta.can.create, s.children[0].emptyText]);
}

Deno.test("a form's related lists offer New only for records made by hand", () => {
  assertEquals(panels(INVOICE, ["invoices"]), [[
    "Credit notes",
    false,
    "No credit notes yet. Credit note on a submitted invoice drafts one against it.",
  ]]);
  assertEquals(panels(CLIENT, ["clients", "projects", "leads"]), [
    ["Projects", true, "No projects yet"],
    ["Converted leads", false, "No leads converted into this client yet"],
  ]);
  assertEquals(panels(PROJECT, ["projects", "tasks"]), [["Tasks", true, "No tasks yet"]]);
});
