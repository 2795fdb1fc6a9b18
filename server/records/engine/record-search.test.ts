/**
 * Link pickers offer records by their declaration's conditions (`link_filters`):
 * the search answers only the records that meet them, checked for the caller as a
 * list's filters are; a bad condition is a 400 naming it. Through HTTP, on SQLite
 * and (with TEST_DATABASE_URL) PostgreSQL, with the product's own declarations.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import type { FieldMeta, Filter, RecordTypeMeta } from "../../../schemas/records/meta.ts";

type Values = Record<string, unknown>;
type Option = { id: string; title: string; description?: string };

async function withApp(fn: (t: TestApp, admin: string) => Promise<void>) {
  const t = await createTestApp();
  try {
    await fn(t, await t.tokenFor("admin@acme.test"));
  } finally {
    await t.close();
  }
}

async function create(t: TestApp, token: string, type: string, values: Values) {
  const body = await jsonOf<{ record: Values & { id: string; version: number } }>(
    await t.call("POST", `/api/records/${type}`, { token, body: { values } }),
    201,
  );
  return body.record;
}

async function act(t: TestApp, token: string, type: string, record: Values, action: string) {
  return (await jsonOf<{ record: Values & { id: string; version: number } }>(
    await t.call("POST", `/api/records/${type}/${record.id}/actions/${action}`, {
      token,
      body: { version: record.version },
    }),
  )).record;
}

function searchPath(target: string, filters: readonly Filter[], q = ""): string {
  return `/api/records/${target}/search?q=${encodeURIComponent(q)}&limit=50&filters=${
    encodeURIComponent(JSON.stringify(filters))
  }`;
}

async function search(t: TestApp, token: string, target: string, filters: readonly Filter[]) {
  return (await jsonOf<{ items: Option[] }>(
    await t.call("GET", searchPath(target, filters), { token }),
  )).items;
}

/** A field's declared conditions as the caller's meta gives them, filled in from `record`. */
async function conditionsOf(
  t: TestApp,
  token: string,
  type: string,
  path: readonly string[],
  record: Values,
): Promise<Filter[]> {
  const { meta } = await jsonOf<{ meta: RecordTypeMeta }>(
    await t.call("GET", `/api/records/${type}/meta`, { token }),
  );
  let fields: readonly FieldMeta[] = meta.fields;
  let field: FieldMeta | undefined;
  for (const id of path) {
    field = fields.find((f) => f.id === id);
    fields = field?.fields ?? [];
  }
  ok(field?.link_filters, `${type}.${path.join(".")} declares no link_filters`);
  return field.link_filters.map((c) => ({
    field: c.field,
    op: c.op,
    value: typeof c.value === "object" && c.value !== null && "$field" in c.value
      ? (record[c.value.$field] ?? null) as Filter["value"]
      : c.value,
  }));
}

Deno.test("a payment allocation's invoice picker offers only the client's submitted invoices that still owe", async () => {
  await withApp(async (t, admin) => {
    const finance = await t.tokenFor("finance@acme.test");
    const mine = await create(t, admin, "client", { name: "Picker Client" });
    const other = await create(t, admin, "client", { name: "Other Picker Client" });
    const invoice = async (client: string, rate: number) =>
      await create(t, finance, "invoice", {
        client,
        issue_date: "2026-03-01",
        lines: [{ description: "Work", quantity: 1, rate }],
      });
    const open = await act(t, finance, "invoice", await invoice(mine.id, 100), "submit");
    const paid = await act(t, finance, "invoice", await invoice(mine.id, 50), "submit");
    const draft = await invoice(mine.id, 70);
    const theirs = await act(t, finance, "invoice", await invoice(other.id, 90), "submit");
    const payment = await create(t, finance, "payment", {
      client: mine.id,
      amount: 50,
      allocations: [{ invoice: paid.id, amount: 50 }],
    });
    await act(t, finance, "payment", payment, "submit");

    const filters = await conditionsOf(t, finance, "payment", ["allocations", "invoice"], {
      client: mine.id,
    });
    const offered = await search(t, finance, "invoice", filters);
    assertEquals(offered.map((o) => o.id), [open.id]);
    // The client's other invoices, and the other client's, exist: they were left out.
    const byClient = (client: string) =>
      search(t, finance, "invoice", [{ field: "client", op: "eq", value: client }]);
    assertEquals(
      (await byClient(mine.id)).map((o) => o.id).sort(),
      [open.id, paid.id, draft.id].sort(),
    );
    assertEquals((await byClient(other.id)).map((o) => o.id), [theirs.id]);
    // Before a client is picked, no invoice qualifies.
    const none = await conditionsOf(t, finance, "payment", ["allocations", "invoice"], {});
    assertEquals(await search(t, finance, "invoice", none), []);
  });
});

