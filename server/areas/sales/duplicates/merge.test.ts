/**
 * Merging duplicate leads (`POST /api/duplicates/merge`, `…/merge/undo`,
 * `…/merge/confirm`): the survivor takes the picked values, activities and
 * comments move to it, the merged-away lead is marked and left out of scans;
 * undo puts everything back exactly; confirm makes it final; every refusal
 * changes nothing. On both databases, and under concurrency on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { revokePermission } from "../../../testing/role-permissions.ts";

type Lead = Record<string, unknown> & { id: string; version: number };

async function createLead(t: TestApp, token: string, values: Record<string, unknown>) {
  const { record } = await jsonOf<{ record: Lead }>(
    await t.call("POST", "/api/records/lead", {
      token,
      body: { values: { source: "website", ...values } },
    }),
    201,
  );
  return record;
}

async function lead(t: TestApp, token: string, id: string): Promise<Lead> {
  return (await jsonOf<{ record: Lead }>(
    await t.call("GET", `/api/records/lead/${id}`, { token }),
  )).record;
}

async function activityLead(t: TestApp, token: string, id: string): Promise<unknown> {
  return (await jsonOf<{ record: { lead: unknown } }>(
    await t.call("GET", `/api/records/lead_activity/${id}`, { token }),
  )).record.lead;
}

async function comments(t: TestApp, token: string, id: string): Promise<string[]> {
  const history = await jsonOf<{ entries: { kind: string; comment?: string }[] }>(
    await t.call("GET", `/api/records/lead/${id}/history`, { token }),
  );
  return history.entries.filter((e) => e.kind === "comment").map((e) => e.comment ?? "");
}

/** Two leads of one person, the second with an activity and a comment. */
async function duplicates(t: TestApp, token: string) {
  const survivor = await createLead(t, token, {
    name: "Rosalind Featherstone",
    company: "Featherstone Optics",
    email: "rosalind@featherstone.test",
    phone: "555 0100",
  });
  const merged = await createLead(t, token, {
    name: "Rosalind Featherston",
    company: "Featherstone Optics Ltd",
    email: "r.featherstone@featherstone.test",
    phone: "+1 555 0199",
  });
  const { record: activity } = await jsonOf<{ record: { id: string } }>(
    await t.call("POST", "/api/records/lead_activity", {
      token,
      body: {
        values: {
          lead: merged.id,
          activity_type: "call",
          subject: "Discovery call",
          date: "2026-11-20",
        },
      },
    }),
    201,
  );
  await jsonOf(
    await t.call("POST", `/api/records/lead/${merged.id}/comments`, {
      token,
      body: { body: "Prefers email after 4pm" },
    }),
    201,
  );
  return { survivor, merged, activity: activity.id };
}

function merge(t: TestApp, token: string, body: Record<string, unknown>) {
  return t.call("POST", "/api/duplicates/merge", { token, body: { type: "lead", ...body } });
}

Deno.test("a merge moves activities and comments to the survivor, and undo puts back both leads exactly", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const { survivor, merged, activity } = await duplicates(t, sales);
    const merging = await jsonOf<{ record: Lead }>(
      await merge(t, sales, {
        survivor: survivor.id,
        merged: merged.id,
        picks: { email: "merged", phone: "merged", name: "survivor" },
      }),
    );
    assertEquals(
      [merging.record.name, merging.record.email, merging.record.phone],
      ["Rosalind Featherstone", "r.featherstone@featherstone.test", "+1 555 0199"],
    );
    assertEquals(await activityLead(t, sales, activity), survivor.id);
    const onSurvivor = await comments(t, sales, survivor.id);
    ok(onSurvivor.includes("Prefers email after 4pm"), onSurvivor.join(" | "));
    ok(onSurvivor.some((c) => c.startsWith("Merged lead Rosalind Featherston into this lead")));
    const hidden = await lead(t, sales, merged.id);
    assertEquals([hidden.merged_into, hidden.merge_state], [survivor.id, "pending"]);
    const scan = await jsonOf<{ pairs: { a: { id: string }; b: { id: string } }[] }>(
      await t.call("POST", "/api/duplicates/scan", { token: sales, body: { types: ["lead"] } }),
    );
    ok(!scan.pairs.some((p) => p.a.id === merged.id || p.b.id === merged.id));

    await jsonOf(
      await t.call("POST", "/api/duplicates/merge/undo", {
        token: sales,
        body: { merged: merged.id },
      }),
    );
    const back = await lead(t, sales, survivor.id);
    assertEquals(
      [back.name, back.email, back.phone],
      [survivor.name, survivor.email, survivor.phone],
    );
    assertEquals(await activityLead(t, sales, activity), merged.id);
    assertEquals(
      (await comments(t, sales, merged.id)).filter((c) => c === "Prefers email after 4pm"),
      ["Prefers email after 4pm"],
    );
    const restored = await lead(t, sales, merged.id);
    assertEquals([restored.merged_into ?? null, restored.merge_state || null], [null, null]);
    assertEquals([restored.email, restored.phone], [merged.email, merged.phone]);

    // Merged again and confirmed: final, so undo is refused.
    await jsonOf(await merge(t, sales, { survivor: survivor.id, merged: merged.id }));
    await jsonOf(
      await t.call("POST", "/api/duplicates/merge/confirm", {
        token: sales,
        body: { merged: merged.id },
      }),
    );
    assertEquals((await lead(t, sales, merged.id)).merge_state, "confirmed");
    await errorOf(
      await t.call("POST", "/api/duplicates/merge/undo", {
        token: sales,
        body: { merged: merged.id },
      }),
      409,
      "conflict",
    );
  } finally {
    await t.close();
  }
});

