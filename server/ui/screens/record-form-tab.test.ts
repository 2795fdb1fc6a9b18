import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { ScreenDescriptor } from "../../../schemas/descriptor/mod.ts";
import { callerWith } from "../../testing/caller-access.ts";
import { SAMPLE_JOB, SAMPLE_RECORD_TYPES } from "../../testing/sample-record-types.ts";
import type { RecordFormTab } from "./record-form-tab.ts";
import { recordFormScreen } from "./record-form-screen.ts";

const MODULES = ["milestones"];
const TABS: readonly RecordFormTab[] = [
  {
    id: "visits",
    label: "Visits",
    requires: { action: "read" },
    content: () => ({
      sources: {
        visits: { method: "GET", path: "/api/jobs/{id}/visits", select: "items" },
      },
      children: [{
        type: "table",
        source: "visits",
        columns: [{ key: "day", label: "Day" }],
        emptyText: "No visits",
      }],
    }),
  },
  {
    id: "care",
    label: "Care",
    requires: { action: "finish" },
    content: () => ({ children: [{ type: "text", text: "Only for finishers" }] }),
  },
];

function formOf(permissions: string[], recordId = "job_1", tabs = TABS) {
  const screen = recordFormScreen(SAMPLE_JOB, callerWith(permissions, MODULES), {
    id: "milestones/form",
    recordId,
    types: SAMPLE_RECORD_TYPES,
    tabs,
  });
  const parsed = ScreenDescriptor.safeParse(screen);
  ok(parsed.success, parsed.error?.message);
  const form = (screen.body as { children: { type: string; tabs?: unknown[] }[] }).children[0];
  return { screen, form };
}

Deno.test("a record form screen", async (t) => {
  await t.step("adds a module's tab with its sources, loaded when the tab opens", () => {
    const { screen, form } = formOf(["milestones.read"]);
    assertEquals(form.tabs, [{
      id: "visits",
      label: "Visits",
      opens: "form_tab_visits",
      children: [{
        type: "table",
        source: "visits",
        columns: [{ key: "day", label: "Day" }],
        emptyText: "No visits",
      }],
    }]);
    assertEquals(screen.sources, {
      visits: {
        method: "GET",
        path: "/api/jobs/{id}/visits",
        select: "items",
        enabledWhen: ["form_tab_visits"],
      },
    });
  });

  await t.step("shows a tab only to callers granted its permission", () => {
    const { form } = formOf(["milestones.read", "milestones.finish"]);
    assertEquals(form.tabs?.map((tab) => (tab as { id: string }).id), ["visits", "care"]);
  });

  await t.step("adds no tab to a new record", () => {
    const { screen, form } = formOf(["milestones.read", "milestones.create"], "new");
    assertEquals(form.tabs, undefined);
    assertEquals(screen.sources, undefined);
  });

  await t.step("refuses two tabs sharing a source name", () => {
    throws(
      () => formOf(["milestones.read"], "job_1", [TABS[0], { ...TABS[0], id: "again" }]),
      /form tab "again" reuses source "visits"/,
    );
  });
});
