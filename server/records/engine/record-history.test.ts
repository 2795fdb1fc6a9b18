/**
 * A record's history shows each audited change as the record's own GET would show
 * its values: child rows are audited whole, so their level-1 fields (a project
 * team's hourly rates, a claim's sanctioned amounts) are left out for a caller
 * without the level, while the rest of the change stays.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { jsonOf } from "../../testing/http-assertions.ts";

type Json = Record<string, unknown>;

async function patchRows(t: TestApp, path: string, table: string, change: (row: Json) => Json) {
  const admin = await t.tokenFor("admin@acme.test");
  const { record } = await jsonOf<{ record: Json }>(await t.call("GET", path, { token: admin }));
  const rows = (record[table] as Json[]).map((row) =>
    change(Object.fromEntries(Object.entries(row).filter(([key]) => !key.endsWith("__title"))))
  );
  await jsonOf(
    await t.call("PATCH", path, {
      token: admin,
      body: { version: record.version, values: { [table]: rows } },
    }),
  );
}

async function historyText(t: TestApp, path: string, email: string): Promise<string> {
  const token = await t.tokenFor(email);
  const history = await jsonOf<{ entries: { changes?: { field: string }[] }[] }>(
    await t.call("GET", `${path}/history`, { token }),
  );
  return JSON.stringify(history.entries);
}

Deno.test("a member reads a project's team changes in its history without the hourly rates", async () => {
  const t = await createTestApp();
  try {
    const path = "/api/records/project/prj_acme_internal";
    await patchRows(t, path, "members", (row) => ({ ...row, hourly_rate: 4321.09 }));
    const member = await historyText(t, path, "member@acme.test");
    ok(member.includes('"field":"members"'), "the team change is in the history");
    ok(!member.includes("4321.09"), "no hourly rate reaches the member");
    ok(!member.includes("hourly_rate"));
    ok((await historyText(t, path, "pm@acme.test")).includes("4321.09"));
  } finally {
    await t.close();
  }
});

Deno.test("a claimant reads their claim's history without the sanctioned amounts", async () => {
  const t = await createTestApp();
  try {
    const path = "/api/records/expense/exp_acme_member_1";
    await patchRows(t, path, "lines", (row) => ({ ...row, amount: 120, sanctioned_amount: 98.76 }));
    const claimant = await historyText(t, path, "member@acme.test");
    ok(claimant.includes('"field":"lines"'));
    ok(claimant.includes("120"), "the claimed amount is shown");
    ok(!claimant.includes("98.76"), "the sanctioned amount is not");
    assertEquals(claimant.includes("sanctioned"), false);
    ok((await historyText(t, path, "finance@acme.test")).includes("98.76"));
  } finally {
    await t.close();
  }
});

Deno.test("a history names only what the type shows: its fields, name, state and document status", async () => {
  const t = await createTestApp();
  try {
    // The demo's project entry carries bookkeeping of its own ({ seeded: true }).
    const project = JSON.parse(
      await historyText(t, "/api/records/project/prj_northwind_erp", "admin@acme.test"),
    ) as { changes?: { field: string; label: string }[] }[];
    ok(project.length > 0, "the project has a history");
    assertEquals(project.flatMap((e) => e.changes ?? []).map((c) => c.field), []);

    const admin = await t.tokenFor("admin@acme.test");
    const path = "/api/records/expense/exp_acme_member_1";
    const { record } = await jsonOf<{ record: Json }>(await t.call("GET", path, { token: admin }));
    await jsonOf(
      await t.call("POST", `${path}/actions/submit`, {
        token: admin,
        body: { version: record.version },
      }),
    );
    const claim = JSON.parse(await historyText(t, path, "admin@acme.test")) as {
      action?: string;
      changes?: { field: string; label: string; from: unknown; to: unknown }[];
    }[];
    const submitted = claim.find((e) => e.action === "submit");
    assertEquals(submitted?.changes, [
      { field: "status", label: "Status", from: "draft", to: "submitted" },
    ]);
  } finally {
    await t.close();
  }
});
