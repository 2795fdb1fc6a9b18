import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { errorOf, jsonOf } from "../testing/http-assertions.ts";

interface RoutesBody {
  routes: { path: string; screen: string; audience: string; title: string }[];
  redirects: { from: string; to: string }[];
  unknown: string;
  signIn: string;
  staffHome: string;
}

interface ShellBody {
  audience: string;
  sidebar: {
    categories: { name: string; priority: number; items: { id: string; path: string }[] }[];
  };
  header: { userMenu: { id: string; label: string; action: { kind: string; to?: string } }[] };
  footer: { version: string; copyright: string };
  session: { refreshIntervalMs: number; idleTimeoutMs: number; warningMs: number };
  toasts: { max: number; position: string };
}

interface Node {
  type?: string;
  label?: string;
  text?: string;
  action?: { kind: string };
  children?: Node[];
  [key: string]: unknown;
}

function findNodes(node: unknown, match: (n: Node) => boolean, found: Node[] = []): Node[] {
  if (Array.isArray(node)) {
    for (const child of node) findNodes(child, match, found);
  } else if (node && typeof node === "object") {
    if (match(node as Node)) found.push(node as Node);
    for (const value of Object.values(node)) findNodes(value, match, found);
  }
  return found;
}

async function shell(t: TestApp, email: string): Promise<ShellBody> {
  const token = await t.tokenFor(email);
  return await jsonOf<ShellBody>(await t.call("GET", "/ui/shell", { token }));
}

async function disableLeads(t: TestApp) {
  await t.db.run(
    "UPDATE organization_modules SET enabled = 0 WHERE organization_id = 'org_acme' AND module_id = 'leads'",
  );
  await t.db.run(
    "UPDATE organizations SET catalogue_version = catalogue_version + 1 WHERE id = 'org_acme'",
  );
}

