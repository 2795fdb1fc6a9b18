import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { errorOf } from "../../testing/http-assertions.ts";

Deno.test("A known path called with the wrong method answers 405 with Allow; an unknown path stays 404", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const cases: [string, string, string][] = [
      ["GET", "/navigation", "POST"],
      ["DELETE", "/auth/login", "POST"],
      ["POST", "/api/health", "GET, HEAD"],
      ["PUT", "/projects/prj_acme_001/update-progress", "POST"],
      ["POST", "/ui/screens/dashboard", "GET, HEAD"],
    ];
    for (const [method, path, allow] of cases) {
      const res = await t.call(method, path, { token });
      assertEquals(res.headers.get("allow"), allow, `${method} ${path}`);
      const error = await errorOf(res, 405, "method_not_allowed");
      assertEquals(error.details?.allowed, allow.split(", "));
    }
    await errorOf(await t.call("GET", "/api/no-such-call", { token }), 404, "not_found");
    await errorOf(await t.call("POST", "/navigation/extra", { token }), 404, "not_found");
  } finally {
    await t.close();
  }
});
