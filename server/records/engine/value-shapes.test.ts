/**
 * A value of the wrong shape (a list or an object where a record's or a file's id
 * belongs, anywhere a field takes one) answers 400 naming the field, for every
 * declared type, on create and on update, and stores nothing.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { recordTypes } from "../catalogue.ts";
import type { RecordField, RecordType } from "../define.ts";

const WRONG_SHAPES: unknown[] = [["lnk_1"], { id: "lnk_1" }, [], {}];

/** Every link and attach field a caller sends, as its path in a record's values. */
function idFields(type: RecordType): { path: string; values: (v: unknown) => object }[] {
  const sendable = (f: RecordField) => (f.type === "link" || f.type === "attach") && !f.computed;
  const out: { path: string; values: (v: unknown) => object }[] = [];
  for (const field of type.fields) {
    if (sendable(field)) out.push({ path: field.id, values: (v) => ({ [field.id]: v }) });
    for (const child of field.childFields ?? []) {
      if (!sendable(child)) continue;
      out.push({
        // A read-only table (a lead's stage log) is refused whole, by its own name.
        path: field.read_only ? field.id : `${field.id}[0].${child.id}`,
        values: (v) => ({ [field.id]: [{ [child.id]: v }] }),
      });
    }
  }
  return out;
}

async function storedCount(t: TestApp, type: RecordType): Promise<number> {
  return Number((await t.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${type.table}`))!.n);
}

Deno.test("A link or attach value given as a list or an object answers 400 naming the field", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    let checked = 0;
    for (const type of recordTypes()) {
      const fields = idFields(type);
      // A system-made type takes no values from anyone (it has no create or change call).
      if (fields.length === 0 || type.declaration.system_made) continue;
      const before = await storedCount(t, type);
      const existing = await t.db.get<{ id: string; version: number }>(
        `SELECT id, version FROM ${type.table} WHERE organization_id = 'org_acme' LIMIT 1`,
      );
      for (const field of fields) {
        for (const shape of WRONG_SHAPES) {
          const what = `${type.id}.${field.path} = ${JSON.stringify(shape)}`;
          const created = await t.call("POST", `/api/records/${type.id}`, {
            token,
            body: { values: field.values(shape) },
          });
          const text = await created.text();
          assertEquals(created.status, 400, `create ${what}: ${text.slice(0, 300)}`);
          ok(JSON.parse(text).error.details.fields[field.path], `create ${what}: ${text}`);
          checked++;
          if (!existing) continue;
          const updated = await t.call("PATCH", `/api/records/${type.id}/${existing.id}`, {
            token,
            body: { version: Number(existing.version), values: field.values(shape) },
          });
          const answer = await updated.text();
          // A submitted record refuses the change for its state (409), naming the field (or its
          // table as a whole) as a draft's validation does.
          ok([400, 409].includes(updated.status), `update ${what}: ${answer.slice(0, 300)}`);
          const named = JSON.parse(answer).error.details.fields;
          ok(named[field.path] ?? named[field.path.split("[")[0]], `update ${what}: ${answer}`);
        }
      }
      assertEquals(await storedCount(t, type), before, type.id);
    }
    ok(checked >= 60, `only ${checked} fields checked`);
  } finally {
    await t.close();
  }
});
