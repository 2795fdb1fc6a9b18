/**
 * Every organisation has the default lead stages: one registered now gets them
 * at registration, one existing before migration 029 gets them from it, with the
 * same ids and values either way.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { Queryable } from "../../../db/database.ts";
import { migrate } from "../../../db/migrate.ts";
import { createTestApp } from "../../../testing/test-app.ts";
import { jsonOf } from "../../../testing/http-assertions.ts";
import { migrateTo, withEmptyDatabase } from "../../../testing/migration-steps.ts";
import { DEFAULT_LEAD_STAGES } from "../types/lead-stage-defaults.ts";

function expectedStages(organizationId: string) {
  return DEFAULT_LEAD_STAGES.map((s, i) => ({
    id: `lst_${organizationId}_${i + 1}`,
    code: s.code,
    label: s.label,
    tone: s.tone,
    position: i + 1,
    probability: s.probability,
    kind: s.kind,
    required_fields: "",
  }));
}

async function storedStages(q: Queryable, organizationId: string) {
  const rows = await q.all<Record<string, unknown>>(
    `SELECT id, code, label, tone, position, probability, kind, required_fields
       FROM lead_stages WHERE organization_id = ? ORDER BY position`,
    [organizationId],
  );
  return rows.map((r) => ({
    ...r,
    position: Number(r.position),
    probability: Number(r.probability),
  }));
}

Deno.test("an organisation registered through POST /auth/register starts with the default lead stages", async () => {
  const t = await createTestApp();
  try {
    await jsonOf(
      await t.call("POST", "/auth/register", {
        body: {
          first_name: "Stella",
          last_name: "Stage",
          email: "stella@pipeline.test",
          password: "a-long-enough-password",
          organization_name: "Pipeline Partners",
        },
      }),
      202,
    );
    const org = await t.db.get<{ id: string }>(
      "SELECT id FROM organizations WHERE name = 'Pipeline Partners'",
    );
    assertEquals(await storedStages(t.db, org!.id), expectedStages(org!.id));
  } finally {
    await t.close();
  }
});

Deno.test("migration 029 gives an organisation existing before it the default lead stages", async () => {
  await withEmptyDatabase(async (db) => {
    await migrateTo(db, 28);
    await db.run(
      `INSERT INTO organizations (id, name, description, website, industry, size, email, created_at, updated_at)
       VALUES ('org_old', 'Old Firm', '', '', '', '', '', '2030-01-01T00:00:00.000Z', '2030-01-01T00:00:00.000Z')`,
    );
    // 29 first; later migrations follow it.
    assertEquals((await migrate(db)).slice(0, 1), [29]);
    assertEquals(await storedStages(db, "org_old"), expectedStages("org_old"));
  });
});

Deno.test("the demo leads carry when they entered their stage, and those past New their logged move", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const { items } = await jsonOf<{ items: { id: string; stage: string }[] }>(
      await t.call("POST", "/api/records/lead/list", {
        token: sales,
        body: { filters: [{ field: "stage", op: "in", value: ["new", "proposal"] }], limit: 500 },
      }),
    );
    for (const stage of ["new", "proposal"]) {
      const id = items.find((l) => l.stage === stage)!.id;
      const { record } = await jsonOf<{
        record: {
          created_at: string;
          stage_entered_at: string | null;
          stage_changes: { from_stage: string; to_stage: string; changed_at: string }[];
        };
      }>(await t.call("GET", `/api/records/lead/${id}`, { token: sales }));
      if (stage === "new") {
        assertEquals([record.stage_entered_at, record.stage_changes], [record.created_at, []]);
      } else {
        assertEquals(
          record.stage_changes.map((c) => [c.from_stage, c.to_stage, c.changed_at]),
          [["new", "proposal", record.stage_entered_at]],
        );
      }
    }
  } finally {
    await t.close();
  }
});
