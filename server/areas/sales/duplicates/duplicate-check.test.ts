/**
 * The look-alike check a lead's or client's form makes before creating
 * (`POST /api/duplicates/check`, named by the type's `create_check`): existing
 * records the caller may read, named and linked; creating anyway still works.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { revokePermission } from "../../../testing/role-permissions.ts";

interface Warning {
  text: string;
  link: { label: string; to: string };
  score: number;
}

const LOOK_ALIKE = {
  name: "Cornelius Applethwaite",
  company: "Applethwaite & Sons Ltd",
  email: "c.applethwaite@applethwaite.test",
  source: "website",
};

Deno.test("a new lead like an existing one is named and linked, and may still be created", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const { meta } = await jsonOf<{ meta: { create_check?: string } }>(
      await t.call("GET", "/api/records/lead/meta", { token: sales }),
    );
    assertEquals(meta.create_check, "/api/duplicates/check");
    const { record } = await jsonOf<{ record: { id: string } }>(
      await t.call("POST", "/api/records/lead", { token: sales, body: { values: LOOK_ALIKE } }),
      201,
    );
    const { warnings } = await jsonOf<{ warnings: Warning[] }>(
      await t.call("POST", "/api/duplicates/check", {
        token: sales,
        body: {
          type: "lead",
          values: { name: "Cornelius Applethwait", email: "C.Applethwaite@applethwaite.test" },
        },
      }),
    );
    assertEquals(warnings.length, 1);
    ok(
      warnings[0].text.startsWith(
        "Looks like lead Cornelius Applethwaite (Applethwaite & Sons Ltd), ",
      ),
      warnings[0].text,
    );
    ok(warnings[0].text.endsWith("alike on Email, Name"), warnings[0].text);
    assertEquals(warnings[0].link.to, `/app/lead-detail/${record.id}`);

    const unlike = await jsonOf<{ warnings: Warning[] }>(
      await t.call("POST", "/api/duplicates/check", {
        token: sales,
        body: { type: "lead", values: { name: "Wilhelmina Stroud", email: "w@stroud.test" } },
      }),
    );
    assertEquals(unlike.warnings, []);

    // Creating anyway: the check stores nothing and the create is not refused.
    await jsonOf(
      await t.call("POST", "/api/records/lead", { token: sales, body: { values: LOOK_ALIKE } }),
      201,
    );
  } finally {
    await t.close();
  }
});

Deno.test("the check names no record the caller may not read and refuses bad input", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    await jsonOf(
      await t.call("POST", "/api/records/lead", { token: admin, body: { values: LOOK_ALIKE } }),
      201,
    );
    const check = {
      type: "client",
      values: { name: "Applethwaite & Sons", email: LOOK_ALIKE.email },
    };
    const seen = await jsonOf<{ warnings: Warning[] }>(
      await t.call("POST", "/api/duplicates/check", { token: admin, body: check }),
    );
    assertEquals(seen.warnings.length, 1);
    await revokePermission(t, "sales", "leads.read");
    const sales = await t.tokenFor("sales@acme.test");
    const { warnings } = await jsonOf<{ warnings: Warning[] }>(
      await t.call("POST", "/api/duplicates/check", { token: sales, body: check }),
    );
    assertEquals(warnings, []);
    await errorOf(
      await t.call("POST", "/api/duplicates/check", {
        token: admin,
        body: { type: "invoice", values: {} },
      }),
      400,
      "invalid_input",
    );
    const member = await t.tokenFor("member@acme.test");
    await errorOf(
      await t.call("POST", "/api/duplicates/check", {
        token: member,
        body: { type: "lead", values: { name: "Cornelius Applethwaite" } },
      }),
      403,
      "forbidden",
    );
  } finally {
    await t.close();
  }
});
