import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../testing/http-assertions.ts";

Deno.test("The organisation's website and logo accept http(s) URLs only, naming the field", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const update = (fields: Record<string, string>) =>
      t.call("POST", "/admin/organization/update", {
        token: admin,
        body: { version: 1, name: "Acme Consulting", ...fields },
      });
    for (
      const bad of [
        "javascript:alert(document.cookie)",
        "JavaScript://example.com/%0Aalert(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "ftp://example.com/logo.png",
      ]
    ) {
      await assertInvalidFields(await update({ website: bad }), "website");
      await assertInvalidFields(await update({ logo_url: bad }), "logo_url");
    }
    const stored = await t.db.get<{ website: string; logo_url: string; version: number }>(
      "SELECT website, logo_url, version FROM organizations WHERE id = 'org_acme'",
    );
    assertEquals(stored?.version, 1);
    await jsonOf(
      await update({
        website: "https://acme.example",
        logo_url: "http://cdn.acme.example/logo.png",
      }),
    );
  } finally {
    await t.close();
  }
});
