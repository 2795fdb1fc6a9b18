/**
 * A lead moved to Lost says why: its lost reason (from the organisation's list) is
 * required on every write path, a save, a bulk edit and an import alike, and the
 * competitor it was lost to, when named, must be one of the organisation's.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { importCsv } from "../../../records/testing/import-upload.ts";

interface Lead {
  id: string;
  version: number;
  stage: string;
  lost_reason: string | null;
  lost_to: string | null;
  lost_to__title?: string;
}

async function newLead(t: TestApp, token: string, name: string): Promise<Lead> {
  const { record } = await jsonOf<{ record: Lead }>(
    await t.call("POST", "/api/records/lead", {
      token,
      body: { values: { name, source: "website", stage: "qualified", estimated_value: 5000 } },
    }),
    201,
  );
  return record;
}

async function leadOf(t: TestApp, token: string, id: string): Promise<Lead> {
  return (await jsonOf<{ record: Lead }>(await t.call("GET", `/api/records/lead/${id}`, { token })))
    .record;
}

function fieldsOf(error: { details?: unknown }): Record<string, string> {
  return (error.details as { fields: Record<string, string> }).fields;
}

Deno.test("PATCH of a lead to Lost without a reason is refused 400 naming lost_reason and changes nothing; with one it is saved", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const lead = await newLead(t, sales, "Lost Without Reason");
    const refused = await errorOf(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token: sales,
        body: { version: lead.version, values: { stage: "lost" } },
      }),
      400,
      "invalid_input",
    );
    assertEquals(fieldsOf(refused), { lost_reason: "Lost reason is required" });
    ok(refused.message.includes("Lost reason is required"), refused.message);
    const unchanged = await leadOf(t, sales, lead.id);
    assertEquals([unchanged.stage, unchanged.version], ["qualified", lead.version]);

    const saved = await jsonOf<{ record: Lead }>(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token: sales,
        body: {
          version: lead.version,
          values: { stage: "lost", lost_reason: "chose_competitor", lost_to: "cmp_acme_2" },
        },
      }),
    );
    assertEquals(
      [saved.record.stage, saved.record.lost_reason, saved.record.lost_to],
      ["lost", "chose_competitor", "cmp_acme_2"],
    );
    assertEquals((await leadOf(t, sales, lead.id)).lost_to__title, "Contoso Partners");

    // Clearing the reason of a lost lead is refused too.
    const cleared = await errorOf(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token: sales,
        body: { version: saved.record.version, values: { lost_reason: null } },
      }),
      400,
      "invalid_input",
    );
    assertEquals(Object.keys(fieldsOf(cleared)), ["lost_reason"]);
  } finally {
    await t.close();
  }
});

Deno.test("Creating a lead as Lost needs a reason from the organisation's list", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const missing = await errorOf(
      await t.call("POST", "/api/records/lead", {
        token: sales,
        body: { values: { name: "Born Lost", source: "website", stage: "lost" } },
      }),
      400,
      "invalid_input",
    );
    assertEquals(Object.keys(fieldsOf(missing)), ["lost_reason"]);
    const unknown = await errorOf(
      await t.call("POST", "/api/records/lead", {
        token: sales,
        body: {
          values: { name: "Born Lost", source: "website", stage: "lost", lost_reason: "bad_luck" },
        },
      }),
      400,
      "invalid_input",
    );
    assertEquals(Object.keys(fieldsOf(unknown)), ["lost_reason"]);
    const created = await jsonOf<{ record: Lead }>(
      await t.call("POST", "/api/records/lead", {
        token: sales,
        body: {
          values: { name: "Born Lost", source: "website", stage: "lost", lost_reason: "no_budget" },
        },
      }),
      201,
    );
    assertEquals([created.record.stage, created.record.lost_reason], ["lost", "no_budget"]);
  } finally {
    await t.close();
  }
});

Deno.test("A bulk move to Lost without a reason is refused per lead naming the lost reason; with one every lead moves", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const a = await newLead(t, sales, "Bulk Lost A");
    const b = await newLead(t, sales, "Bulk Lost B");
    const refused = await jsonOf<
      { results: { id: string; ok: boolean; error?: { message: string; details?: unknown } }[] }
    >(
      await t.call("POST", "/api/records/lead/bulk", {
        token: sales,
        body: { ids: [a.id, b.id], values: { stage: "lost" } },
      }),
    );
    assertEquals(refused.results.map((r) => r.ok), [false, false]);
    for (const result of refused.results) {
      ok(result.error?.message.includes("Lost reason is required"), result.error?.message);
    }
    assertEquals((await leadOf(t, sales, a.id)).stage, "qualified");
    assertEquals((await leadOf(t, sales, b.id)).stage, "qualified");

    const moved = await jsonOf<{ results: { ok: boolean }[] }>(
      await t.call("POST", "/api/records/lead/bulk", {
        token: sales,
        body: { ids: [a.id, b.id], values: { stage: "lost", lost_reason: "timing" } },
      }),
    );
    assertEquals(moved.results.map((r) => r.ok), [true, true]);
    const after = await leadOf(t, sales, b.id);
    assertEquals([after.stage, after.lost_reason, after.lost_to], ["lost", "timing", null]);
  } finally {
    await t.close();
  }
});

Deno.test("An import row of a lost lead without a reason fails naming the lost reason; one with a reason is created", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const refused = await importCsv(
      t,
      sales,
      "lead",
      "Contact name,Source,Stage,Lost reason\nIra Import,website,lost,\n",
    );
    assertEquals(refused.body.created, 0);
    assertEquals(refused.body.failed.map((f) => [f.line, f.field]), [[2, "lost_reason"]]);
    const imported = await importCsv(
      t,
      sales,
      "lead",
      "Contact name,Source,Stage,Lost reason\nIra Import,website,lost,price\n",
    );
    assertEquals(imported.body.created, 1);
  } finally {
    await t.close();
  }
});

Deno.test("A lead is lost only to a competitor of its own organisation", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const lead = await newLead(t, sales, "Lost Abroad");
    // cmp_globex_1 is Globex's: to Acme it does not exist.
    const refused = await errorOf(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token: sales,
        body: {
          version: lead.version,
          values: { stage: "lost", lost_reason: "chose_competitor", lost_to: "cmp_globex_1" },
        },
      }),
      400,
      "invalid_input",
    );
    assertEquals(Object.keys(fieldsOf(refused)), ["lost_to"]);
    assertEquals((await leadOf(t, sales, lead.id)).stage, "qualified");
  } finally {
    await t.close();
  }
});

Deno.test("The lead form shows the lost reason and competitor only when the stage is Lost, with the lost reasons as labels", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const { meta, options } = await jsonOf<{
      meta: { fields: { id: string; visible_if?: string; required_if?: string }[] };
      options: Record<string, { value: string; label: string }[]>;
    }>(await t.call("GET", "/api/records/lead/meta", { token: sales }));
    const field = (id: string) => meta.fields.find((f) => f.id === id);
    assertEquals(field("lost_reason")?.visible_if, "stage == 'lost'");
    assertEquals(field("lost_reason")?.required_if, "stage == 'lost'");
    assertEquals(field("lost_to")?.visible_if, "stage == 'lost'");
    assertEquals(options.lost_reason.map((o) => o.label), [
      "Price",
      "Chose a competitor",
      "No budget",
      "No decision",
      "Timing",
      "Product fit",
    ]);
  } finally {
    await t.close();
  }
});
