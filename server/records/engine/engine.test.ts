/**
 * The record engine through its HTTP API, on a test-only type using every field
 * type, a child table with a computed total, a workflow, a custom action and a
 * level-1 field (server/testing/sample-record-types.ts). Runs on SQLite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createEngineTestApp } from "../testing/engine-app.ts";
import type { TestApp } from "../../testing/test-app.ts";

const ADMIN = "admin@acme.test";
const SALES = "sales@acme.test";
const OTHER_ORG_ADMIN = "admin@globex.test";

async function json(response: Response) {
  return await response.json();
}

async function withApp(fn: (app: TestApp, admin: string) => Promise<void>) {
  const app = await createEngineTestApp();
  try {
    await fn(app, await app.tokenFor(ADMIN));
  } finally {
    await app.close();
  }
}

async function createJob(app: TestApp, token: string, values: Record<string, unknown>) {
  const response = await app.call("POST", "/api/records/sample_job", { token, body: { values } });
  return { response, body: await json(response) };
}

Deno.test("the record API creates, reads, updates and deletes a record with child rows", async () => {
  await withApp(async (app, admin) => {
    const { response, body } = await createJob(app, admin, {
      title: "Fix the boiler",
      kind: "repair",
      hours: 2.26,
      due_date: "2026-12-01",
      lines: [{ item: "Valve", amount: 40.5, cost: 20 }, { item: "Labour", amount: 80 }],
    });
    assertEquals(response.status, 201, JSON.stringify(body));
    const record = body.record;
    assert(/^JOB-\d{4}-\d{5}$/.test(record.name), record.name);
    assertEquals(record.version, 1);
    assertEquals(record.status, "open");
    assertEquals(record.hours, 2.3, "float kept to its precision of 1");
    assertEquals(record.total, 120.5, "the computed sum of the lines");
    assertEquals(record.billable, true, "default");
    assertEquals(record.lines.length, 2);

    const got = await json(
      await app.call("GET", `/api/records/sample_job/${record.id}`, { token: admin }),
    );
    assertEquals(got.record.title, "Fix the boiler");
    assert(got.actions.some((a: { id: string }) => a.id === "finish"));
    assert(got.actions.some((a: { id: string }) => a.id === "delete"));

    const patched = await app.call("PATCH", `/api/records/sample_job/${record.id}`, {
      token: admin,
      body: {
        version: 1,
        values: { title: "Fix the boiler today", lines: [{ item: "Valve", amount: 10 }] },
      },
    });
    const updated = (await json(patched)).record;
    assertEquals(patched.status, 200);
    assertEquals(updated.version, 2);
    assertEquals(updated.total, 10);

    const stale = await app.call("PATCH", `/api/records/sample_job/${record.id}`, {
      token: admin,
      body: { version: 1, values: { title: "Lost update" } },
    });
    assertEquals(stale.status, 409);
    const after = await json(
      await app.call("GET", `/api/records/sample_job/${record.id}`, { token: admin }),
    );
    assertEquals(after.record.title, "Fix the boiler today", "a stale write changes nothing");

    const history = await json(
      await app.call("GET", `/api/records/sample_job/${record.id}/history`, { token: admin }),
    );
    const changed = history.entries.find((e: { kind: string }) => e.kind === "changed");
    assert(changed, JSON.stringify(history));
    assert(
      changed.changes.some((c: { field: string; from: unknown; to: unknown }) =>
        c.field === "title" && c.from === "Fix the boiler" && c.to === "Fix the boiler today"
      ),
    );
    assertEquals(changed.by.name.length > 0, true);

    const removed = await app.call("DELETE", `/api/records/sample_job/${record.id}?version=2`, {
      token: admin,
    });
    assertEquals(removed.status, 204);
    const gone = await app.call("GET", `/api/records/sample_job/${record.id}`, { token: admin });
    assertEquals(gone.status, 404);
  });
});

Deno.test("bad values answer 400 naming each field, and nothing is stored", async () => {
  await withApp(async (app, admin) => {
    const { response, body } = await createJob(app, admin, {
      title: "x".repeat(141),
      visits: "three",
      kind: "demolish",
      due_date: "2026-02-31",
      contact: "nope",
      unknown_field: 1,
      lines: [{ amount: 5 }],
    });
    assertEquals(response.status, 400);
    assertEquals(body.error.code, "invalid_input");
    const fields = body.error.details.fields;
    for (
      const key of [
        "title",
        "visits",
        "kind",
        "due_date",
        "contact",
        "unknown_field",
        "lines[0].item",
      ]
    ) {
      assert(fields[key], `${key} is named: ${JSON.stringify(fields)}`);
    }
    const missing = await createJob(app, admin, { kind: "install" });
    assertEquals(missing.response.status, 400);
    assertEquals(missing.body.error.details.fields.title, "Title is required");
    assertEquals(
      missing.body.error.details.fields.site,
      "Site is required",
      "required_if kind == 'install'",
    );
    const list = await json(
      await app.call("POST", "/api/records/sample_job/list", { token: admin, body: {} }),
    );
    assertEquals(list.total, { count: 0, exact: true });
  });
});

Deno.test("a role without the permission is refused, naming it; another organisation's id is 404", async () => {
  await withApp(async (app, admin) => {
    const { body } = await createJob(app, admin, { title: "Mine" });
    const sales = await app.tokenFor(SALES);
    const refused = await app.call("POST", "/api/records/sample_job", {
      token: sales,
      body: { values: { title: "x" } },
    });
    assertEquals(refused.status, 403);
    const message = (await json(refused)).error.message;
    assert(message.includes("milestones."), message);
    const other = await app.tokenFor(OTHER_ORG_ADMIN);
    const foreign = await app.call("GET", `/api/records/sample_job/${body.record.id}`, {
      token: other,
    });
    assertEquals(foreign.status, 404);
    const foreignPatch = await app.call("PATCH", `/api/records/sample_job/${body.record.id}`, {
      token: other,
      body: { version: 1, values: { title: "Taken over" } },
    });
    assertEquals(foreignPatch.status, 404);
  });
});

Deno.test("lists filter, search, sort and page with a cursor, and count exactly", async () => {
  await withApp(async (app, admin) => {
    for (let i = 0; i < 7; i++) {
      const { response } = await createJob(app, admin, {
        title: `Job ${i}`,
        kind: i % 2 === 0 ? "repair" : "install",
        site: "https://example.com",
        margin: i * 10,
      });
      assertEquals(response.status, 201);
    }
    const page = async (cursor?: string) =>
      await json(
        await app.call("POST", "/api/records/sample_job/list", {
          token: admin,
          body: {
            filters: [{ field: "kind", op: "eq", value: "repair" }],
            sort: [{ field: "margin", dir: "desc" }],
            limit: 2,
            ...(cursor ? { cursor } : {}),
          },
        }),
      );
    const first = await page();
    assertEquals(first.total, { count: 4, exact: true });
    assertEquals(first.items.map((r: { title: string }) => r.title), ["Job 6", "Job 4"]);
    const second = await page(first.next_cursor);
    assertEquals(second.items.map((r: { title: string }) => r.title), ["Job 2", "Job 0"]);
    assertEquals(second.next_cursor, null);
    const searched = await json(
      await app.call("POST", "/api/records/sample_job/list", {
        token: admin,
        body: { search: "job 3" },
      }),
    );
    assertEquals(searched.items.map((r: { title: string }) => r.title), ["Job 3"]);
    const bad = await app.call("POST", "/api/records/sample_job/list", {
      token: admin,
      body: { filters: [{ field: "secret", op: "eq", value: 1 }] },
    });
    assertEquals(bad.status, 400);
  });
});

Deno.test("records with an empty date sort last both ways, also across pages", async () => {
  await withApp(async (app, admin) => {
    const dues = ["2026-03-01", null, "2026-01-01", null, "2026-02-01"];
    for (const [i, due_date] of dues.entries()) {
      const { response } = await createJob(app, admin, {
        title: `Job ${i}`,
        kind: "repair",
        ...(due_date ? { due_date } : {}),
      });
      assertEquals(response.status, 201);
    }
    const titles = async (dir: "asc" | "desc") => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { items: { title: string }[]; next_cursor: string | null } = await json(
          await app.call("POST", "/api/records/sample_job/list", {
            token: admin,
            body: { sort: [{ field: "due_date", dir }], limit: 2, ...(cursor ? { cursor } : {}) },
          }),
        );
        seen.push(...page.items.map((r) => r.title));
        cursor = page.next_cursor;
      } while (cursor);
      return seen;
    };
    const empties = ["Job 1", "Job 3"].sort();
    const asc = await titles("asc");
    assertEquals(asc.slice(0, 3), ["Job 2", "Job 4", "Job 0"]);
    assertEquals(asc.slice(3).sort(), empties);
    const desc = await titles("desc");
    assertEquals(desc.slice(0, 3), ["Job 0", "Job 4", "Job 2"]);
    assertEquals(desc.slice(3).sort(), empties);
  });
});

Deno.test("transitions move the state, refuse with the reason, and need their comment", async () => {
  await withApp(async (app, admin) => {
    const { body } = await createJob(app, admin, { title: "Paint" });
    const id = body.record.id;
    const finished = await app.call("POST", `/api/records/sample_job/${id}/actions/finish`, {
      token: admin,
      body: { version: 1 },
    });
    assertEquals(finished.status, 200);
    const record = (await json(finished)).record;
    assertEquals(record.status, "done");
    const again = await app.call("POST", `/api/records/sample_job/${id}/actions/finish`, {
      token: admin,
      body: { version: record.version },
    });
    assertEquals(again.status, 409);
    assert((await json(again)).error.message.includes("Done"));
    const noComment = await app.call("POST", `/api/records/sample_job/${id}/actions/reopen`, {
      token: admin,
      body: { version: record.version },
    });
    assertEquals(noComment.status, 400);
    const reopened = await app.call("POST", `/api/records/sample_job/${id}/actions/reopen`, {
      token: admin,
      body: { version: record.version, comment: "Missed a wall" },
    });
    assertEquals(reopened.status, 200);
    const history = await json(
      await app.call("GET", `/api/records/sample_job/${id}/history`, { token: admin }),
    );
    assert(
      history.entries.some((e: { action?: string; comment?: string }) =>
        e.action === "reopen" && e.comment === "Missed a wall"
      ),
    );
  });
});

Deno.test("bulk updates report one result per id", async () => {
  await withApp(async (app, admin) => {
    const a = (await createJob(app, admin, { title: "A" })).body.record.id;
    const b = (await createJob(app, admin, { title: "B" })).body.record.id;
    const response = await app.call("POST", "/api/records/sample_job/bulk", {
      token: admin,
      body: { ids: [a, b, "missing"], values: { visits: 3 } },
    });
    const result = await json(response);
    assertEquals(result.succeeded, 2);
    assertEquals(result.failed, 1);
    assertEquals(
      result.results.find((r: { id: string }) => r.id === "missing").error.code,
      "not_found",
    );
    const bad = await json(
      await app.call("POST", "/api/records/sample_job/bulk", {
        token: admin,
        body: { ids: [a], values: { visits: 500 } },
      }),
    );
    assertEquals(bad.results[0].error.field, "visits");
  });
});

Deno.test("a user saves a list view, lists through it, and deletes it", async () => {
  await withApp(async (app, admin) => {
    await createJob(app, admin, { title: "Repair A", kind: "repair" });
    await createJob(app, admin, { title: "Install B", kind: "install", site: "https://b.example" });
    const saved = await app.call("POST", "/api/records/sample_job/views", {
      token: admin,
      body: { label: "Repairs", filters: [{ field: "kind", op: "eq", value: "repair" }] },
    });
    assertEquals(saved.status, 201);
    const view = (await json(saved)).view;
    const listed = await json(
      await app.call("POST", "/api/records/sample_job/list", {
        token: admin,
        body: { view: view.id },
      }),
    );
    assertEquals(listed.items.map((r: { title: string }) => r.title), ["Repair A"]);
    const twice = await app.call("POST", "/api/records/sample_job/views", {
      token: admin,
      body: { label: "Repairs" },
    });
    assertEquals(twice.status, 409);
    const badFilter = await app.call("POST", "/api/records/sample_job/views", {
      token: admin,
      body: { label: "Broken", filters: [{ field: "nope", op: "eq", value: 1 }] },
    });
    assertEquals(badFilter.status, 400);
    const views = await json(
      await app.call("GET", "/api/records/sample_job/views", { token: admin }),
    );
    assertEquals(views.views.map((v: { label: string }) => v.label), [
      "My jobs",
      "Due soon",
      "Repairs",
    ]);
    const other = await app.tokenFor("pm@acme.test");
    const theirs = await app.call("DELETE", `/api/records/sample_job/views/${view.id}`, {
      token: other,
    });
    assertEquals(theirs.status === 404 || theirs.status === 403, true);
    const removed = await app.call("DELETE", `/api/records/sample_job/views/${view.id}`, {
      token: admin,
    });
    assertEquals(removed.status, 204);
  });
});

Deno.test("a list's count follows every write at once, though it is remembered between them", async () => {
  await withApp(async (app, admin) => {
    const count = async () =>
      (await json(
        await app.call("POST", "/api/records/sample_job/list", { token: admin, body: {} }),
      )).total.count;
    assertEquals(await count(), 0);
    assertEquals(await count(), 0);
    const { body } = await createJob(app, admin, { title: "Counted" });
    assertEquals(await count(), 1);
    await app.call("DELETE", `/api/records/sample_job/${body.record.id}?version=1`, {
      token: admin,
    });
    assertEquals(await count(), 0);
  });
});

Deno.test("a role without level 1 lists in the declared order minus hidden fields, and a forged cursor is 400", async () => {
  await withApp(async (app, admin) => {
    await createJob(app, admin, { title: "Visible" });
    await app.db.run(
      `INSERT INTO role_permissions (organization_id, role_id, permission)
       SELECT organization_id, id, 'milestones.read' FROM roles WHERE organization_id = 'org_acme' AND name = 'project_manager'
       ON CONFLICT DO NOTHING`,
    );
    const pm = await app.tokenFor("pm@acme.test");
    const listed = await app.call("POST", "/api/records/sample_job/list", { token: pm, body: {} });
    assertEquals(listed.status, 200, "the declared sort is on the hidden margin");
    const items = (await listed.json()).items;
    assertEquals(items.map((r: { title: string }) => r.title), ["Visible"]);
    assertEquals(Object.hasOwn(items[0], "margin"), false);
    const forged = btoa(JSON.stringify([{ evil: true }, "x"])).replaceAll("=", "");
    const bad = await app.call("POST", "/api/records/sample_job/list", {
      token: admin,
      body: { cursor: forged },
    });
    assertEquals(bad.status, 400);
  });
});

Deno.test("a record's history names linked records and people by their titles", async () => {
  await withApp(async (app, admin) => {
    const { body } = await createJob(app, admin, { title: "Linked" });
    await app.call("PATCH", `/api/records/sample_job/${body.record.id}`, {
      token: admin,
      body: { version: 1, values: { owner: "usr_acme_tom" } },
    });
    const history = await json(
      await app.call("GET", `/api/records/sample_job/${body.record.id}/history`, { token: admin }),
    );
    const change = history.entries.flatMap((e: { changes?: unknown[] }) => e.changes ?? [])
      .find((c: { field: string }) => c.field === "owner");
    assertEquals(
      [change.to, change.to_title, change.from_title],
      ["usr_acme_tom", "Tom Becker", null],
    );
  });
});

Deno.test("a new child row left without a value takes the field's declared default", async () => {
  await withApp(async (app, admin) => {
    const created = await app.call("POST", "/api/records/project", {
      token: admin,
      body: {
        values: {
          name: "Defaults project",
          start_date: "2026-01-05",
          end_date: "2026-03-31",
          members: [{ user: "usr_acme_tom" }, { user: "usr_acme_pm", capacity_hours: 20 }],
        },
      },
    });
    const body = await json(created);
    assertEquals(created.status, 201, JSON.stringify(body));
    const members = body.record.members as { role: string; capacity_hours: number }[];
    assertEquals(members.map((m) => [m.role, m.capacity_hours]), [
      ["developer", 40],
      ["developer", 20],
    ]);
  });
});

Deno.test("a row's read-only value is the server's: what a caller sends for it is not kept", async () => {
  await withApp(async (app, admin) => {
    const created = await json(
      await app.call("POST", "/api/records/project", {
        token: admin,
        body: {
          values: {
            name: "Read-only rows project",
            start_date: "2026-01-05",
            end_date: "2026-03-31",
            members: [{ user: "usr_acme_tom", added_at: "2001-01-01T00:00:00.000Z" }],
          },
        },
      }),
    );
    const [member] = created.record.members as { id: string; added_at: string }[];
    // A new row starts at the declared default (@now), not at the sent date.
    assert(member.added_at.startsWith("20") && !member.added_at.startsWith("2001"));
    const updated = await app.call("PATCH", `/api/records/project/${created.record.id}`, {
      token: admin,
      body: {
        version: created.record.version,
        values: { members: [{ ...member, added_at: "2002-02-02T00:00:00.000Z" }] },
      },
    });
    const body = await json(updated);
    assertEquals(updated.status, 200, JSON.stringify(body));
    const rows = body.record.members as { id: string; added_at: string }[];
    // A stored row keeps its own; a made-up row id gets no say either.
    assertEquals(rows.map((r) => [r.id, r.added_at]), [[member.id, member.added_at]]);
    const forged = await json(
      await app.call("PATCH", `/api/records/project/${created.record.id}`, {
        token: admin,
        body: {
          version: body.record.version,
          values: { members: [{ id: "pmb_forged", user: "usr_acme_pm" }] },
        },
      }),
    );
    assert((forged.record.members as { id: string }[])[0].id !== "pmb_forged");
  });
});
