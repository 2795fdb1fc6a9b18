import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { RoutesDescriptor, ScreenDescriptor } from "../../../schemas/descriptor/mod.ts";
import type { NodeLike } from "../../../schemas/descriptor/widgets.ts";
import { defineRecordType, type RecordType } from "../../records/define.ts";
import { callerWith } from "../../testing/caller-access.ts";
import { SAMPLE_RECORD_TYPES } from "../../testing/sample-record-types.ts";
import { buildRoutesDescriptor } from "../routes-descriptor.ts";
import { buildScreenRegistry } from "./registry.ts";
import { STARTING_LISTS } from "../organization-lists.ts";

const MODULES = [
  "milestones",
  "time-tracking",
  "tasks",
  "my-tasks",
  "type-masters",
  "lead-sources",
  "leads",
];
const ADMIN = callerWith([
  "milestones.read",
  "milestones.create",
  "milestones.update",
  "milestones.comment",
  "milestones.finish",
  "time_tracking.read",
  "tasks.read",
  "tasks.create",
  "my_tasks.read",
  "type_masters.read",
  "type_masters.create",
  "lead_sources.read",
  "leads.read",
  "leads.update",
], MODULES);
const READER = callerWith(["milestones.read"], MODULES);

/** Minimal product types, for the screens that show another module's type. */
const TASK = defineRecordType({
  id: "task",
  label: "Task",
  plural: "Tasks",
  module: "tasks",
  naming: { series: "TSK-.#####" },
  title_field: "title",
  search_fields: ["title"],
  fields: [
    { id: "title", label: "Title", type: "data", required: true },
    { id: "assignee", label: "Assignee", type: "link", link: "user" },
    { id: "due_date", label: "Due", type: "date" },
  ],
  list: {
    columns: ["title", "due_date"],
    sort: [{ field: "due_date", dir: "asc" }],
    views: [
      {
        id: "my-tasks",
        label: "My tasks",
        filters: [{ field: "assignee", op: "eq", value: "@me" }],
      },
      {
        id: "upcoming-tasks",
        label: "Upcoming",
        filters: [{ field: "due_date", op: "gte", value: "@today" }],
      },
    ],
  },
  form: {
    tabs: [{
      id: "main",
      label: "Task",
      sections: [{ columns: [["title", "assignee", "due_date"]] }],
    }],
  },
  roles: {},
});
const TYPE_MASTER = defineRecordType({
  id: "type_master",
  label: "Type",
  plural: "Types",
  module: "type-masters",
  naming: { field: "label" },
  title_field: "label",
  search_fields: ["label"],
  fields: [
    { id: "kind", label: "Kind", type: "data", required: true, filterable: true },
    { id: "label", label: "Label", type: "data", required: true },
  ],
  list: { columns: ["label"], sort: [{ field: "label", dir: "asc" }] },
  form: { tabs: [{ id: "main", label: "Type", sections: [{ columns: [["kind", "label"]] }] }] },
  roles: {},
});
const LEAD = defineRecordType({
  id: "lead",
  label: "Lead",
  plural: "Leads",
  module: "leads",
  naming: { field: "lead_name" },
  title_field: "lead_name",
  search_fields: ["lead_name"],
  fields: [{ id: "lead_name", label: "Name", type: "data", required: true }],
  list: { columns: ["lead_name"], sort: [{ field: "lead_name", dir: "asc" }] },
  form: { tabs: [{ id: "main", label: "Lead", sections: [{ columns: [["lead_name"]] }] }] },
  form_route: "lead-detail/:id",
  roles: {},
});
const TYPES: readonly RecordType[] = [...SAMPLE_RECORD_TYPES, TASK, TYPE_MASTER, LEAD];
const SCREENS = buildScreenRegistry(TYPES);

