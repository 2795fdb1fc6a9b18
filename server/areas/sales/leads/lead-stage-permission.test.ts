/**
 * A lead's stage Won needs `leads.win` (the option's `requires` in the declaration):
 * a role without it is refused on every write path with the declaration's sentence,
 * naming the field; a role with it, and the code's own conversion, are not.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { importCsv } from "../../../records/testing/import-upload.ts";
import { revokePermission } from "../../../testing/role-permissions.ts";

const REFUSAL = "Only people allowed to win leads may mark a lead won";

interface Lead {
  id: string;
  version: number;
  stage: string;
  name: string;
}

async function leadAt(t: TestApp, token: string, stage: string): Promise<Lead> {
  const { items } = await jsonOf<{ items: Lead[] }>(
    await t.call("POST", "/api/records/lead/list", {
      token,
      body: { filters: [{ field: "stage", op: "eq", value: stage }], limit: 1 },
    }),
  );
  ok(items[0], `a seeded lead at ${stage}`);
  return items[0];
}

async function stageOf(t: TestApp, token: string, id: string): Promise<string> {
  const { record } = await jsonOf<{ record: Lead }>(
    await t.call("GET", `/api/records/lead/${id}`, { token }),
  );
  return record.stage;
}

Deno.test("PATCH of a lead's stage to Won is refused 403 naming the field for the sales role, and allowed to the firm admin", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const lead = await leadAt(t, sales, "new");
    const contacted = await jsonOf<{ record: Lead }>(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token: sales,
        body: { version: lead.version, values: { stage: "contacted" } },
      }),
    );
    assertEquals(contacted.record.stage, "contacted");
    const refused = await errorOf(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token: sales,
        body: { version: contacted.record.version, values: { stage: "won" } },
      }),
      403,
      "forbidden",
    );
    assertEquals(refused.message, REFUSAL);
    assertEquals(
      (refused.details as { fields: Record<string, string> }).fields,
      { stage: REFUSAL },
    );
    assertEquals(await stageOf(t, sales, lead.id), "contacted");

    const admin = await t.tokenFor("admin@acme.test");
    const won = await jsonOf<{ record: Lead }>(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token: admin,
        body: { version: contacted.record.version, values: { stage: "won" } },
      }),
    );
    assertEquals(won.record.stage, "won");
    // A won lead the sales role edits otherwise keeps its stage: keeping a value is no refusal.
    const edited = await jsonOf<{ record: Lead }>(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token: sales,
        body: { version: won.record.version, values: { stage: "won", estimated_value: 77 } },
      }),
    );
    assertEquals(edited.record.stage, "won");
  } finally {
    await t.close();
  }
});

Deno.test("Creating, bulk-editing and importing leads as Won are refused for the sales role", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const created = await errorOf(
      await t.call("POST", "/api/records/lead", {
        token: sales,
        body: { values: { name: "Dana Quick", source: "website", stage: "won" } },
      }),
      403,
      "forbidden",
    );
    assertEquals(created.message, REFUSAL);

    const lead = await leadAt(t, sales, "qualified");
    const bulk = await jsonOf<
      { results: { id: string; ok: boolean; error?: { message: string } }[] }
    >(
      await t.call("POST", "/api/records/lead/bulk", {
        token: sales,
        body: { ids: [lead.id], values: { stage: "won" } },
      }),
    );
    assertEquals(bulk.results.length, 1);
    assertEquals(bulk.results[0].ok, false);
    assertEquals(bulk.results[0].error?.message, REFUSAL);
    assertEquals(await stageOf(t, sales, lead.id), "qualified");

    const imported = await importCsv(
      t,
      sales,
      "lead",
      "Contact name,Source,Stage\nEve Import,website,won\n",
    );
    assertEquals(imported.body.created, 0);
    assertEquals(imported.body.failed.map((f) => [f.line, f.field, f.message]), [
      [2, "stage", REFUSAL],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("The refusal follows the leads.win permission, not the role: a firm admin without it is refused", async () => {
  const t = await createTestApp();
  try {
    await revokePermission(t, "firm_admin", "leads.win");
    const admin = await t.tokenFor("admin@acme.test");
    const lead = await leadAt(t, admin, "proposal");
    const refused = await errorOf(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token: admin,
        body: { version: lead.version, values: { stage: "won" } },
      }),
      403,
      "forbidden",
    );
    assertEquals(refused.message, REFUSAL);
    assertEquals((refused.details as { permission: string }).permission, "leads.win");
  } finally {
    await t.close();
  }
});
