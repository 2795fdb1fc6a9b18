import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";

const STAFF_CALLS = [
  "/navigation",
  "/notifications/",
  "/notifications",
  "/users/list",
  "/leads",
  "/api/leads/stats",
  "/api/leads/x/assignments",
  "/api/assignments",
  "/api/settings",
  "/api/modules/config",
  "/audit/logs/",
  "/api/audit/filters",
  "/project-templates/categories",
  "/tasks/list-with-details",
  "/user-organizations/by-user",
  "/dashboard/summary",
  "/clients/list",
  "/projects/list",
];

Deno.test("A client-portal user gets 403 from every staff call", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("client@northwind.test");
    for (const path of STAFF_CALLS) {
      const body = path === "/user-organizations/by-user"
        ? { user_id: "usr_northwind_client" }
        : {};
      const error = await errorOf(await t.call("POST", path, { token, body }), 403, "forbidden");
      ok(error.message.length > 0, path);
    }
    // The same calls answer a staff member of the same organisation.
    const staff = await t.tokenFor("admin@acme.test");
    for (const path of STAFF_CALLS.filter((p) => !p.includes("/x/"))) {
      const body = path === "/user-organizations/by-user" ? { user_id: "usr_acme_admin" } : {};
      assertEquals((await t.call("POST", path, { token: staff, body })).status, 200, path);
    }
  } finally {
    await t.close();
  }
});

Deno.test("A client-portal user still reads their own session and preferences", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("client@northwind.test");
    const me = await jsonOf(await t.call("POST", "/auth/me", { token, body: {} }));
    assertEquals(me.is_client_portal_user, true);
    const prefs = await jsonOf(await t.call("POST", "/api/user/preferences", { token, body: {} }));
    assertEquals(prefs, { preferences: {}, updated_at: null });
  } finally {
    await t.close();
  }
});

Deno.test("The Globex admin gets 404 for an Acme lead's assignments", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@globex.test");
    const res = await t.call("POST", "/api/leads/led_acme_001/assignments", { token, body: {} });
    await errorOf(res, 404, "not_found");
    const own = await jsonOf<{ assignments: { lead_id: string }[] }>(
      await t.call("POST", "/api/assignments", { token, body: { lead_id: "led_acme_001" } }),
    );
    assertEquals(own.assignments, []);
  } finally {
    await t.close();
  }
});

Deno.test("The Globex admin asking for an Acme project's tasks gets none", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@globex.test");
    const body = await jsonOf<{ tasks: unknown[]; total: number }>(
      await t.call("POST", "/tasks/list-with-details", {
        token,
        body: { project_id: "prj_northwind_erp" },
      }),
    );
    assertEquals(body, { tasks: [], total: 0 });
    const clientProjects = await jsonOf<{ projects: unknown[]; total: number }>(
      await t.call("POST", "/projects/list", { token, body: { client_id: "cli_northwind" } }),
    );
    assertEquals(clientProjects.total, 0);
  } finally {
    await t.close();
  }
});

