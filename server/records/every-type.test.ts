/**
 * The same contract for every declared record type, through HTTP, with values
 * made from the type's own metadata: create, read, update, a stale version (409,
 * nothing changed), delete; 400 naming an unknown field, an over-long text, a
 * wrong type, a bad link and a control character in its title, with nothing stored; 403 naming `<module>.create`
 * for a default role without it; 404 for another organisation; level-1 fields
 * absent for a role that reads the type without level 1.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { recordTypes } from "./catalogue.ts";
import { permissionOf } from "../platform/access/authorize.ts";
import type { FieldMeta, RecordTypeMeta } from "../../schemas/records/meta.ts";
import type { RecordType } from "./define.ts";
import { conditionHolds } from "../../schemas/records/expression.ts";

const ROLE_EMAILS: Record<string, string> = {
  project_manager: "pm@acme.test",
  sales: "sales@acme.test",
  finance: "finance@acme.test",
  member: "tom@acme.test",
};

type Json = Record<string, unknown>;

async function json(response: Response): Promise<Json> {
  return await response.json() as Json;
}

/** A valid value for a field, from its metadata and the organisation's records. */
async function valueFor(
  app: TestApp,
  token: string,
  type: RecordType,
  field: FieldMeta,
  options: Record<string, { value: string }[]>,
): Promise<unknown> {
  if (field.example !== undefined) return field.example;
  switch (field.type) {
    case "data":
    case "long_text":
      return `Sample ${field.label} ${crypto.randomUUID().slice(0, 8)}`;
    case "email":
      return "sample@example.com";
    case "phone":
      return "+1 555 0100";
    case "url":
      return "https://example.com";
    case "int":
      return field.options ? Number(field.options[0].value) : (field.min ?? 1);
    case "float":
    case "currency":
    case "percent":
      return field.min ?? 1;
    case "check":
      return true;
    case "select":
      return (field.options ?? options[field.id])[0].value;
    case "date":
      return "2026-12-01";
    case "datetime":
      return "2026-12-01T09:00:00.000Z";
    case "link": {
      const found = await json(
        await app.call("GET", `/api/records/${field.link}/search`, { token }),
      );
      return (found.items as { id: string }[])[0].id;
    }
    case "attach": {
      const form = new FormData();
      form.append("file", new File(["sample"], "sample.txt", { type: "text/plain" }));
      const stored = await json(
        await app.fetch(
          new Request(`http://localhost/api/records/${type.id}/files`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}` },
            body: form,
          }),
        ),
      );
      return (stored.file as { id: string }).id;
    }
    case "table":
      return [];
  }
}

async function validValues(app: TestApp, token: string, type: RecordType) {
  const described = await json(await app.call("GET", `/api/records/${type.id}/meta`, { token }));
  const meta = described.meta as RecordTypeMeta;
  const options = described.options as Record<string, { value: string }[]>;
  const values: Json = {};
  for (const field of meta.fields) {
    if (!field.required || field.read_only || field.computed) continue;
    if (field.type === "table") {
      const row: Json = {};
      for (const child of field.fields ?? []) {
        if (child.required) row[child.id] = await valueFor(app, token, type, child, options);
      }
      values[field.id] = [row];
      continue;
    }
    values[field.id] = await valueFor(app, token, type, field, options);
  }
  // A field required under a condition the values so far meet (a lead when no client is given).
  const today = new Date(app.clock.now).toISOString().slice(0, 10);
  for (const field of meta.fields) {
    if (field.required_if === undefined || field.id in values || field.type === "table") continue;
    if (!conditionHolds(field.required_if, values, { today })) continue;
    values[field.id] = await valueFor(app, token, type, field, options);
  }
  return { meta, values };
}

async function countOf(app: TestApp, type: RecordType): Promise<number> {
  const row = await app.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${type.table}`);
  return Number(row!.n);
}

for (const type of recordTypes()) {
  Deno.test(`the ${type.id} record type keeps the engine's contract through HTTP`, async () => {
    const app = await createTestApp();
    try {
      const admin = await app.tokenFor("admin@acme.test");
      const base = `/api/records/${type.id}`;
      const { meta, values } = await validValues(app, admin, type);
      if (type.declaration.system_made) {
        // Only the system makes these: there is no call that creates, changes or imports one.
        const refused = await app.call("POST", base, { token: admin, body: { values } });
        assertEquals(refused.status, 404, JSON.stringify(await json(refused)));
        for (const action of ["create", "update", "delete", "import"]) {
          assertEquals(meta.actions.some((a) => a.id === action), false, action);
        }
        return;
      }

      const created = await app.call("POST", base, { token: admin, body: { values } });
      const body = await json(created);
      assertEquals(created.status, 201, JSON.stringify(body));
      const record = body.record as Json;
      assertEquals(record.version, 1);
      const got = await app.call("GET", `${base}/${record.id}`, { token: admin });
      assertEquals(got.status, 200);

      const text = meta.fields.find((f) =>
        f.type === "data" && !f.read_only && !f.computed && f.max_length
      );
      if (text) {
        const changed = await app.call("PATCH", `${base}/${record.id}`, {
          token: admin,
          body: { version: 1, values: { [text.id]: "Changed once" } },
        });
        assertEquals(changed.status, 200, JSON.stringify(await json(changed.clone())));
        const stale = await app.call("PATCH", `${base}/${record.id}`, {
          token: admin,
          body: { version: 1, values: { [text.id]: "Lost update" } },
        });
        assertEquals(stale.status, 409);
        const after = (await json(await app.call("GET", `${base}/${record.id}`, { token: admin })))
          .record as Json;
        assertEquals(after[text.id], "Changed once", "a stale write changes nothing");
      }

      const before = await countOf(app, type);
      const bad = async (extra: Json, field: string) => {
        const answer = await app.call("POST", base, {
          token: admin,
          body: { values: { ...values, ...extra } },
        });
        assertEquals(answer.status, 400, `${type.id}: ${field}`);
        const error = (await json(answer)).error as { details: { fields: Json } };
        assert(error.details.fields[field], `${type.id}: ${field} is named`);
      };
      await bad({ zz_unknown: 1 }, "zz_unknown");
      if (text) await bad({ [text.id]: "x".repeat(text.max_length! + 1) }, text.id);
      const number = meta.fields.find((f) =>
        ["int", "float", "currency", "percent"].includes(f.type) && !f.read_only && !f.computed
      );
      if (number) await bad({ [number.id]: "abc" }, number.id);
      const link = meta.fields.find((f) => f.type === "link" && !f.read_only);
      if (link) await bad({ [link.id]: "no_such_record" }, link.id);
      // What the record is called is a name: one line, no control characters.
      const title = meta.fields.find((f) => f.id === type.declaration.title_field);
      if (title?.type === "data" && !title.read_only && !title.computed) {
        await bad({ [title.id]: "Named\u202Etxt.exe" }, title.id);
        await bad({ [title.id]: "Two\nlines" }, title.id);
      }
      assertEquals(await countOf(app, type), before, "nothing stored");

      const stranger = await app.tokenFor("admin@globex.test");
      const foreign = await app.call("GET", `${base}/${record.id}`, { token: stranger });
      assertEquals(foreign.status, 404);
      await foreign.body?.cancel();

      const roles = type.declaration.roles;
      const lacking = Object.keys(ROLE_EMAILS).find((r) => !(roles[r] ?? []).includes("create"));
      if (lacking) {
        const refused = await app.call("POST", base, {
          token: await app.tokenFor(ROLE_EMAILS[lacking]),
          body: { values },
        });
        assertEquals(refused.status, 403);
        const message = ((await json(refused)).error as { message: string }).message;
        assert(
          message.includes(permissionOf(type.module, "create")) ||
            message.includes(permissionOf(type.module, "read")),
          `${type.id}: ${message}`,
        );
      }

      const hidden = type.fields.filter((f) => f.level === 1).map((f) => f.id);
      const reader = Object.keys(ROLE_EMAILS).find((r) =>
        (roles[r] ?? []).includes("read") && !(roles[r] ?? []).includes("level1")
      );
      if (hidden.length > 0 && reader) {
        const token = await app.tokenFor(ROLE_EMAILS[reader]);
        const seen = await app.call("GET", `${base}/${record.id}`, { token });
        if (seen.status === 200) {
          const shown = (await json(seen)).record as Json;
          for (const id of hidden) {
            assertEquals(Object.hasOwn(shown, id), false, `${type.id}.${id}`);
          }
        } else {
          await seen.body?.cancel();
        }
        const readerMeta = (await json(await app.call("GET", `${base}/meta`, { token })))
          .meta as RecordTypeMeta;
        for (const id of hidden) assert(!readerMeta.fields.some((f) => f.id === id));
      }

      const current = (await json(await app.call("GET", `${base}/${record.id}`, { token: admin })))
        .record as Json;
      const removed = await app.call("DELETE", `${base}/${record.id}?version=${current.version}`, {
        token: admin,
      });
      assertEquals(removed.status, 204);
    } finally {
      await app.close();
    }
  });
}
