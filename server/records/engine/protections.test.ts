/**
 * What the engine protects on every write: a unique field's value belongs to one
 * record of the organisation (400 naming it, not a database error), and a caller
 * without permission level 1 neither sets nor wipes level-1 values of child rows.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createEngineTestApp } from "../testing/engine-app.ts";

Deno.test("a second item with a taken name answers 400 naming the field, and nothing is stored", async () => {
  const app = await createEngineTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const values = { name: "Site survey", item_type: "service", rate: 120 };
    const first = await app.call("POST", "/api/records/item", { token: admin, body: { values } });
    assertEquals(first.status, 201, await first.clone().text());
    const second = await app.call("POST", "/api/records/item", { token: admin, body: { values } });
    assertEquals(second.status, 400);
    const error = (await second.json()).error;
    assert(error.details.fields.name, JSON.stringify(error));
    const count = await app.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM items WHERE organization_id = 'org_acme' AND name = 'Site survey'",
    );
    assertEquals(Number(count!.n), 1);
  } finally {
    await app.close();
  }
});

Deno.test("a caller without level 1 keeps child rows' level-1 values it cannot see, and cannot set them", async () => {
  const app = await createEngineTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    await app.db.run(
      `INSERT INTO role_permissions (organization_id, role_id, permission)
       SELECT organization_id, id, 'milestones.update' FROM roles WHERE organization_id = 'org_acme' AND name = 'project_manager'
       ON CONFLICT DO NOTHING`,
    );
    const pm = await app.tokenFor("pm@acme.test");
    const created = await app.call("POST", "/api/records/sample_job", {
      token: admin,
      body: { values: { title: "Roof", lines: [{ item: "Tiles", amount: 100, cost: 60 }] } },
    });
    const job = (await created.json()).record;
    const seen = (await (await app.call("GET", `/api/records/sample_job/${job.id}`, { token: pm }))
      .json()).record;
    assertEquals(
      Object.hasOwn(seen.lines[0], "cost"),
      false,
      "the cost is hidden from the manager",
    );
    const setting = await app.call("PATCH", `/api/records/sample_job/${job.id}`, {
      token: pm,
      body: {
        version: 1,
        values: { lines: [{ id: seen.lines[0].id, item: "Tiles", amount: 90, cost: 1 }] },
      },
    });
    assertEquals(setting.status, 400);
    assert((await setting.json()).error.details.fields["lines[0].cost"]);
    const editing = await app.call("PATCH", `/api/records/sample_job/${job.id}`, {
      token: pm,
      body: {
        version: 1,
        values: {
          lines: [{ id: seen.lines[0].id, item: "Tiles", amount: 90 }, {
            item: "Nails",
            amount: 5,
          }],
        },
      },
    });
    assertEquals(editing.status, 200, await editing.clone().text());
    const stored = await app.db.all<{ item: string; cost: number }>(
      "SELECT item, cost FROM sample_job_lines WHERE parent_id = ? ORDER BY idx",
      [job.id],
    );
    assertEquals(stored.map((r) => ({ item: r.item, cost: Number(r.cost) })), [
      { item: "Tiles", cost: 60 },
      { item: "Nails", cost: 0 },
    ]);
  } finally {
    await app.close();
  }
});

Deno.test("a task with logged time answers 409 to a delete and stays, with its history", async () => {
  const app = await createEngineTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const logged = await app.db.get<{ id: string; version: number }>(
      `SELECT t.id, t.version FROM tasks t WHERE t.organization_id = 'org_acme'
       AND EXISTS (SELECT 1 FROM time_logs l WHERE l.task_id = t.id) ORDER BY t.id LIMIT 1`,
    );
    assert(logged, "the seed logs time against some task");
    const refused = await app.call(
      "DELETE",
      `/api/records/task/${logged!.id}?version=${logged!.version}`,
      {
        token: admin,
      },
    );
    assertEquals(refused.status, 409);
    assert((await refused.json()).error.message.includes("still used"));
    const history = await app.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM task_status_history WHERE task_id = ?",
      [logged!.id],
    );
    assert(Number(history!.n) > 0, "nothing of it was removed");
  } finally {
    await app.close();
  }
});