function build(id: string, access = ADMIN, params: Record<string, string> = {}): ScreenDescriptor {
  const def = SCREENS.get(id);
  ok(def, `no screen "${id}"`);
  const built = def.build({ access, params, now: new Date(), lists: STARTING_LISTS });
  const parsed = ScreenDescriptor.safeParse(built);
  ok(parsed.success, `screen "${id}" is invalid: ${parsed.error?.message}`);
  return built as ScreenDescriptor;
}

function nodesOf(screen: ScreenDescriptor, type: string): NodeLike[] {
  const found: NodeLike[] = [];
  const walk = (node: NodeLike) => {
    if (node.type === type) found.push(node);
    for (const child of (node.children as NodeLike[] | undefined) ?? []) walk(child);
  };
  walk(screen.body as NodeLike);
  return found;
}

Deno.test("record screens", async (t) => {
  await t.step("a type's list replaces its module's screen, titled by its plural", () => {
    const screen = build("milestones");
    assertEquals(screen.title, "Jobs");
    const [list] = nodesOf(screen, "record-list");
    assertEquals(list.api, "/api/records/sample_job");
    assertEquals((list.meta as { id: string }).id, "sample_job");
    assertEquals(list.fixedFilters, undefined);
    assertEquals(SCREENS.get("milestones")?.module, "milestones");
  });

  await t.step("the list carries the caller's metadata: no level-1 columns without level 1", () => {
    const meta = nodesOf(build("milestones", READER), "record-list")[0].meta as {
      list: { columns: string[] };
      can: { create: boolean };
    };
    assertEquals(meta.list.columns, ["title", "due_date", "progress"]);
    assertEquals(meta.can.create, false);
  });

  await t.step("a saved record's form is editable for a caller who may update", () => {
    const screen = build("jobs", ADMIN, { id: "job_1" });
    const [form] = nodesOf(screen, "record-form");
    assertEquals([form.mode, form.recordId, form.api], [
      "edit",
      { $param: "id" },
      "/api/records/sample_job",
    ]);
    const [timeline] = nodesOf(screen, "record-timeline");
    assertEquals([timeline.recordId, timeline.canComment], [{ $param: "id" }, true]);
    assertEquals((timeline.labels as Record<string, string>).due_date, "Due");
  });

  await t.step(
    "a caller who may only read gets the read-only detail, without a comment box",
    () => {
      const screen = build("jobs", READER, { id: "job_1" });
      assertEquals(nodesOf(screen, "record-form")[0].mode, "read");
      assertEquals(nodesOf(screen, "record-timeline")[0].canComment, false);
      const commenter = callerWith(["milestones.read", "milestones.comment"], MODULES);
      const readOnly = build("jobs", commenter, { id: "job_1" });
      assertEquals(nodesOf(readOnly, "record-timeline")[0].canComment, true);
    },
  );

  await t.step("a new record's form needs create, and has no timeline or panels", () => {
    const screen = build("jobs", ADMIN, { id: "new" });
    assertEquals(screen.title, "New Job");
    assertEquals(nodesOf(screen, "record-form")[0].mode, "edit");
    assertEquals(nodesOf(screen, "record-form")[0].recordId, "new");
    assertEquals(nodesOf(screen, "record-timeline"), []);
    assertEquals(nodesOf(screen, "record-list"), []);
    assertEquals(nodesOf(build("jobs", READER, { id: "new" }), "record-form")[0].mode, "read");
  });

  await t.step("declared panels follow the form: a compact related list and a node", () => {
    const screen = build("jobs", ADMIN, { id: "job_1" });
    const [related] = nodesOf(screen, "record-list");
    assertEquals(related.api, "/api/records/sample_contact");
    assertEquals(related.compact, true);
    assertEquals(related.fixedFilters, [{ field: "job", op: "eq", value: { $param: "id" } }]);
    const titles = nodesOf(screen, "section").map((s) => s.title);
    assertEquals(titles, ["Contacts of this job", "Notes"]);
    assertEquals(nodesOf(screen, "text")[0].text, "Jobs are billed monthly.");
    // A caller who may not read contacts does not get their list.
    assertEquals(nodesOf(build("jobs", READER, { id: "job_1" }), "record-list"), []);
  });

  await t.step("one cached form descriptor serves every saved record", () => {
    const def = SCREENS.get("jobs")!;
    assertEquals(def.paramsKey?.({ id: "job_1" }), def.paramsKey?.({ id: "job_2" }));
    ok(def.paramsKey?.({ id: "new" }) !== def.paramsKey?.({ id: "job_1" }));
    ok(def.params?.safeParse({ id: "job_1" }).success);
    ok(!def.params?.safeParse({}).success, "a form without its id was accepted");
  });

  await t.step("a form at the module's own path gets its own screen id", () => {
    const screen = build("time-tracking/form", ADMIN, { id: "con_1" });
    assertEquals(nodesOf(screen, "record-form")[0].api, "/api/records/sample_contact");
    assertEquals(SCREENS.get("time-tracking/form")?.module, "time-tracking");
  });

  await t.step("my tasks and upcoming tasks are the task list in their views", () => {
    const mine = nodesOf(build("my-tasks"), "record-list")[0];
    assertEquals([mine.api, mine.view], ["/api/records/task", "my-tasks"]);
    assertEquals(build("my-tasks").title, "My Tasks");
    assertEquals(nodesOf(build("upcoming-tasks"), "record-list")[0].view, "upcoming-tasks");
    assertEquals(SCREENS.get("upcoming-tasks")?.module, "upcoming-tasks");
  });

  await t.step("lead sources are the type masters of that kind, and new ones start with it", () => {
    const list = nodesOf(build("lead-sources"), "record-list")[0];
    assertEquals(list.api, "/api/records/type_master");
    assertEquals(list.fixedFilters, [{ field: "kind", op: "eq", value: "lead_source" }]);
    assertEquals((list.meta as { form_route: string }).form_route, "lead-sources/:id");
    const form = nodesOf(build("lead-sources/form", ADMIN, { id: "new" }), "record-form")[0];
    assertEquals((form.initial as Record<string, unknown>).kind, "lead_source");
    assertEquals(SCREENS.get("lead-sources/form")?.module, "lead-sources");
    const statuses = nodesOf(build("task-status-management"), "record-list")[0];
    assertEquals(statuses.fixedFilters, [{ field: "kind", op: "eq", value: "task_status" }]);
  });

  await t.step("the lead's form answers at lead-detail", () => {
    const form = nodesOf(build("lead-detail", ADMIN, { id: "led_1" }), "record-form")[0];
    assertEquals([form.api, form.mode], ["/api/records/lead", "edit"]);
  });

  await t.step("the route table opens each form at its route, once, before the catch-all", () => {
    const routes = buildRoutesDescriptor(TYPES);
    ok(RoutesDescriptor.safeParse(routes).success);
    const paths = routes.routes.map((r) => r.path);
    const screenOf = (path: string) => routes.routes.find((r) => r.path === path)?.screen;
    assertEquals(screenOf("/app/jobs/:id"), "jobs");
    assertEquals(screenOf("/app/time-tracking/:id"), "time-tracking/form");
    assertEquals(screenOf("/app/tasks/:id"), "tasks/form");
    assertEquals(screenOf("/app/lead-sources/:id"), "lead-sources/form");
    assertEquals(screenOf("/app/lead-detail/:id"), "lead-detail");
    assertEquals(paths.filter((p) => p === "/app/lead-detail/:id").length, 1);
    ok(paths.indexOf("/app/jobs/:id") < paths.indexOf("/app/*"));
    for (const route of routes.routes.filter((r) => r.audience === "staff")) {
      ok(SCREENS.has(route.screen) || route.screen === "module", `no screen for ${route.path}`);
    }
  });

  await t.step("a declaration naming a view it lacks fails when the screens are built", () => {
    const bare = defineRecordType({
      ...TASK.declaration,
      list: { ...TASK.declaration.list, views: [] },
    });
    throws(() => buildScreenRegistry([bare]), /record type "task" has no view "my-tasks"/);
  });
});
