import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { buildRoutesDescriptor } from "../../ui/routes-descriptor.ts";

Deno.test("The legacy enterprise project paths lead to the project screens under /app", () => {
  const redirects = buildRoutesDescriptor().redirects;
  assertEquals(redirects.find((r) => r.from === "/enterprise-projects")?.to, "/app/projects");
  assertEquals(
    redirects.find((r) => r.from === "/enterprise-projects/:id")?.to,
    "/app/projects/:id",
  );
});

Deno.test("A browser opening a legacy enterprise project page gets the client; the API still answers calls", async () => {
  const t = await createTestApp();
  try {
    const page = await t.call("GET", "/enterprise-projects/prj_acme_ledger", {
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    // The client's index page (tests run without a client build, which says so).
    ok(page.headers.get("content-type")?.startsWith("text/html"));
    ok((await page.text()).includes("<title>Opsuite</title>"));
    const token = await t.tokenFor("admin@acme.test");
    const call = await t.call("GET", "/enterprise-projects/prj_acme_ledger", {
      token,
      headers: { accept: "text/html,application/json" },
    });
    assertEquals((await call.json()).project.name, "Enterprise ledger migration");
  } finally {
    await t.close();
  }
});