Deno.test("a refused merge changes nothing: into itself, another organisation's lead, no write permission", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const { survivor, merged, activity } = await duplicates(t, sales);
    const self = await errorOf(
      await merge(t, sales, { survivor: survivor.id, merged: survivor.id }),
      400,
      "invalid_input",
    );
    ok(self.details?.fields?.merged, JSON.stringify(self));
    const globex = await t.tokenFor("admin@globex.test");
    const foreign = await createLead(t, globex, { name: "Rosalind Featherstone" });
    await errorOf(
      await merge(t, sales, { survivor: survivor.id, merged: foreign.id }),
      404,
      "not_found",
    );
    await errorOf(
      await merge(t, sales, { type: "client", survivor: survivor.id, merged: merged.id }),
      400,
      "invalid_input",
    );
    await errorOf(
      await t.call("POST", "/api/duplicates/merge/undo", {
        token: sales,
        body: { merged: merged.id },
      }),
      409,
      "conflict",
    );
    await revokePermission(t, "sales", "leads.update");
    const readOnly = await t.tokenFor("sales@acme.test");
    await errorOf(
      await merge(t, readOnly, { survivor: survivor.id, merged: merged.id }),
      403,
      "forbidden",
    );
    const member = await t.tokenFor("member@acme.test");
    await errorOf(
      await merge(t, member, { survivor: survivor.id, merged: merged.id }),
      403,
      "forbidden",
    );
    assertEquals((await lead(t, sales, survivor.id)).version, survivor.version);
    assertEquals((await lead(t, sales, merged.id)).version, merged.version);
    assertEquals(await activityLead(t, sales, activity), merged.id);
    assertEquals((await lead(t, globex, foreign.id)).version, foreign.version);
  } finally {
    await t.close();
  }
});

Deno.test("merging one lead into two others at once: one merge wins, the other is refused", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const { survivor, merged, activity } = await duplicates(t, sales);
    const third = await createLead(t, sales, { name: "Rosalind Featherstone", company: "RF" });
    const answers = await Promise.all([
      merge(t, sales, { survivor: survivor.id, merged: merged.id }),
      merge(t, sales, { survivor: third.id, merged: merged.id }),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    for (const r of answers) await r.body?.cancel();
    assertEquals(statuses, [200, 409]);
    const winner = (await lead(t, sales, merged.id)).merged_into;
    ok(winner === survivor.id || winner === third.id);
    assertEquals(await activityLead(t, sales, activity), winner);
  } finally {
    await t.close();
  }
});

Deno.test("the merge screen shows both leads' values, each labelled with its lead", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const { survivor, merged } = await duplicates(t, sales);
    const preview = await jsonOf<{
      survivor: { name: string; path: string };
      fields: Record<string, { value: string; label: string }[]>;
      initial: Record<string, string>;
    }>(
      await t.call("POST", "/api/duplicates/merge/preview", {
        token: sales,
        body: { type: "lead", survivor: survivor.id, merged: merged.id },
      }),
    );
    assertEquals(preview.survivor.path, `/app/lead-detail/${survivor.id}`);
    assertEquals(preview.fields.email, [
      { value: "survivor", label: "rosalind@featherstone.test (kept lead)" },
      { value: "merged", label: "r.featherstone@featherstone.test (duplicate)" },
    ]);
    assertEquals(preview.initial.email, "survivor");
    // The survivor has no estimated value: the duplicate's (none either) is not forced on it.
    assertEquals(preview.initial.estimated_value, "survivor");
    await errorOf(
      await t.call("POST", "/api/duplicates/merge/preview", {
        token: sales,
        body: { type: "lead", survivor: survivor.id, merged: survivor.id },
      }),
      400,
      "invalid_input",
    );
    const screen = await jsonOf<{ id: string; body: { title: string } }>(
      await t.call(
        "GET",
        `/ui/screens/duplicate-detection/merge?type=lead&a=${survivor.id}&b=${merged.id}`,
        { token: sales },
      ),
    );
    assertEquals([screen.id, screen.body.title], ["duplicate-detection/merge", "Merge duplicates"]);
  } finally {
    await t.close();
  }
});