Deno.test("GET /ui/routes answers the route table with its redirects", async () => {
  const t = await createTestApp();
  try {
    const body = await jsonOf<RoutesBody>(await t.call("GET", "/ui/routes"));
    const redirect = (from: string) => body.redirects.find((r) => r.from === from)?.to;
    assertEquals(redirect("/app"), "/app/dashboard");
    assertEquals(redirect("/budget-management"), "/app/budget");
    assertEquals(redirect("/leads"), "/app/leads");
    assertEquals(redirect("/projects"), "/app/projects");
    assertEquals(body.unknown, "/");
    assertEquals(body.signIn, "/login");
    assertEquals(body.staffHome, "/app/dashboard");
    const dashboard = body.routes.find((r) => r.path === "/app/dashboard");
    assertEquals(dashboard?.screen, "dashboard");
    assertEquals(dashboard?.audience, "staff");
    const detail = body.routes.find((r) => r.path === "/app/lead-detail/:id");
    assertEquals(detail?.screen, "lead-detail");
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/routes has an /app route for every module id", async () => {
  const t = await createTestApp();
  try {
    const routes = await jsonOf<RoutesBody>(await t.call("GET", "/ui/routes"));
    const config = await jsonOf<{ modules: { id: string; name: string }[] }>(
      await t.call("POST", "/api/modules/config", {
        token: await t.tokenFor("admin@acme.test"),
        body: {},
      }),
    );
    ok(config.modules.length > 100);
    for (const module of config.modules) {
      const route = routes.routes.find((r) => r.path === `/app/${module.id}`);
      ok(route, `no route for module ${module.id}`);
      assertEquals([route.screen, route.audience, route.title], [module.id, "staff", module.name]);
    }
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/shell lists the admin's categories in priority order, none empty", async () => {
  const t = await createTestApp();
  try {
    const body = await shell(t, "admin@acme.test");
    assertEquals(body.audience, "staff");
    assertEquals(body.sidebar.categories.map((c) => c.name), [
      "Core",
      "Sales",
      "Finance",
      "Operations",
      "Legal",
      "Analytics",
      "HRMS",
      "Reports",
      "Tools",
      "System",
    ]);
    const priorities = body.sidebar.categories.map((c) => c.priority);
    assertEquals(priorities, [...priorities].sort((a, b) => a - b));
    ok(body.sidebar.categories.every((c) => c.items.length > 0));
    const items = body.sidebar.categories.flatMap((c) => c.items);
    ok(items.every((i) => i.path === `/app/${i.id}`));
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/shell leaves out categories with no visible items", async () => {
  const t = await createTestApp();
  try {
    const body = await shell(t, "sales@acme.test");
    assertEquals(body.sidebar.categories.map((c) => c.name), [
      "Core",
      "Sales",
      "Finance",
      "Operations",
      "Analytics",
      "Reports",
      // Only their reminders: System's administration items stay out.
      "System",
    ]);
    ok(body.sidebar.categories.every((c) => c.items.length > 0));
    assertEquals(
      body.sidebar.categories.find((c) => c.name === "System")?.items.map((i) => i.id),
      ["reminders"],
    );
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/shell answers the footer version, session refresh interval and toast limit", async () => {
  const t = await createTestApp();
  try {
    const body = await shell(t, "pm@acme.test");
    assertEquals(body.footer.version, "v1.0.0");
    const year = new Date(t.clock.now).getUTCFullYear();
    assertEquals(body.footer.copyright, `© ${year} Opsuite. All rights reserved.`);
    assertEquals(body.session.refreshIntervalMs, 240000);
    assertEquals(body.session.idleTimeoutMs, 60 * 60 * 1000);
    assertEquals(body.session.warningMs, 5 * 60 * 1000);
    assertEquals(body.toasts, { max: 5, position: "top-right" });
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/shell follows the organisation's stored session policy", async () => {
  const t = await createTestApp();
  try {
    await t.db.run(
      "INSERT INTO settings (organization_id, key, value, updated_at) VALUES ('org_acme', 'session_policy', ?, ?)",
      [
        JSON.stringify({ idle_timeout_minutes: 30, warning_seconds: 60 }),
        new Date(t.clock.now).toISOString(),
      ],
    );
    await t.db.run("UPDATE organizations SET settings_version = settings_version + 1");
    const body = await shell(t, "pm@acme.test");
    assertEquals([body.session.idleTimeoutMs, body.session.warningMs], [1_800_000, 60_000]);
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/shell offers System Settings only with system.system_settings.read", async () => {
  const t = await createTestApp();
  try {
    const admin = await shell(t, "admin@acme.test");
    const entry = admin.header.userMenu.find((m) => m.id === "settings");
    assertEquals(entry?.label, "System Settings");
    assertEquals(entry?.action, { kind: "navigate", to: "/app/settings" });
    const pm = await shell(t, "pm@acme.test");
    assertEquals(pm.header.userMenu.map((m) => m.id), ["organization", "profile", "sign-out"]);
    ok(!JSON.stringify(pm.header).includes("System Settings"));
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/shell hides a disabled module from every role", async () => {
  const t = await createTestApp();
  try {
    await disableLeads(t);
    for (const email of ["admin@acme.test", "sales@acme.test"]) {
      const ids = (await shell(t, email)).sidebar.categories.flatMap((c) =>
        c.items.map((i) => i.id)
      );
      ok(!ids.includes("leads"), email);
      ok(ids.includes("lead-sources"), email);
    }
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/shell without a token answers 401", async () => {
  const t = await createTestApp();
  try {
    await errorOf(await t.call("GET", "/ui/shell"), 401, "unauthenticated");
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/routes, /ui/shell and a screen answer 304 to a matching If-None-Match", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    for (const path of ["/ui/routes", "/ui/shell", "/ui/screens/dashboard"]) {
      const first = await t.call("GET", path, { token });
      assertEquals(first.status, 200, path);
      await first.body?.cancel();
      const etag = first.headers.get("etag");
      ok(etag && /^"[0-9a-f]+"$/.test(etag), `${path}: ${etag}`);
      const again = await t.call("GET", path, { token, headers: { "if-none-match": etag } });
      assertEquals(again.status, 304, path);
      assertEquals(await again.text(), "");
      assertEquals(again.headers.get("etag"), etag);
      const stale = await t.call("GET", path, { token, headers: { "if-none-match": '"0000"' } });
      assertEquals(stale.status, 200, path);
      await stale.body?.cancel();
    }
  } finally {
    await t.close();
  }
});

Deno.test("The ETag of GET /ui/shell changes after a catalogue change", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const before = await t.call("GET", "/ui/shell", { token });
    await before.body?.cancel();
    const etag = before.headers.get("etag")!;
    await disableLeads(t);
    const after = await t.call("GET", "/ui/shell", { token, headers: { "if-none-match": etag } });
    assertEquals(after.status, 200);
    ok(after.headers.get("etag") !== etag);
    const body = await after.json() as ShellBody;
    ok(!body.sidebar.categories.some((c) => c.items.some((i) => i.id === "leads")));
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/screens/users answers sales 403 with the administrator text and a Go Back button", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const body = await jsonOf<{ error: { code: string; message: string }; descriptor: unknown }>(
      await t.call("GET", "/ui/screens/users", { token }),
      403,
    );
    const text = "Access Denied: You need administrator privileges to access this page.";
    assertEquals(body.error, { code: "forbidden", message: text });
    ok(findNodes(body.descriptor, (n) => n.text === text).length > 0, "text not shown");
    const buttons = findNodes(body.descriptor, (n) => n.type === "button" && n.label === "Go Back");
    assertEquals(buttons.length, 1);
    assertEquals(buttons[0].action, { kind: "go-back" });
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/screens/users answers the admin with the users screen", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const body = await jsonOf<{ id: string; title: string }>(
      await t.call("GET", "/ui/screens/users", { token }),
    );
    assertEquals(body.id, "users");
    ok(body.title.length > 0);
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/screens/leads answers 403 to the admin when leads is disabled", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const before = await t.call("GET", "/ui/screens/leads", { token });
    assertEquals(before.status, 200);
    await before.body?.cancel();
    await disableLeads(t);
    const body = await jsonOf<{ error: { code: string; message: string } }>(
      await t.call("GET", "/ui/screens/leads", { token }),
      403,
    );
    assertEquals(body.error.code, "module_disabled");
    ok(body.error.message.includes("Leads"), body.error.message);
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/screens answers 404 for an unknown or malformed screen id", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    for (const path of ["/ui/screens/no-such-screen", "/ui/screens/%ZZ", "/ui/screens/"]) {
      const error = await errorOf(await t.call("GET", path, { token }), 404, "not_found");
      ok(error.message.length > 0, path);
    }
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/screens answers 400 for unknown query parameters", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const error = await errorOf(
      await t.call("GET", "/ui/screens/dashboard?colour=red", { token }),
      400,
      "invalid_input",
    );
    assertEquals(error.details?.fields, { colour: "Unknown field" });
    await errorOf(
      await t.call("GET", "/ui/screens/lead-detail?id=led_acme_001&tab=x", { token }),
      400,
      "invalid_input",
    );
    await errorOf(await t.call("GET", "/ui/shell?x=1", { token }), 400, "invalid_input");
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/screens answers 401 for a staff screen without a token", async () => {
  const t = await createTestApp();
  try {
    await errorOf(await t.call("GET", "/ui/screens/dashboard"), 401, "unauthenticated");
    await errorOf(await t.call("GET", "/ui/screens/users"), 401, "unauthenticated");
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/screens refuses staff screens to a client-portal user", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("client@northwind.test");
    const res = await t.call("GET", "/ui/screens/dashboard", { token });
    assertEquals(res.status, 403);
    await res.body?.cancel();
    const portal = await jsonOf<{ audience?: string }>(await t.call("GET", "/ui/shell", { token }));
    assertEquals(portal.audience, "portal");
  } finally {
    await t.close();
  }
});

Deno.test("the dashboard lists active projects' progress from the summary only for roles that see projects", async () => {
  const t = await createTestApp();
  try {
    const progressTables = async (email: string) => {
      const token = await t.tokenFor(email);
      const text = JSON.stringify(
        await jsonOf(await t.call("GET", "/ui/screens/dashboard", { token })),
      );
      return text.includes('"path":"active_project_progress"');
    };
    assertEquals(await progressTables("admin@acme.test"), true);
    assertEquals(await progressTables("sales@acme.test"), false);
    const token = await t.tokenFor("admin@acme.test");
    const summary = await jsonOf<{ active_project_progress: { name: string }[] }>(
      await t.call("POST", "/dashboard/summary", { token, body: {} }),
    );
    ok(summary.active_project_progress.length > 0);
  } finally {
    await t.close();
  }
});