Deno.test("The Globex admin sees only Globex records in every list", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@globex.test");
    const call = async <T>(path: string, body: unknown = {}) =>
      await jsonOf<T>(await t.call("POST", path, { token, body }));

    const leads = await call<{ leads: { id: string }[]; total: number }>("/leads", {
      filters: { limit: 500 },
    });
    assertEquals(leads.total, 15);
    ok(leads.leads.every((l) => l.id.startsWith("led_globex_")), "an Acme lead leaked");

    const stats = await call<{ total: number }>("/api/leads/stats");
    assertEquals(stats.total, 15);

    const assignments = await call<{ assignments: { lead_id: string }[] }>("/api/assignments", {
      limit: 500,
    });
    ok(assignments.assignments.length > 0);
    ok(assignments.assignments.every((a) => a.lead_id.startsWith("led_globex_")));

    const users = await call<{ users: { id: string }[] }>("/users/list");
    assertEquals(users.users.map((u) => u.id).sort(), [
      "usr_acme_admin",
      "usr_globex_admin",
      "usr_globex_ines",
      "usr_globex_ravi",
    ]);

    const clients = await call<{ clients: { id: string }[] }>("/clients/list");
    const globexClients = await t.db.all<{ id: string }>(
      "SELECT id FROM clients WHERE organization_id = 'org_globex' ORDER BY id",
    );
    ok(globexClients.length >= 3);
    assertEquals(clients.clients.map((c) => c.id).sort(), globexClients.map((c) => c.id));

    const projects = await call<{ projects: { organization_id: string }[]; total: number }>(
      "/projects/list",
    );
    assertEquals(projects.total, 3);
    ok(projects.projects.every((p) => p.organization_id === "org_globex"));

    const tasks = await call<{ tasks: { project_id: string }[]; total: number }>(
      "/tasks/list-with-details",
      { limit: 500 },
    );
    const globexTasks = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM tasks WHERE organization_id = 'org_globex'",
    );
    assertEquals(tasks.total, globexTasks?.n);
    ok(
      tasks.tasks.every((task) =>
        ["prj_initech_audit", "prj_umbrella_ma", "prj_hooli_valuation"].includes(task.project_id)
      ),
    );

    const templates = await call<{ categories: { templates: { id: string }[] }[] }>(
      "/project-templates/categories",
    );
    const templateIds = templates.categories.flatMap((c) => c.templates.map((x) => x.id)).sort();
    const globexTemplates = await t.db.all<{ id: string }>(
      "SELECT id FROM project_templates WHERE organization_id = 'org_globex' ORDER BY id",
    );
    assertEquals(templateIds, globexTemplates.map((r) => r.id));
  } finally {
    await t.close();
  }
});

Deno.test("The Globex admin's notifications are only their own in Globex", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@globex.test");
    const body = await jsonOf<{ notifications: { id: string }[]; unread_count: number }>(
      await t.call("POST", "/notifications", { token, body: { limit: 200 } }),
    );
    const own = await t.db.all<{ id: string; read: number }>(
      "SELECT id, read FROM notifications WHERE user_id = 'usr_globex_admin' AND organization_id = 'org_globex'",
    );
    assertEquals(body.notifications.map((n) => n.id).sort(), own.map((n) => n.id).sort());
    assertEquals(body.unread_count, own.filter((n) => n.read === 0).length);

    // Alice is a member of both: in Acme she does not see her Globex notifications.
    const alice = await t.tokenFor("admin@acme.test");
    const acme = await jsonOf<{ notifications: { id: string }[] }>(
      await t.call("POST", "/notifications", { token: alice, body: { limit: 200 } }),
    );
    const aliceGlobex = await t.db.all<{ id: string }>(
      "SELECT id FROM notifications WHERE user_id = 'usr_acme_admin' AND organization_id = 'org_globex'",
    );
    ok(aliceGlobex.length > 0);
    const acmeIds = new Set(acme.notifications.map((n) => n.id));
    ok(aliceGlobex.every((n) => !acmeIds.has(n.id)), "a Globex notification shown in Acme");
  } finally {
    await t.close();
  }
});

Deno.test("The Globex admin's audit log and filters hold only Globex entries", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@globex.test");
    const logs = await jsonOf<{ logs: { id: string; action: string }[]; total: number }>(
      await t.call("POST", "/audit/logs/", { token, body: { filters: {} } }),
    );
    const globex = await t.db.all<{ id: string }>(
      "SELECT id FROM audit_logs WHERE organization_id = 'org_globex' ORDER BY id",
    );
    assertEquals(logs.total, globex.length);
    assertEquals(logs.logs.map((l) => l.id).sort(), globex.map((r) => r.id));
    assertEquals(logs.logs.map((l) => l.action).sort(), ["project.create", "user.invite"]);

    const filters = await jsonOf(
      await t.call("POST", "/api/audit/filters", { token, body: {} }),
    );
    assertEquals(filters, {
      actors: [{ id: "usr_globex_admin", name: "Greta Olsen" }],
      actions: ["project.create", "user.invite"],
      resource_types: ["project", "user"],
      action_options: [
        { value: "project.create", label: "Project created" },
        { value: "user.invite", label: "Member invited" },
      ],
      resource_type_options: [
        { value: "project", label: "Project" },
        { value: "user", label: "Person" },
      ],
    });
  } finally {
    await t.close();
  }
});
