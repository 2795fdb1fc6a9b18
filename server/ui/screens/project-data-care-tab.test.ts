import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { ScreenDescriptor } from "../../../schemas/descriptor/mod.ts";
import { callerWith } from "../../testing/caller-access.ts";
import { findRecordType, RECORD_TYPES } from "../../records/catalogue.ts";
import { recordFormScreen } from "./record-form-screen.ts";
import { RECORD_FORM_TABS } from "./record-form-tabs.ts";

function projectForm(permissions: string[]) {
  const screen = recordFormScreen(
    findRecordType("project")!,
    callerWith(permissions, ["projects"]),
    {
      id: "projects/form",
      recordId: "prj_1",
      types: RECORD_TYPES,
      tabs: RECORD_FORM_TABS.project,
    },
  );
  const parsed = ScreenDescriptor.safeParse(screen);
  ok(parsed.success, parsed.error?.message);
  const form = (screen.body as { children: { tabs?: { id: string }[] }[] }).children[0];
  return { screen, tabs: (form.tabs ?? []).map((tab) => tab.id) };
}

Deno.test("The project form shows the Data care tab to administrators only", () => {
  const admin = projectForm(["projects.read", "projects.update", "projects.administer"]);
  ok(admin.tabs.includes("data_care"));
  assertEquals(
    Object.entries(admin.screen.sources ?? {})
      .filter(([name]) => name.startsWith("care_"))
      .map(([name, source]) => [name, source.enabledWhen]),
    ["care_integrity", "care_performance", "care_indexes", "care_plans", "care_views"].map((
      name,
    ) => [name, ["form_tab_data_care"]]),
  );
  const manager = projectForm(["projects.read", "projects.update", "projects.approve"]);
  ok(!manager.tabs.includes("data_care"));
});
