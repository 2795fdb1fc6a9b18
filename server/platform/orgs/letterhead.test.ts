/**
 * The letterhead through HTTP: empty until an administrator saves it, then
 * versioned (a stale save is 409 and changes nothing) and audited (the logo by
 * its kind and size, not its bytes); bad input is a 400 naming the field with
 * nothing stored; only administrators read or change it.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const LETTERHEAD = {
  legal_name: "Acme Consulting Ltd",
  address: "12 Market Street\nLondon EC1A 1AA",
  tax_number: "GB123456789",
  bank_account_holder: "Acme Consulting Ltd",
  bank_account_number: "GB29 NWBK 6016 1331 9268 19",
  bank_code: "NWBKGB2L",
  bank_name: "NatWest",
  payment_instructions: "Please pay within 30 days.",
  logo: `data:image/png;base64,${PNG}`,
  locale: "en-GB",
};

async function call(app: TestApp, token: string, path: string, body: unknown) {
  const response = await app.call("POST", path, { token, body });
  return { status: response.status, body: await response.json() };
}

async function stored(app: TestApp) {
  return await app.db.get<{ value: string; version: number }>(
    "SELECT value, version FROM settings WHERE organization_id = 'org_acme' AND key = 'letterhead'",
  );
}

Deno.test("an administrator saves the letterhead over the version read; a stale save is 409", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    await app.db.run("DELETE FROM settings WHERE key = 'letterhead'");
    const empty = await call(app, admin, "/admin/settings/letterhead/get", {});
    assertEquals(empty.status, 200);
    assertEquals([empty.body.version, empty.body.legal_name, empty.body.locale], [0, "", "en-US"]);

    const saved = await call(app, admin, "/admin/settings/letterhead", {
      version: 0,
      ...LETTERHEAD,
    });
    assertEquals(saved.status, 200, JSON.stringify(saved.body));
    assertEquals(saved.body, { ...LETTERHEAD, version: 1 });
    assertEquals(
      (await call(app, admin, "/admin/settings/letterhead/get", {})).body,
      { ...LETTERHEAD, version: 1 },
    );

    const audit = await app.db.get<{ before_value: string; after_value: string }>(
      `SELECT before_value, after_value FROM audit_logs
        WHERE organization_id = 'org_acme' AND action = 'setting.update' AND resource_id = 'letterhead'`,
    );
    const after = JSON.parse(audit!.after_value);
    assertEquals([after.legal_name, after.logo], ["Acme Consulting Ltd", "PNG image, 1 KB"]);

    const stale = await call(app, admin, "/admin/settings/letterhead", {
      version: 0,
      ...LETTERHEAD,
      legal_name: "Someone else's save",
    });
    assertEquals(stale.status, 409);
    assertEquals(stale.body.error.details.current_version, 1);
    assertEquals(JSON.parse((await stored(app))!.value).legal_name, "Acme Consulting Ltd");
  } finally {
    await app.close();
  }
});

Deno.test("a bad letterhead is a 400 naming the field, and nothing is stored", async () => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    await app.db.run("DELETE FROM settings WHERE key = 'letterhead'");
    const cases: [Record<string, unknown>, string][] = [
      [{ logo: "data:image/svg+xml;base64,PHN2Zz4=" }, "logo"],
      // A PNG's name on bytes that are not one.
      [{ logo: "data:image/png;base64,iVBORw0KGgoAAAAAAAAAAA==" }, "logo"],
      [{ bank_account_number: "GB29 <script>" }, "bank_account_number"],
      [{ legal_name: "x".repeat(141) }, "legal_name"],
      [{ locale: "xx-XX" }, "locale"],
      [{ colour: "red" }, "colour"],
    ];
    for (const [change, field] of cases) {
      const refused = await call(app, admin, "/admin/settings/letterhead", {
        version: 0,
        ...LETTERHEAD,
        ...change,
      });
      assertEquals(refused.status, 400, JSON.stringify(refused.body));
      assert(JSON.stringify(refused.body.error).includes(field), JSON.stringify(refused.body));
      assertEquals(await stored(app), undefined);
    }
    const large = await call(app, admin, "/admin/settings/letterhead", {
      version: 0,
      ...LETTERHEAD,
      logo: `data:image/png;base64,${"A".repeat(300 * 1024)}`,
    });
    assertEquals(large.status, 400);
    assertEquals(large.body.error.details.fields.logo, "At most 200 KB");
  } finally {
    await app.close();
  }
});

Deno.test("only administrators read or change the letterhead", async () => {
  const app = await createTestApp();
  try {
    const before = await stored(app);
    for (const email of ["finance@acme.test", "pm@acme.test"]) {
      const token = await app.tokenFor(email);
      for (
        const [path, body] of [
          ["/admin/settings/letterhead/get", {}],
          ["/admin/settings/letterhead", { version: 1, ...LETTERHEAD, legal_name: "Not theirs" }],
        ] as const
      ) {
        const refused = await app.call("POST", path, { token, body });
        assertEquals(refused.status, 403, `${email} ${path}`);
        await refused.body?.cancel();
      }
    }
    assertEquals(await stored(app), before);
  } finally {
    await app.close();
  }
});
