import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { z } from "zod";
import type { AppError } from "../errors/app-error.ts";
import { validate } from "./json-body.ts";
import { MAX_JSON_DEPTH, nestsDeeperThan, TOO_DEEP } from "./json-nesting.ts";

/** What the flood of issue 23 sent: an array 7,000 levels deep. */
const DEEP = "[".repeat(7_000) + "]".repeat(7_000);

function nested(depth: number): string {
  return "[".repeat(depth) + "]".repeat(depth);
}

/** A concrete path for a declared one: every parameter segment becomes `x1`. */
function concrete(path: string): string {
  return path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, "x1");
}

async function tokens(t: TestApp): Promise<Record<string, string | undefined>> {
  return {
    public: undefined,
    user: await t.tokenFor("admin@acme.test"),
    staff: await t.tokenFor("admin@acme.test"),
    portal: await t.tokenFor("client@northwind.test"),
  };
}

function importForm(token: string, name: string, text: string): Request {
  const form = new FormData();
  form.set("file", new File([text], name));
  return new Request("http://localhost/enterprise-projects/import", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

Deno.test("Every JSON call answers 400 naming the body to an array nested 7,000 deep", async () => {
  const t = await createTestApp();
  try {
    const callers = await tokens(t);
    const calls = t.api.endpoints.filter((e) => e.body && e.bodyFormat !== "multipart");
    ok(calls.length > 100, `only ${calls.length} JSON calls declared`);
    const classes = new Set(calls.map((e) => e.path.split("/")[1]));
    for (const area of ["auth", "api", "enterprise-projects"]) ok(classes.has(area), area);
    for (const call of calls) {
      const path = concrete(call.path);
      const res = await t.call(call.method.toUpperCase(), path, {
        token: callers[call.audience],
        body: DEEP,
      });
      const what = `${call.method.toUpperCase()} ${call.path}`;
      const text = await res.text();
      assertEquals(res.status, 400, `${what}: ${text.slice(0, 300)}`);
      const error = JSON.parse(text).error;
      assertEquals(error.details?.fields, { body: TOO_DEEP }, `${what}: ${text.slice(0, 300)}`);
    }
  } finally {
    await t.close();
  }
});

Deno.test("A sign-in nested deeper than 64 levels is refused as too deep; at 64 by the schema", async () => {
  const t = await createTestApp();
  try {
    const at = await assertInvalidFields(
      await t.call("POST", "/auth/login", { body: nested(MAX_JSON_DEPTH) }),
      "body",
    );
    ok(at.details?.fields?.body !== TOO_DEEP, JSON.stringify(at));
    const over = await assertInvalidFields(
      await t.call("POST", "/auth/login", { body: nested(MAX_JSON_DEPTH + 1) }),
      "body",
    );
    assertEquals(over.details?.fields, { body: TOO_DEEP });
    const deepObject = '{"email":'.repeat(100_000) + '"x"' + "}".repeat(100_000);
    const object = await assertInvalidFields(
      await t.call("POST", "/auth/login", { body: deepObject }),
      "body",
    );
    assertEquals(object.details?.fields, { body: TOO_DEEP });
  } finally {
    await t.close();
  }
});

Deno.test("Brackets inside strings do not count as nesting", async () => {
  const t = await createTestApp();
  try {
    const password = "[{".repeat(200) + '\\"[' + "]";
    const res = await t.call("POST", "/auth/login", {
      body: `{"email":"admin@acme.test","password":"${password}"}`,
    });
    await errorOf(res, 401, "unauthenticated");
    assertEquals(nestsDeeperThan(`["${"[".repeat(100)}"]`), false);
    assertEquals(nestsDeeperThan(`["\\\\"${"[".repeat(100)}]`), true);
  } finally {
    await t.close();
  }
});

Deno.test("A record's values nested too deep answer 400 and store nothing", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const count = async () =>
      Number((await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM leads"))!.n);
    const before = await count();
    const deepName = "[".repeat(70) + '"x"' + "]".repeat(70);
    const res = await t.call("POST", "/api/records/lead", {
      token,
      body: `{"values":{"first_name":"Ada","last_name":${deepName}}}`,
    });
    const error = await assertInvalidFields(res, "body");
    assertEquals(error.details?.fields, { body: TOO_DEEP });
    assertEquals(await count(), before);
  } finally {
    await t.close();
  }
});

Deno.test("An enterprise project import of a JSON file nested too deep answers 400 naming the file", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const file =
      `{"format":"opsuite.enterprise-projects","version":1,"exported_at":"x","projects":${DEEP}}`;
    const error = await errorOf(
      await t.fetch(importForm(token, "p.json", file)),
      400,
      "invalid_input",
    );
    assertEquals(error.details?.fields, { file: TOO_DEEP });
    const fine = await jsonOf<{ failed: unknown[] }>(
      await t.fetch(
        importForm(
          token,
          "p.json",
          `{"format":"opsuite.enterprise-projects","version":1,"exported_at":"x","projects":[]}`,
        ),
      ),
    );
    assertEquals(fine.failed, []);
  } finally {
    await t.close();
  }
});

Deno.test("Validating a value nested 100,000 deep names it as too deep without overflowing the stack", () => {
  let value: unknown = "\u0000";
  for (let i = 0; i < 100_000; i++) value = [value];
  let refused: AppError | undefined;
  try {
    validate(value, z.unknown());
  } catch (error) {
    refused = error as AppError;
  }
  assertEquals(refused?.status, 400);
  const fields = (refused?.details as { fields: Record<string, string> }).fields;
  assertEquals(Object.values(fields), [TOO_DEEP]);
  assertEquals(Object.keys(fields)[0].split(".").length, MAX_JSON_DEPTH);
});
