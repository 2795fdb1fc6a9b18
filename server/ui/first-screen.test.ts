import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { encodeBase64 } from "../platform/auth/base64.ts";
import { createTestApp } from "../testing/test-app.ts";
import { matchScreen } from "./first-screen.ts";
import { buildRoutesDescriptor } from "./routes-descriptor.ts";

/** A client build: the inline bootstrap, and what each part of a first screen needs. */
async function fakeBuild(): Promise<string> {
  const dir = await Deno.makeTempDir();
  await Deno.writeTextFile(
    `${dir}/index.html`,
    `<!doctype html><html><head><script data-entry="/assets/index-a.js">window.started=1</script><title>Opsuite</title></head><body><div id="root"></div></body></html>`,
  );
  await Deno.writeTextFile(
    `${dir}/first-screen.json`,
    JSON.stringify({
      layouts: {
        staff: ["/assets/shell-layout-a.js"],
        portal: ["/assets/portal-layout-b.js"],
        public: ["/assets/public-layout-c.js"],
        guest: ["/assets/public-layout-c.js"],
      },
      screen: ["/assets/descriptor-validation-d.js"],
      widgets: { "record-form": ["/assets/record-form-e.js"], stat: ["/assets/stat-f.js"] },
    }),
  );
  return dir;
}

function bootOf(html: string): { routes: { routes: unknown[] }; first?: Record<string, unknown> } {
  const json = html.match(/<script type="application\/json" id="opsuite-boot">(.*?)<\/script>/s);
  ok(json, "the page carries its boot data");
  return JSON.parse(json[1]);
}

const page = (path: string) => new Request(`http://x${path}`, { headers: { accept: "text/html" } });

Deno.test("an address opens the route the client's router would: static before parameter before splat", () => {
  const routes = buildRoutesDescriptor();
  assertEquals(matchScreen(routes, "/app/dashboard")?.entry.screen, "dashboard");
  const record = matchScreen(routes, "/app/invoices/inv_123");
  assertEquals(record?.params, { id: "inv_123" });
  ok(record?.entry.path.includes(":id"), record?.entry.path);
  assertEquals(matchScreen(routes, "/app/not-a-module/deep")?.params, { id: "not-a-module/deep" });
  assertEquals(matchScreen(routes, "/login")?.entry.audience, "guest");
  assertEquals(matchScreen(routes, "/app/invoices/%E0%A4%A"), null, "an undecodable address");
});

Deno.test("the page of a signed-in address carries the route table, its screen and the code it needs; its policy allows only its own inline script", async () => {
  const t = await createTestApp({ clientDist: await fakeBuild() });
  try {
    const invoice = await t.fetch(page("/app/invoices/inv_1"));
    assertEquals(invoice.status, 200);
    const html = await invoice.text();
    const boot = bootOf(html);
    assertEquals(boot.routes, buildRoutesDescriptor());
    assertEquals(boot.first?.audience, "staff");
    assertEquals(boot.first?.params, { id: "inv_1" });
    assertEquals(boot.first?.screen, `/ui/screens/${boot.first?.screenId}?id=inv_1`);
    // The data comes before the bootstrap that reads it.
    ok(html.indexOf("opsuite-boot") < html.indexOf("window.started"));
    ok(html.includes('<link rel="modulepreload" crossorigin href="/assets/shell-layout-a.js">'));
    ok(html.includes('href="/assets/descriptor-validation-d.js"'));
    ok(!html.includes("record-form-e.js"), "no widget is named before the screen was ever built");
    const digest = await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode("window.started=1"),
    );
    const policy = invoice.headers.get("content-security-policy") ?? "";
    ok(
      policy.includes(`script-src 'self' 'sha256-${encodeBase64(new Uint8Array(digest))}'`),
      policy,
    );
    const scripts = policy.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
    ok(!scripts.includes("unsafe-inline"), scripts);

    // Once the screen was built (for anyone), its widgets' code is named too.
    const token = await t.tokenFor("admin@acme.test");
    const built = await t.call("GET", `/ui/screens/${boot.first?.screenId}?id=inv_1`, { token });
    assertEquals(built.status, 200);
    const again = await (await t.fetch(page("/app/invoices/inv_1"))).text();
    ok(again.includes('href="/assets/record-form-e.js"'), "the record form's chunk is preloaded");

    // A public page names no first screen: nothing starts for a visitor.
    const login = bootOf(await (await t.fetch(page("/login"))).text());
    assertEquals(login.first, undefined);
    // An API answer keeps the policy without inline scripts.
    const api = await t.fetch(new Request("http://x/ui/routes"));
    ok(!(api.headers.get("content-security-policy") ?? "").includes("sha256-"));
  } finally {
    await t.close();
  }
});

Deno.test("nothing in an address can close the page's data element", async () => {
  const t = await createTestApp({ clientDist: await fakeBuild() });
  try {
    const html = await (await t.fetch(page("/app/invoices/%3C%2Fscript%3E%3Cscript%3Ealert(1)")))
      .text();
    ok(!html.includes("</script><script>alert(1)"), "the address is escaped");
    assertEquals(bootOf(html).first?.params, { id: "</script><script>alert(1)" });
  } finally {
    await t.close();
  }
});
