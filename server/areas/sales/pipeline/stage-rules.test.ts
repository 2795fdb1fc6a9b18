/**
 * Lead stages are the organisation's data (`lead_stage`, edited in `lead-workflow`):
 * every organisation starts with the six stages and their probabilities; a
 * stage's required fields are enforced on every write path that moves a lead into
 * it (save, bulk edit, import), refused 400 naming each missing field with nothing
 * stored; every stage change is logged with who, when and the days spent in the
 * stage left; and bad stage settings are refused naming the field.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { importCsv } from "../../../records/testing/import-upload.ts";
import { PEOPLE } from "../../../db/seed/demo-people.ts";

interface Stage {
  id: string;
  version: number;
  code: string;
  label: string;
  position: number;
  probability: number;
  kind: string;
  required_fields: string;
}

interface StageChange {
  from_stage: string;
  to_stage: string;
  changed_by: string;
  changed_at: string;
  days_in_previous: number;
}

interface Lead {
  id: string;
  version: number;
  stage: string;
  email: string | null;
  stage_entered_at: string | null;
  stage_changes: StageChange[];
}

const DAY_MS = 86_400_000;

async function stages(t: TestApp, token: string): Promise<Stage[]> {
  const { items } = await jsonOf<{ items: Stage[] }>(
    await t.call("POST", "/api/records/lead_stage/list", {
      token,
      body: { sort: [{ field: "position", dir: "asc" }] },
    }),
  );
  return items;
}

async function stageNamed(t: TestApp, token: string, code: string): Promise<Stage> {
  const stage = (await stages(t, token)).find((s) => s.code === code);
  ok(stage, `stage ${code}`);
  return stage;
}

async function requireFields(t: TestApp, token: string, code: string, fields: string) {
  const stage = await stageNamed(t, token, code);
  return await jsonOf<{ record: Stage }>(
    await t.call("PATCH", `/api/records/lead_stage/${stage.id}`, {
      token,
      body: { version: stage.version, values: { required_fields: fields } },
    }),
  );
}

async function newLead(t: TestApp, token: string, values: Record<string, unknown>): Promise<Lead> {
  const { record } = await jsonOf<{ record: Lead }>(
    await t.call("POST", "/api/records/lead", {
      token,
      body: { values: { source: "website", ...values } },
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

Deno.test("Every organisation starts with the six stages in board order with their probabilities", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const list = await stages(t, sales);
    assertEquals(
      list.map((s) => [s.code, s.position, s.probability, s.kind]),
      [
        ["new", 1, 10, "open"],
        ["contacted", 2, 20, "open"],
        ["qualified", 3, 40, "open"],
        ["proposal", 4, 60, "open"],
        ["won", 5, 100, "won"],
        ["lost", 6, 0, "lost"],
      ],
    );
    // Stages are settings: the sales role reads them and may not change them.
    await errorOf(
      await t.call("PATCH", `/api/records/lead_stage/${list[0].id}`, {
        token: sales,
        body: { version: list[0].version, values: { probability: 15 } },
      }),
      403,
      "forbidden",
    );
  } finally {
    await t.close();
  }
});

Deno.test("A stage's probability over 100 or a required field that is not a lead field is refused naming the field, nothing stored", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const qualified = await stageNamed(t, admin, "qualified");
    await assertInvalidFields(
      await t.call("PATCH", `/api/records/lead_stage/${qualified.id}`, {
        token: admin,
        body: { version: qualified.version, values: { probability: 120 } },
      }),
      "probability",
    );
    const unknown = await errorOf(
      await t.call("PATCH", `/api/records/lead_stage/${qualified.id}`, {
        token: admin,
        body: { version: qualified.version, values: { required_fields: "email, budget" } },
      }),
      400,
      "invalid_input",
    );
    assertEquals(Object.keys(fieldsOf(unknown)), ["required_fields"]);
    ok(unknown.message.includes('"budget"'), unknown.message);
    // A field the server sets is no field a person can fill in before a move.
    await assertInvalidFields(
      await t.call("PATCH", `/api/records/lead_stage/${qualified.id}`, {
        token: admin,
        body: { version: qualified.version, values: { required_fields: "stage_entered_at" } },
      }),
      "required_fields",
    );
    await assertInvalidFields(
      await t.call("POST", "/api/records/lead_stage", {
        token: admin,
        body: { values: { code: "Bad Code", label: "Bad", probability: 50 } },
      }),
      "code",
    );
    await assertInvalidFields(
      await t.call("PATCH", `/api/records/lead_stage/${qualified.id}`, {
        token: admin,
        body: { version: qualified.version, values: { code: "qualified_2" } },
      }),
      "code",
    );
    const unchanged = await stageNamed(t, admin, "qualified");
    assertEquals(
      [unchanged.version, unchanged.probability, unchanged.required_fields],
      [qualified.version, 40, ""],
    );
  } finally {
    await t.close();
  }
});

Deno.test("Entering a stage with its required fields unset is refused 400 naming them on a save; once set the lead moves", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    await requireFields(t, admin, "qualified", "email, estimated_value");
    const lead = await newLead(t, sales, { name: "Rita Rules", stage: "contacted" });
    const refused = await errorOf(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token: sales,
        body: { version: lead.version, values: { stage: "qualified" } },
      }),
      400,
      "invalid_input",
    );
    assertEquals(Object.keys(fieldsOf(refused)).sort(), ["email", "estimated_value"]);
    assertEquals(
      refused.message,
      "Email is required before a lead enters Qualified; " +
        "Estimated value is required before a lead enters Qualified",
    );
    const unchanged = await leadOf(t, sales, lead.id);
    assertEquals([unchanged.stage, unchanged.version], ["contacted", lead.version]);
    assertEquals(unchanged.stage_changes, []);

    // Creating a lead straight into the stage is a way in too.
    await assertInvalidFields(
      await t.call("POST", "/api/records/lead", {
        token: sales,
        body: { values: { name: "Straight In", source: "website", stage: "qualified" } },
      }),
      "email",
      "estimated_value",
    );

    const moved = await jsonOf<{ record: Lead }>(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token: sales,
        body: {
          version: lead.version,
          values: { stage: "qualified", email: "rita@example.com", estimated_value: 900 },
        },
      }),
    );
    assertEquals(moved.record.stage, "qualified");
    // A save that keeps the stage is not an entry: it is not checked again.
    await requireFields(t, admin, "qualified", "email, estimated_value, phone");
    const kept = await jsonOf<{ record: Lead }>(
      await t.call("PATCH", `/api/records/lead/${lead.id}`, {
        token: sales,
        body: { version: moved.record.version, values: { company: "Kept Ltd" } },
      }),
    );
    assertEquals(kept.record.stage, "qualified");
  } finally {
    await t.close();
  }
});

Deno.test("A bulk move and an import into a stage with unset required fields are refused per lead naming the field", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    await requireFields(t, admin, "proposal", "estimated_value");
    const bare = await newLead(t, sales, { name: "Bulk Bare", stage: "qualified" });
    const valued = await newLead(t, sales, {
      name: "Bulk Valued",
      stage: "qualified",
      estimated_value: 2500,
    });
    const bulk = await jsonOf<
      { results: { id: string; ok: boolean; error?: { message: string } }[] }
    >(
      await t.call("POST", "/api/records/lead/bulk", {
        token: sales,
        body: { ids: [bare.id, valued.id], values: { stage: "proposal" } },
      }),
    );
    assertEquals(bulk.results.map((r) => r.ok), [false, true]);
    assertEquals(
      bulk.results[0].error?.message,
      "Estimated value is required before a lead enters Proposal sent",
    );
    assertEquals((await leadOf(t, sales, bare.id)).stage, "qualified");
    assertEquals((await leadOf(t, sales, valued.id)).stage, "proposal");

    const refused = await importCsv(
      t,
      sales,
      "lead",
      "Contact name,Source,Stage,Estimated value\nIma Bare,website,proposal,\n",
    );
    assertEquals(refused.body.created, 0);
    assertEquals(refused.body.failed.map((f) => [f.line, f.field]), [[2, "estimated_value"]]);
    const imported = await importCsv(
      t,
      sales,
      "lead",
      "Contact name,Source,Stage,Estimated value\nIma Valued,website,proposal,1200\n",
    );
    assertEquals(imported.body.created, 1);
  } finally {
    await t.close();
  }
});

Deno.test("Each stage change is logged with who, when and the days spent in the stage left; stage_entered_at follows", async () => {
  const t = await createTestApp();
  try {
    let sales = await t.tokenFor("sales@acme.test");
    const user = PEOPLE.find((p) => p.email === "sales@acme.test")!;
    const created = await newLead(t, sales, { name: "Log Lee", stage: "new" });
    const createdAt = new Date(t.clock.now).toISOString();
    assertEquals(created.stage_entered_at, createdAt);
    assertEquals(created.stage_changes, []);

    t.clock.advance(3 * DAY_MS);
    sales = await t.tokenFor("sales@acme.test");
    const contacted = await jsonOf<{ record: Lead }>(
      await t.call("PATCH", `/api/records/lead/${created.id}`, {
        token: sales,
        body: { version: created.version, values: { stage: "contacted" } },
      }),
    );
    const contactedAt = new Date(t.clock.now).toISOString();
    assertEquals(contacted.record.stage_entered_at, contactedAt);

    t.clock.advance(DAY_MS / 2);
    sales = await t.tokenFor("sales@acme.test");
    const edited = await jsonOf<{ record: Lead }>(
      await t.call("PATCH", `/api/records/lead/${created.id}`, {
        token: sales,
        body: { version: contacted.record.version, values: { company: "Edited Ltd" } },
      }),
    );
    // Not a stage change: nothing logged, the lead stays in its stage since then.
    assertEquals(edited.record.stage_entered_at, contactedAt);

    t.clock.advance(DAY_MS);
    sales = await t.tokenFor("sales@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    const won = await jsonOf<{ record: Lead }>(
      await t.call("PATCH", `/api/records/lead/${created.id}`, {
        token: admin,
        body: { version: edited.record.version, values: { stage: "won" } },
      }),
    );
    const wonAt = new Date(t.clock.now).toISOString();
    const log = (await leadOf(t, sales, created.id)).stage_changes;
    assertEquals(
      log.map((c) => [c.from_stage, c.to_stage, c.changed_at, c.days_in_previous]),
      [["new", "contacted", contactedAt, 3], ["contacted", "won", wonAt, 1.5]],
    );
    assertEquals(log[0].changed_by, user.id);
    ok(log[1].changed_by !== user.id, "the admin's move is the admin's");
    assertEquals(won.record.stage_entered_at, wonAt);
    // The log is the server's: a caller cannot write it.
    await assertInvalidFields(
      await t.call("PATCH", `/api/records/lead/${created.id}`, {
        token: admin,
        body: { version: won.record.version, values: { stage_changes: [] } },
      }),
      "stage_changes",
    );
  } finally {
    await t.close();
  }
});

Deno.test("A stage an organisation adds and reorders is listed in position order; a code is used once", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const added = await jsonOf<{ record: Stage }>(
      await t.call("POST", "/api/records/lead_stage", {
        token: admin,
        body: {
          values: {
            code: "negotiation",
            label: "Negotiation",
            position: 4,
            probability: 80,
            required_fields: "estimated_value",
          },
        },
      }),
      201,
    );
    assertEquals([added.record.kind, added.record.probability], ["open", 80]);
    const proposal = await stageNamed(t, admin, "proposal");
    await jsonOf(
      await t.call("PATCH", `/api/records/lead_stage/${proposal.id}`, {
        token: admin,
        body: { version: proposal.version, values: { position: 3 } },
      }),
    );
    const qualified = await stageNamed(t, admin, "qualified");
    await jsonOf(
      await t.call("PATCH", `/api/records/lead_stage/${qualified.id}`, {
        token: admin,
        body: { version: qualified.version, values: { position: 2 } },
      }),
    );
    const order = (await stages(t, admin)).map((s) => s.code);
    assertEquals(order.indexOf("qualified") < order.indexOf("proposal"), true);
    assertEquals(order.indexOf("proposal") < order.indexOf("negotiation"), true);
    await assertInvalidFields(
      await t.call("POST", "/api/records/lead_stage", {
        token: admin,
        body: { values: { code: "negotiation", label: "Again", probability: 50 } },
      }),
      "code",
    );
  } finally {
    await t.close();
  }
});

Deno.test("deleting a stage leads are in is refused 409 naming the code, nothing removed; an unused stage is deleted", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const proposal = await stageNamed(t, admin, "proposal");
    const refused = await errorOf(
      await t.call("DELETE", `/api/records/lead_stage/${proposal.id}?version=${proposal.version}`, {
        token: admin,
      }),
      409,
      "conflict",
    );
    ok(
      /^Proposal sent is the stage of \d+ leads: move them/.test(refused.message),
      refused.message,
    );
    assertEquals(Object.keys(fieldsOf(refused)), ["code"]);
    assertEquals((await stageNamed(t, admin, "proposal")).version, proposal.version);

    const added = await jsonOf<{ record: Stage }>(
      await t.call("POST", "/api/records/lead_stage", {
        token: admin,
        body: { values: { code: "dormant", label: "Dormant", probability: 5 } },
      }),
      201,
    );
    const deleted = await t.call(
      "DELETE",
      `/api/records/lead_stage/${added.record.id}?version=${added.record.version}`,
      { token: admin },
    );
    assertEquals(deleted.status, 204);
    assertEquals((await stages(t, admin)).some((s) => s.code === "dormant"), false);
  } finally {
    await t.close();
  }
});
