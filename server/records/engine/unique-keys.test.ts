/**
 * A record type's composite unique key (a type master's list and code) is
 * refused as a 400 naming the key's field, on create, update, import and when two
 * writers race, and nothing is stored.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../testing/http-assertions.ts";
import { uniqueViolationColumns } from "../../db/constraint-errors.ts";

const MESSAGE = "Code is already used by another type master with this list";

async function codes(t: TestApp, kind: string, code: string): Promise<number> {
  const row = await t.db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM type_masters
     WHERE organization_id = 'org_acme' AND kind = ? AND code = ?`,
    [kind, code],
  );
  return Number(row!.n);
}

async function seeded(t: TestApp) {
  const rows = await t.db.all<{ id: string; kind: string; code: string; version: number }>(
    `SELECT id, kind, code, version FROM type_masters WHERE organization_id = 'org_acme'
     ORDER BY kind, code`,
  );
  const [first] = rows;
  const sibling = rows.find((r) => r.kind === first.kind && r.code !== first.code)!;
  const otherKind = rows.find((r) => r.kind !== first.kind)!;
  return { first, sibling, otherKind };
}

Deno.test("A second type master with a list's code answers 400 naming code; another list may use it", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const { first, otherKind } = await seeded(t);
    const error = await assertInvalidFields(
      await t.call("POST", "/api/records/type_master", {
        token,
        body: { values: { kind: first.kind, code: first.code, label: "Again" } },
      }),
      "code",
    );
    assertEquals(error.details?.fields, { code: MESSAGE });
    assertEquals(await codes(t, first.kind, first.code), 1);
    await jsonOf(
      await t.call("POST", "/api/records/type_master", {
        token,
        body: { values: { kind: otherKind.kind, code: first.code, label: "Elsewhere" } },
      }),
      201,
    );
  } finally {
    await t.close();
  }
});

Deno.test("Changing a type master's code to a sibling's answers 400 naming code and changes nothing", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const { first, sibling } = await seeded(t);
    const error = await assertInvalidFields(
      await t.call("PATCH", `/api/records/type_master/${sibling.id}`, {
        token,
        body: { version: Number(sibling.version), values: { code: first.code } },
      }),
      "code",
    );
    assertEquals(error.details?.fields, { code: MESSAGE });
    assertEquals(await codes(t, sibling.kind, sibling.code), 1);
  } finally {
    await t.close();
  }
});

Deno.test("An import repeating a list's code names the line and the code field", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const { first } = await seeded(t);
    const csv =
      `List,Code,Label\r\n${first.kind},fresh_one,Fresh\r\n${first.kind},fresh_one,Twice\r\n` +
      `${first.kind},${first.code},Taken\r\n`;
    const form = new FormData();
    form.set("file", new File([csv], "masters.csv", { type: "text/csv" }));
    form.set("mode", "partial");
    const answer = await jsonOf<{ created: number; failed: { line: number }[] }>(
      await t.fetch(
        new Request("http://localhost/api/records/type_master/import", {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: form,
        }),
      ),
    );
    assertEquals(answer.created, 1);
    assertEquals(answer.failed.sort((a, b) => a.line - b.line), [
      { line: 3, field: "code", column: "Code", message: "Code repeats line 2" },
      { line: 4, field: "code", column: "Code", message: MESSAGE },
    ]);
    assertEquals(await codes(t, first.kind, "fresh_one"), 1);
  } finally {
    await t.close();
  }
});

Deno.test("Two type masters with one code created at once: one is stored, the other is refused 400 naming code", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const { first } = await seeded(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.call("POST", "/api/records/type_master", {
          token,
          body: { values: { kind: first.kind, code: "raced", label: `Racer ${i}` } },
        })),
    );
    const statuses = answers.map((a) => a.status).sort();
    assertEquals(statuses, [201, 400, 400, 400, 400, 400]);
    for (const answer of answers.filter((a) => a.status === 400)) {
      await assertInvalidFields(answer, "code");
    }
    assertEquals(await codes(t, first.kind, "raced"), 1);
  } finally {
    await t.close();
  }
});

Deno.test("A unique violation names its index's columns on the run's database", async () => {
  const t = await createTestApp();
  try {
    const { first } = await seeded(t);
    let refused: unknown;
    try {
      await t.db.run(
        `INSERT INTO type_masters (id, organization_id, name, version, created_at, updated_at,
           kind, code, label, tone, position, active)
         VALUES ('tm_dup', 'org_acme', ?, 1, '', '', ?, ?, 'Dup', 'neutral', 0, 1)`,
        [first.code, first.kind, first.code],
      );
    } catch (error) {
      refused = error;
    }
    ok(refused, "the insert was refused");
    assertEquals(uniqueViolationColumns(refused, "type_masters"), [
      "organization_id",
      "kind",
      "code",
    ]);
    assertEquals(uniqueViolationColumns(refused, "tasks"), undefined);
    assertEquals(uniqueViolationColumns(new Error("other")), undefined);
  } finally {
    await t.close();
  }
});
