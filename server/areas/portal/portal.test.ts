import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";

const PORTAL = "client@northwind.test";

Deno.test("a portal user sees only their own client's projects", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor(PORTAL);
    const res = await t.call("POST", "/portal/projects", { token, body: {} });
    assertEquals(res.status, 200);
    const { projects } = await res.json();
    assertEquals(projects.map((p: { id: string }) => p.id).sort(), [
      "prj_northwind_bi",
      "prj_northwind_erp",
    ]);
    ok(projects.every((p: Record<string, unknown>) => !("budget" in p) && !("hourly_rate" in p)));
  } finally {
    await t.close();
  }
});

Deno.test("the portal progress view answers 404 for another client's, another organisation's and made-up projects", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor(PORTAL);
    for (const id of ["prj_contoso_ops", "prj_initech_audit", "prj_made_up"]) {
      const res = await t.call("POST", `/portal/projects/${id}/progress`, { token, body: {} });
      assertEquals(res.status, 404, id);
      assertEquals((await res.json()).error.code, "not_found");
    }
    const own = await t.call("POST", "/portal/projects/prj_northwind_erp/progress", {
      token,
      body: {},
    });
    assertEquals(own.status, 200);
    const body = await own.json();
    assertEquals(body.project.name, "Northwind ERP Rollout");
    const text = JSON.stringify(body);
    for (const secret of ["hourly_rate", "budget", "risk", "assignee", "members"]) {
      ok(!text.includes(secret), `leaks ${secret}`);
    }
    // Every status is counted, as the staff analytics count them: the counts add up.
    const counts = body.tasks_by_status as Record<string, number>;
    assertEquals(Object.keys(counts), ["todo", "in_progress", "review", "blocked", "completed"]);
    assertEquals(Object.values(counts).reduce((a, b) => a + b, 0), body.project.total_tasks);
    const staff = await t.tokenFor("admin@acme.test");
    const analytics = (await (await t.call("POST", "/projects/calculate-progress", {
      token: staff,
      body: {
        project_id: "prj_northwind_erp",
        organization_id: "org_acme",
        calculation_method: "weighted",
      },
    })).json()).data;
    assertEquals(counts, analytics.task_progress.tasks_by_status);
    assertEquals(body.project.progress_percentage, analytics.overall_progress_percentage);
  } finally {
    await t.close();
  }
});

Deno.test("portal calls answer 403 to staff and staff calls answer 403 to portal users", async () => {
  const t = await createTestApp();
  try {
    const staff = await t.tokenFor("admin@acme.test");
    for (
      const path of [
        "/portal/projects",
        "/portal/messages",
        "/portal/profile",
        "/portal/milestones",
      ]
    ) {
      assertEquals((await t.call("POST", path, { token: staff, body: {} })).status, 403, path);
    }
    const portal = await t.tokenFor(PORTAL);
    for (
      const path of [
        "/clients/list",
        "/clients/messages/recent",
        "/user-organizations/switch",
        "/projects/list",
      ]
    ) {
      const body = path === "/user-organizations/switch" ? { organization_id: "org_globex" } : {};
      assertEquals((await t.call("POST", path, { token: portal, body })).status, 403, path);
    }
    assertEquals((await t.call("POST", "/portal/projects", { body: {} })).status, 401);
  } finally {
    await t.close();
  }
});

Deno.test("a message from the portal reaches the staff side, and a reply reaches the portal", async () => {
  const t = await createTestApp();
  try {
    const portal = await t.tokenFor(PORTAL);
    const sent = await t.call("POST", "/portal/messages/send", {
      token: portal,
      body: { body: "Can we meet on Tuesday?" },
    });
    assertEquals(sent.status, 201);
    const pm = await t.tokenFor("pm@acme.test");
    const recent = await (await t.call("POST", "/clients/messages/recent", { token: pm, body: {} }))
      .json();
    assertEquals([
      recent.messages[0].body,
      recent.messages[0].client_name,
      recent.messages[0].from_client,
    ], [
      "Can we meet on Tuesday?",
      "Northwind Traders",
      true,
    ]);
    const reply = await t.call("POST", "/clients/messages/send", {
      token: pm,
      body: { client_id: "cli_northwind", body: "Tuesday works." },
    });
    assertEquals(reply.status, 201);
    const thread = await (await t.call("POST", "/portal/messages", { token: portal, body: {} }))
      .json();
    assertEquals(thread.messages.at(-1).body, "Tuesday works.");
    const globex = await t.tokenFor("admin@globex.test");
    const other =
      await (await t.call("POST", "/clients/messages/recent", { token: globex, body: {} })).json();
    assertEquals(other.messages, []);
    const cross = await t.call("POST", "/clients/messages/send", {
      token: globex,
      body: { client_id: "cli_northwind", body: "hi" },
    });
    assertEquals(cross.status, 404);
  } finally {
    await t.close();
  }
});

Deno.test("messages sent at the same moment each get a place of their own in the thread", async () => {
  const t = await createTestApp();
  try {
    const portal = await t.tokenFor(PORTAL);
    const pm = await t.tokenFor("pm@acme.test");
    const sends = Array.from(
      { length: 12 },
      (_, i) =>
        i % 2
          ? t.call("POST", "/portal/messages/send", { token: portal, body: { body: `ask ${i}` } })
          : t.call("POST", "/clients/messages/send", {
            token: pm,
            body: { client_id: "cli_northwind", body: `answer ${i}` },
          }),
    );
    for (const res of await Promise.all(sends)) assertEquals(res.status, 201);
    const places = await t.db.get<{ messages: number; places: number }>(
      `SELECT COUNT(*) AS messages, COUNT(DISTINCT seq) AS places FROM client_messages
        WHERE organization_id = 'org_acme'`,
    );
    assertEquals(places?.places, places?.messages);
  } finally {
    await t.close();
  }
});

