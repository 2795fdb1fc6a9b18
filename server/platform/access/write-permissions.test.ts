import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { SAMPLE_PROJECT_ID } from "../../areas/analytics/projects/mod.ts";

async function refusedNaming(
  t: TestApp,
  token: string,
  call: [string, Record<string, unknown>],
  permission: string,
): Promise<void> {
  const error = await errorOf(
    await t.call("POST", call[0], { token, body: call[1] }),
    403,
    "forbidden",
  );
  assertEquals([error.message, error.details?.permission], [
    `Missing permission ${permission}`,
    permission,
  ], call[0]);
}

async function count(t: TestApp, sql: string): Promise<number> {
  return (await t.db.get<{ n: number }>(sql))!.n;
}

Deno.test("A role that reads clients but may not write them gets 403 naming the write, and nothing changes", async () => {
  const t = await createTestApp();
  try {
    const finance = await t.tokenFor("finance@acme.test");
    // Finance reads clients: the list answers.
    await jsonOf(await t.call("POST", "/clients/list", { token: finance, body: {} }));
    const users = await count(t, "SELECT COUNT(*) AS n FROM users");
    const messages = await count(t, "SELECT COUNT(*) AS n FROM client_messages");
    await refusedNaming(t, finance, ["/clients/portal-invite", {
      client_id: "cli_contoso",
      email: "buyer@contoso.test",
      first_name: "Cory",
      last_name: "Buyer",
    }], "clients.portal_invite");
    await refusedNaming(t, finance, ["/clients/portal-revoke", {
      client_id: "cli_northwind",
      user_id: "usr_northwind_client",
    }], "clients.portal_revoke");
    await refusedNaming(t, finance, ["/clients/messages/send", {
      client_id: "cli_northwind",
      body: "Hello",
    }], "clients.message");
    assertEquals(await count(t, "SELECT COUNT(*) AS n FROM users"), users);
    assertEquals(await count(t, "SELECT COUNT(*) AS n FROM client_messages"), messages);
    const member = await t.db.get<{ status: string }>(
      "SELECT status FROM user_organizations WHERE user_id = 'usr_northwind_client'",
    );
    assertEquals(member?.status, "active");
  } finally {
    await t.close();
  }
});

Deno.test("A role that reads projects but may not update them gets 403 naming projects.update from the storing analytics calls", async () => {
  const t = await createTestApp();
  try {
    await t.db.run(
      `DELETE FROM role_permissions WHERE permission = 'projects.update' AND role_id =
         (SELECT id FROM roles WHERE organization_id = 'org_acme' AND name = 'project_manager')`,
    );
    await t.db.run(
      "UPDATE organizations SET permission_version = permission_version + 1 WHERE id = 'org_acme'",
    );
    const pm = await t.tokenFor("pm@acme.test");
    const body = { organization_id: "org_acme" };
    // Reading still answers: projects.read is enough for it.
    await jsonOf(
      await t.call("POST", `/projects/${SAMPLE_PROJECT_ID}/health-score`, { token: pm, body }),
    );
    const audits = await count(t, "SELECT COUNT(*) AS n FROM audit_logs");
    await refusedNaming(t, pm, [`/projects/${SAMPLE_PROJECT_ID}/update-progress`, {
      ...body,
      progress_percentage: 10,
    }], "projects.update");
    await refusedNaming(
      t,
      pm,
      [`/projects/${SAMPLE_PROJECT_ID}/recalculate-metrics`, body],
      "projects.update",
    );
    assertEquals(await count(t, "SELECT COUNT(*) AS n FROM audit_logs"), audits);
  } finally {
    await t.close();
  }
});

Deno.test("The default project manager may report progress and invite a client's contact", async () => {
  const t = await createTestApp();
  try {
    const pm = await t.tokenFor("pm@acme.test");
    await jsonOf(
      await t.call("POST", `/projects/${SAMPLE_PROJECT_ID}/recalculate-metrics`, {
        token: pm,
        body: { organization_id: "org_acme" },
      }),
    );
    await jsonOf(
      await t.call("POST", "/clients/portal-invite", {
        token: pm,
        body: {
          client_id: "cli_contoso",
          email: "buyer@contoso.test",
          first_name: "Cory",
          last_name: "Buyer",
        },
      }),
      201,
    );
  } finally {
    await t.close();
  }
});

async function screenText(t: TestApp, email: string, id: string): Promise<string> {
  const token = await t.tokenFor(email);
  return JSON.stringify(await jsonOf(await t.call("GET", `/ui/screens/${id}`, { token })));
}

Deno.test("The clients and discussion screens offer the write buttons only to roles authorize() lets write", async () => {
  const t = await createTestApp();
  try {
    const finance = await screenText(t, "finance@acme.test", "clients");
    for (const path of ["/clients/portal-invite", "/clients/portal-revoke"]) {
      assertEquals(finance.includes(path), false, `finance is offered ${path}`);
    }
    const pm = await screenText(t, "pm@acme.test", "clients");
    for (const path of ["/clients/portal-invite", "/clients/portal-revoke"]) {
      assertEquals(pm.includes(path), true, `the project manager is not offered ${path}`);
    }
    assertEquals(
      (await screenText(t, "maya@acme.test", "discussion")).includes("/clients/messages/send"),
      false,
    );
    assertEquals(
      (await screenText(t, "pm@acme.test", "discussion")).includes("/clients/messages/send"),
      true,
    );
  } finally {
    await t.close();
  }
});
