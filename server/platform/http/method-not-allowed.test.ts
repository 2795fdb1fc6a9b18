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

/** A path the pattern matches: each parameter and wildcard becomes one plain segment. */
function concretePath(pattern: string): string {
  return pattern.split("/").map((s) => (s === "*" || s.startsWith(":") ? "x1" : s)).join("/");
}

Deno.test("Every route of the app answers 405 with Allow for each method its path does not take", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const routes = t.app.routes.filter((r) => r.method !== "ALL");
    /** The methods declared on exactly this pattern (parameter names aside). */
    const shape = (path: string) => path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, ":");
    const methodsOf = new Map<string, Set<string>>();
    for (const route of routes) {
      const key = shape(route.path);
      methodsOf.set(key, new Set([...(methodsOf.get(key) ?? []), route.method]));
    }
    const wrong: string[] = [];
    let checked = 0;
    for (const [key, methods] of methodsOf) {
      const path = concretePath(key);
      const allow = [...methods, ...(methods.has("GET") ? ["HEAD"] : [])].sort().join(", ");
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"]) {
        if (methods.has(method)) continue;
        checked++;
        const res = await t.call(method, path, { token, headers: { accept: "application/json" } });
        const body = await res.text();
        if (res.status !== 405 || res.headers.get("allow") !== allow) {
          wrong.push(`${method} ${path}: ${res.status} Allow=${res.headers.get("allow")} ${body}`);
        }
      }
    }
    assertEquals(wrong, []);
    assertEquals(checked > 500, true, `only ${checked} wrong-method calls were tried`);
  } finally {
    await t.close();
  }
});

Deno.test("GET on the enterprise project calls that take no GET answers 405, not a project that is not found", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const calls = [
      ["export", "POST"],
      ["import", "POST"],
      ["bulk-update", "PUT"],
      ["optimize-performance", "POST"],
    ];
    for (const [call, allow] of calls) {
      const res = await t.call("GET", `/enterprise-projects/${call}`, { token });
      assertEquals(res.headers.get("allow"), allow, call);
      await errorOf(res, 405, "method_not_allowed");
    }
    // The project itself still answers GET.
    const project = await t.call("GET", "/enterprise-projects/prj_acme_ledger", { token });
    assertEquals(project.status, 200);
  } finally {
    await t.close();
  }
});
