/**
 * `GET /api/records/find`: the command palette's records and actions, through HTTP,
 * with the caller's permissions and row visibility.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../testing/http-assertions.ts";
import type { FindResponse } from "../../schemas/records/api.ts";

async function find(t: TestApp, token: string, q: string): Promise<FindResponse> {
  return await jsonOf<FindResponse>(
    await t.call("GET", `/api/records/find?q=${encodeURIComponent(q)}`, { token }),
  );
}

/** The types the caller may read, by id, with their form routes. */
async function readable(t: TestApp, token: string): Promise<Map<string, string>> {
  const { types } = await jsonOf<{ types: { id: string; form_route: string }[] }>(
    await t.call("GET", "/api/records/types", { token }),
  );
  return new Map(types.map((type) => [type.id, type.form_route]));
}

Deno.test("find answers records of every readable type by title, each linked to its form", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const { records } = await find(t, token, "northwind");
    const kinds = new Set(records.map((r) => r.type_label));
    ok(kinds.has("Client") && kinds.has("Project"), [...kinds].join(", "));
    const routes = await readable(t, token);
    for (const record of records) {
      ok(record.title.toLowerCase().includes("northwind") || record.description, record.title);
      assertEquals(
        record.to,
        `/app/${routes.get(record.type)!.replace(":id", encodeURIComponent(record.id))}`,
      );
    }
    // Titles that start with what was typed come first.
    const client = records.find((r) => r.type === "client")!;
    ok(client.title.toLowerCase().startsWith("northwind"), client.title);
  } finally {
    await t.close();
  }
});

Deno.test("find shows a person only the types and rows they may read, as each type's search does", async () => {
  const t = await createTestApp();
  try {
    for (const email of ["maya@acme.test", "sales@acme.test", "admin@acme.test"]) {
      const token = await t.tokenFor(email);
      const types = await readable(t, token);
      for (const q of ["a", "north", "inv"]) {
        const { records } = await find(t, token, q);
        // Below the cap of 20 every type answers all of its best five; at the cap, some.
        const complete = records.length < 20;
        for (const type of complete ? types.keys() : new Set(records.map((r) => r.type))) {
          ok(types.has(type), `${email} may not read ${type}, yet finds it`);
          const own = await jsonOf<{ items: { id: string }[] }>(
            await t.call("GET", `/api/records/${type}/search?q=${q}&limit=5`, { token }),
          );
          const found = records.filter((r) => r.type === type).map((r) => r.id);
          const allowed = own.items.map((i) => i.id);
          ok(
            found.every((id) => allowed.includes(id)),
            `${email} finds ${type} rows beyond its own`,
          );
          if (complete) {
            assertEquals([email, q, type, found.sort()], [email, q, type, allowed.sort()]);
          }
        }
      }
    }
    // A person who may not read invoices finds none, though the admin does.
    const admin = await t.tokenFor("admin@acme.test");
    const maya = await t.tokenFor("maya@acme.test");
    ok((await find(t, admin, "inv")).records.some((r) => r.type === "invoice"));
    if (!(await readable(t, maya)).has("invoice")) {
      ok(!(await find(t, maya, "inv")).records.some((r) => r.type === "invoice"));
    }
  } finally {
    await t.close();
  }
});

Deno.test("find answers the actions the caller may take whose names match", async () => {
  const t = await createTestApp();
  try {
    const finance = await t.tokenFor("finance@acme.test");
    assertEquals((await find(t, finance, "new inv")).actions, [
      { label: "New invoice", to: "/app/invoices/new" },
    ]);
    assertEquals((await find(t, finance, "invoice")).actions, [
      { label: "New invoice", to: "/app/invoices/new" },
    ]);
    const maya = await t.tokenFor("maya@acme.test");
    const { types } = await jsonOf<{ types: { id: string; can: { create: boolean } }[] }>(
      await t.call("GET", "/api/records/types", { token: maya }),
    );
    const mayCreateInvoice = types.some((type) => type.id === "invoice" && type.can.create);
    assertEquals(
      (await find(t, maya, "new invoice")).actions.length,
      mayCreateInvoice ? 1 : 0,
    );
  } finally {
    await t.close();
  }
});

Deno.test("find refuses an empty or overlong query naming q, and portal users", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    await assertInvalidFields(await t.call("GET", "/api/records/find?q=%20", { token }), "q");
    await assertInvalidFields(
      await t.call("GET", `/api/records/find?q=${"x".repeat(201)}`, { token }),
      "q",
    );
    await assertInvalidFields(await t.call("GET", "/api/records/find", { token }), "q");
    const portal = await t.tokenFor("client@northwind.test");
    await errorOf(
      await t.call("GET", "/api/records/find?q=north", { token: portal }),
      403,
      "forbidden",
    );
  } finally {
    await t.close();
  }
});
