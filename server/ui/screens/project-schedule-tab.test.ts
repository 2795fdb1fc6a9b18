/** The Schedule tab on the project form: its source, its timeline chart and table, and Apply only for updaters. */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { ScreenDescriptor } from "../../../schemas/descriptor/mod.ts";
import { callerWith } from "../../testing/caller-access.ts";
import { PROJECT } from "../../areas/work/types/project.ts";
import { recordTypes } from "../../records/catalogue.ts";
import { recordFormScreen } from "./record-form-screen.ts";
import { recordFormTabs } from "./record-screens.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

function scheduleTab(permissions: string[]) {
  const screen = recordFormScreen(PROJECT, callerWith(permissions, ["projects"]), {
    id: "projects/form",
    recordId: "prj_1",
    types: recordTypes(),
    tabs: recordFormTabs(PROJECT),
  });
  const parsed = ScreenDescriptor.safeParse(screen);
  ok(parsed.success, parsed.error?.message);
  const form = (screen.body as Json).children[0];
  return { screen, tab: (form.tabs ?? []).find((t: Json) => t.id === "schedule") };
}

Deno.test("the project form's Schedule tab", async (t) => {
  await t.step("loads the unapplied optimisation when opened and offers Apply to updaters", () => {
    const { screen, tab } = scheduleTab(["projects.read", "projects.update"]);
    assertEquals(screen.sources?.optimized_schedule, {
      method: "POST",
      path: "/enterprise-projects/{id}/optimize-schedule",
      body: { constraints: {} },
      enabledWhen: ["form_tab_schedule"],
    });
    const chart = tab.children.find((c: Json) => c.type === "timeline-chart");
    assertEquals(chart.source, "optimized_schedule");
    assertEquals(
      chart.bars.map((b: Json) => [b.start, b.end, b.emphasis?.field ?? null]),
      [["current_start", "current_due", null], ["proposed_start", "proposed_due", "critical"]],
    );
    const buttons = tab.children.filter((c: Json) => c.type === "button");
    const apply = buttons.find((b: Json) => b.label === "Apply proposed schedule");
    assertEquals(apply.action.body, { constraints: { apply: true } });
    ok(apply.action.confirm);
    // The optimiser's refusal is shown with its reason, and defaults can be filled in.
    const notice = tab.children.find((c: Json) => c.type === "alert");
    assertEquals(notice.text.path, "refusal.reason");
    const defaults = buttons.find((b: Json) => b.action.path.endsWith("/schedule-defaults"));
    ok(defaults?.action.confirm);
  });

  await t.step("shows readers the schedule without Apply", () => {
    const { tab } = scheduleTab(["projects.read"]);
    assertEquals(tab.children.some((c: Json) => c.type === "button"), false);
  });
});
