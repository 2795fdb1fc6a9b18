import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";

interface ProjectsBody {
  projects: {
    id: string;
    name: string;
    status: string;
    client_id: string | null;
    client_name: string | null;
    organization_id: string;
  }[];
  total: number;
  skip: number;
  limit: number;
}

async function list(t: TestApp, body: unknown): Promise<ProjectsBody> {
  const token = await t.tokenFor("pm@acme.test");
  return await jsonOf<ProjectsBody>(await t.call("POST", "/projects/list", { token, body }));
}

Deno.test("POST /projects/list answers the organisation's projects with a page of 100 by default", async () => {
  const t = await createTestApp();
  try {
    const body = await list(t, {});
    assertEquals([body.total, body.skip, body.limit], [10, 0, 100]);
    assertEquals(body.projects.map((p) => p.name), [
      "Acme Internal Tooling",
      "Contoso Operations Review",
      "Customer portal rebuild",
      "Enterprise ledger migration",
      "Fabrikam Cloud Migration",
      "Litware API Platform",
      "Northwind BI Dashboards",
      "Northwind ERP Rollout",
      "Tailspin Brand Refresh",
      "Wingtip Due Diligence",
    ]);
    const erp = body.projects.find((p) => p.id === "prj_northwind_erp")!;
    assertEquals([erp.client_name, erp.status, erp.organization_id], [
      "Northwind Traders",
      "active",
      "org_acme",
    ]);
    assertEquals(body.projects[0].client_name, null);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/list filters by status and client", async () => {
  const t = await createTestApp();
  try {
    const active = await list(t, { status: "active" });
    assertEquals(active.total, 7);
    ok(active.projects.every((p) => p.status === "active"));
    const northwind = await list(t, { client_id: "cli_northwind" });
    assertEquals(northwind.projects.map((p) => p.id).sort(), [
      "prj_northwind_bi",
      "prj_northwind_erp",
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/list caps the total at 1000 and pages within it", async () => {
  const t = await createTestApp();
  try {
    const now = new Date(t.clock.now).toISOString();
    for (let i = 0; i < 1005; i++) {
      await t.db.run(
        `INSERT INTO projects (id, organization_id, name, status, start_date, end_date, created_at, updated_at)
         VALUES (?, 'org_acme', ?, 'planning', '2026-01-01', '2026-03-31', ?, ?)`,
        [`prj_bulk_${i}`, `Bulk ${String(i).padStart(4, "0")}`, now, now],
      );
    }
    const first = await list(t, {});
    assertEquals([first.total, first.projects.length, first.limit], [1000, 100, 100]);
    const near = await list(t, { skip: 950 });
    assertEquals([near.total, near.projects.length, near.skip, near.limit], [1000, 50, 950, 50]);
    const beyond = await list(t, { skip: 1000 });
    assertEquals([beyond.total, beyond.projects.length], [1000, 0]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /projects/list answers 400 naming an out-of-range or wrong-typed field", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    const cases: [unknown, string][] = [
      [{ limit: 1001 }, "limit"],
      [{ skip: 1001 }, "skip"],
      [{ skip: -1 }, "skip"],
      [{ status: 3 }, "status"],
    ];
    for (const [body, field] of cases) {
      await assertInvalidFields(await t.call("POST", "/projects/list", { token, body }), field);
    }
  } finally {
    await t.close();
  }
});
