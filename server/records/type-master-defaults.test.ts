import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../testing/test-app.ts";
import { jsonOf } from "../testing/http-assertions.ts";
import { DEFAULT_TYPE_MASTERS } from "../areas/workspace/types/type-master-defaults.ts";

Deno.test("an organisation registered through POST /auth/register starts with the default type master lists", async () => {
  const t = await createTestApp();
  try {
    await jsonOf(
      await t.call("POST", "/auth/register", {
        body: {
          first_name: "Rosa",
          last_name: "Diaz",
          email: "rosa@initrode.test",
          password: "a-long-enough-password",
          organization_name: "Initrode Advisory",
        },
      }),
      202,
    );
    const stored = await t.db.all<{ kind: string; code: string; label: string; position: number }>(
      `SELECT tm.kind, tm.code, tm.label, tm.position FROM type_masters tm
         JOIN organizations o ON o.id = tm.organization_id
        WHERE o.name = 'Initrode Advisory' AND tm.active = 1
        ORDER BY tm.kind, tm.position`,
    );
    const expected = DEFAULT_TYPE_MASTERS.map(({ kind, code, label, position }) => ({
      kind,
      code,
      label,
      position,
    })).sort((a, b) => a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.position - b.position);
    assertEquals(stored.map((r) => ({ ...r })), expected);
  } finally {
    await t.close();
  }
});