Deno.test("a task dependency's picker offers only the other tasks of the same project", async () => {
  await withApp(async (t, admin) => {
    const first = await create(t, admin, "project", {
      name: "Picker Project One",
      end_date: "2031-06-30",
    });
    const second = await create(t, admin, "project", {
      name: "Picker Project Two",
      end_date: "2031-06-30",
    });
    const task = async (title: string, project: string) =>
      await create(t, admin, "task", { title, project });
    const design = await task("Picker design", first.id);
    const build = await task("Picker build", first.id);
    const test = await task("Picker test", first.id);
    await task("Picker elsewhere", second.id);

    const filters = await conditionsOf(t, admin, "task", ["dependencies", "depends_on"], build);
    const offered = await search(t, admin, "task", filters);
    assertEquals(offered.map((o) => o.title).sort(), ["Picker design", "Picker test"]);
    assertEquals(offered.map((o) => o.id).sort(), [design.id, test.id].sort());
    // A new task (no id yet) of the first project may wait on any of its three.
    const fresh = await conditionsOf(t, admin, "task", ["dependencies", "depends_on"], {
      project: first.id,
    });
    assertEquals((await search(t, admin, "task", fresh)).length, 3);
  });
});

Deno.test("a link search's conditions keep the caller's visibility: own records, and no hidden fields", async () => {
  await withApp(async (t, admin) => {
    const member = await t.tokenFor("tom@acme.test");
    const project = await create(t, admin, "project", {
      name: "Visibility Project",
      end_date: "2031-06-30",
    });
    const theirs = await create(t, admin, "task", {
      title: "Tom's picker task",
      project: project.id,
      assignee: "usr_acme_tom",
    });
    const hidden = await create(t, admin, "task", { title: "Not Tom's", project: project.id });
    const byProject = [{ field: "project", op: "eq" as const, value: project.id }];
    assertEquals((await search(t, member, "task", byProject)).map((o) => o.id), [theirs.id]);
    assertEquals(
      await search(t, member, "task", [{ field: "id", op: "eq", value: hidden.id }]),
      [],
      "a record the caller may not read is not found by its id either",
    );
    // A member does not see a project's budget (level 1), so cannot filter by it.
    const refused = await assertInvalidFields(
      await t.call("GET", searchPath("project", [{ field: "budget", op: "gt", value: 0 }]), {
        token: member,
      }),
      "filters",
    );
    ok(refused.message.includes("budget"), refused.message);
  });
});

Deno.test("a bad link search condition is a 400 naming it", async () => {
  await withApp(async (t, admin) => {
    const bad = async (path: string, named: string) => {
      const error = await errorOf(
        await t.call("GET", path, { token: admin }),
        400,
        "invalid_input",
      );
      ok(error.details?.fields?.filters, JSON.stringify(error));
      ok(error.message.includes(named), `"${named}" is not named in "${error.message}"`);
    };
    await bad(
      searchPath("task", [{ field: "no_such_field", op: "eq", value: 1 }]),
      "no_such_field",
    );
    await bad(searchPath("task", [{ field: "dependencies", op: "eq", value: 1 }]), "dependencies");
    await bad("/api/records/task/search?filters=%5Boops", "filters");
    await bad(
      `/api/records/task/search?filters=${
        encodeURIComponent(JSON.stringify([{ field: "project", op: "like", value: "x" }]))
      }`,
      "op",
    );
    await bad(
      searchPath("task", [{ field: "priority", op: "eq", value: "high" }]),
      "priority",
    );
    await bad(searchPath("user", [{ field: "email", op: "eq", value: "x" }]), "email");
  });
});

Deno.test("a link search by id answers that record's title, people's too", async () => {
  await withApp(async (t, admin) => {
    const [project] = await search(t, admin, "project", [
      { field: "id", op: "eq", value: "prj_acme_ledger" },
    ]);
    ok(project && project.id === "prj_acme_ledger" && project.title.length > 0);
    const people = await search(t, admin, "user", [
      { field: "id", op: "in", value: ["usr_acme_tom", "usr_acme_pm"] },
    ]);
    assertEquals(people.map((p) => p.id).sort(), ["usr_acme_pm", "usr_acme_tom"]);
    ok(people.every((p) => p.title.length > 0 && !p.title.startsWith("usr_")));
  });
});

Deno.test("link fields' metadata say where the linked record opens, to callers who may read it", async () => {
  await withApp(async (t, admin) => {
    const field = async (token: string, type: string, id: string) => {
      const { meta } = await jsonOf<{ meta: RecordTypeMeta }>(
        await t.call("GET", `/api/records/${type}/meta`, { token }),
      );
      return meta.fields.find((f) => f.id === id)!;
    };
    assertEquals((await field(admin, "task", "project")).link_route, "projects/:id");
    assertEquals((await field(admin, "invoice", "client")).link_route, "clients/:id");
    assertEquals((await field(admin, "project", "client")).link_route, "clients/:id");
    assertEquals((await field(admin, "lead", "client")).link_route, "clients/:id");
    assertEquals((await field(admin, "task", "assignee")).link_route, undefined);
    // Sales reads leads but not projects: a lead's client links, a task's project does not.
    const sales = await t.tokenFor("sales@acme.test");
    assertEquals((await field(sales, "lead", "client")).link_route, "clients/:id");
    assertEquals((await field(sales, "task", "project")).link_route, undefined);
  });
});
