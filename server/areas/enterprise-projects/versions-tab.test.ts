import { ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { jsonOf } from "../../testing/http-assertions.ts";

Deno.test("The project form has a Versions tab; only callers who may update see Roll back", async () => {
  const t = await createTestApp();
  try {
    const screenFor = async (email: string) =>
      JSON.stringify(
        await jsonOf(
          await t.call("GET", "/ui/screens/projects/form?id=prj_acme_ledger", {
            token: await t.tokenFor(email),
          }),
        ),
      );
    const admin = await screenFor("admin@acme.test");
    ok(admin.includes('"label":"Versions"'));
    ok(admin.includes('"path":"/enterprise-projects/{id}/versions"'));
    ok(admin.includes("Roll back to this version"));
    const finance = await screenFor("finance@acme.test");
    ok(finance.includes('"label":"Versions"'));
    ok(!finance.includes("Roll back to this version"));
  } finally {
    await t.close();
  }
});