Deno.test("a blank portal message is refused and nothing is stored", async () => {
  const t = await createTestApp();
  try {
    const portal = await t.tokenFor(PORTAL);
    const before = (await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM client_messages"))!.n;
    for (
      const body of [{ body: "   " }, {}, { body: 4 }, { body: "x", client_id: "cli_contoso" }]
    ) {
      assertEquals(
        (await t.call("POST", "/portal/messages/send", { token: portal, body })).status,
        400,
      );
    }
    assertEquals(
      (await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM client_messages"))!.n,
      before,
    );
  } finally {
    await t.close();
  }
});

Deno.test("staff invite a client's contact to the portal and revoke the access, both audited", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const invite = await t.call("POST", "/clients/portal-invite", {
      token: admin,
      body: {
        client_id: "cli_contoso",
        email: "buyer@contoso.test",
        first_name: "Cory",
        last_name: "Buyer",
      },
    });
    assertEquals(invite.status, 201);
    const { invitation_link, user_id } = await invite.json();
    const token = new URL(invitation_link).searchParams.get("token")!;
    assertEquals(
      (await t.call("POST", "/auth/accept-invitation", {
        body: { token, password: "contoso-password" },
      })).status,
      200,
    );
    const login = await (await t.call("POST", "/auth/login", {
      body: { email: "buyer@contoso.test", password: "contoso-password" },
    })).json();
    assertEquals(login.user.is_client_portal_user, true);
    const projects =
      await (await t.call("POST", "/portal/projects", { token: login.access_token, body: {} }))
        .json();
    assertEquals(projects.projects.map((p: { id: string }) => p.id), ["prj_contoso_ops"]);
    const listed = await (await t.call("POST", "/clients/portal-users", { token: admin, body: {} }))
      .json();
    assertEquals(
      listed.users.map((
        u: { email: string; client_name: string; status: string },
      ) => [u.email, u.client_name, u.status]),
      [["buyer@contoso.test", "Contoso Ltd", "active"], [
        "client@northwind.test",
        "Northwind Traders",
        "active",
      ]],
    );
    const revoke = await t.call("POST", "/clients/portal-revoke", {
      token: admin,
      body: { client_id: "cli_contoso", user_id },
    });
    assertEquals(revoke.status, 200);
    assertEquals(
      (await t.call("POST", "/portal/projects", { token: login.access_token, body: {} })).status,
      401,
    );
    assertEquals(
      (await t.call("POST", "/auth/refresh", { body: { refresh_token: login.refresh_token } }))
        .status,
      401,
    );
    const audits = await t.db.all<{ action: string }>(
      "SELECT action FROM audit_logs WHERE resource_type = 'client' AND resource_id = 'cli_contoso' ORDER BY created_at",
    );
    assertEquals(audits.map((a) => a.action), ["portal.invite", "portal.revoke"]);
    const pm = await t.tokenFor("pm@acme.test");
    assertEquals(
      (await t.call("POST", "/clients/portal-invite", {
        token: pm,
        body: { client_id: "cli_initech", email: "x@y.test", first_name: "X", last_name: "Y" },
      })).status,
      404,
    );
  } finally {
    await t.close();
  }
});

Deno.test("the portal shell and screens are the portal's own", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor(PORTAL);
    const shell = await (await t.call("GET", "/ui/shell", { token })).json();
    assertEquals(shell.audience, "portal");
    assertEquals(
      shell.navigation.links.map((l: { path: string }) => l.path),
      [
        "/client-portal/dashboard",
        "/client-portal/proposals",
        "/client-portal/invoices",
        "/client-portal/messages",
        "/client-portal/profile",
      ],
    );
    assertEquals(
      (await t.call("GET", "/ui/screens/client-portal/dashboard", { token })).status,
      200,
    );
    assertEquals((await t.call("GET", "/ui/screens/dashboard", { token })).status, 403);
    const staff = await t.tokenFor("admin@acme.test");
    assertEquals(
      (await t.call("GET", "/ui/screens/client-portal/dashboard", { token: staff })).status,
      403,
    );
  } finally {
    await t.close();
  }
});

Deno.test("the portal shows the progress and schedule verdict the firm's analytics show", async () => {
  const t = await createTestApp();
  try {
    const portal = await t.tokenFor(PORTAL);
    const staff = await t.tokenFor("admin@acme.test");
    const list = await (await t.call("POST", "/portal/projects", { token: portal, body: {} }))
      .json();
    for (const id of ["prj_northwind_erp", "prj_northwind_bi"]) {
      const { data: staffProgress } = await (await t.call("POST", "/projects/calculate-progress", {
        token: staff,
        body: { organization_id: "org_acme", project_id: id },
      })).json();
      const view = await (await t.call("POST", `/portal/projects/${id}/progress`, {
        token: portal,
        body: {},
      })).json();
      const listed = list.projects.find((p: { id: string }) => p.id === id);
      assertEquals(listed.progress_percentage, staffProgress.overall_progress_percentage, id);
      assertEquals(view.project.progress_percentage, staffProgress.overall_progress_percentage, id);
      assertEquals(
        view.is_on_schedule,
        staffProgress.timeline_analysis.schedule_status !== "delayed",
        id,
      );
    }
  } finally {
    await t.close();
  }
});
