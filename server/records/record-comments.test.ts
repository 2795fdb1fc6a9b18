import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { errorOf, jsonOf } from "../testing/http-assertions.ts";
import { rollOutPermissions } from "../platform/access/permission-rollout.ts";

type Json = Record<string, unknown>;

const CLIENT = "cli_contoso";

async function commentCount(t: TestApp): Promise<number> {
  const row = await t.db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM record_comments WHERE record_id = ?",
    [CLIENT],
  );
  return row?.n ?? 0;
}

function comment(t: TestApp, token: string, body = "Called them today") {
  return t.call("POST", `/api/records/client/${CLIENT}/comments`, { token, body: { body } });
}

function timelineOf(screen: Json): Json | undefined {
  const walk = (node: Json): Json | undefined => {
    if (node.type === "record-timeline") return node;
    for (const child of (node.children as Json[] | undefined) ?? []) {
      const found = walk(child);
      if (found) return found;
    }
    return undefined;
  };
  return walk(screen.body as Json);
}

Deno.test("Commenting on a record needs <module>.comment, not only read: 403 naming it, nothing stored", async () => {
  const t = await createTestApp();
  try {
    // Finance reads clients but does not change them.
    const finance = await t.tokenFor("finance@acme.test");
    await jsonOf(await t.call("GET", `/api/records/client/${CLIENT}`, { token: finance }));
    const before = await commentCount(t);
    const error = await errorOf(await comment(t, finance), 403, "forbidden");
    assertEquals(error.message, "Missing permission clients.comment");
    assertEquals(error.details, { permission: "clients.comment" });
    assertEquals(await commentCount(t), before);

    // Sales change clients, so they comment as before.
    const sales = await t.tokenFor("sales@acme.test");
    await jsonOf(await comment(t, sales), 201);
    assertEquals(await commentCount(t), before + 1);
  } finally {
    await t.close();
  }
});

Deno.test("meta.can.comment and the form's comment box follow the comment permission", async () => {
  const t = await createTestApp();
  try {
    for (const [email, may] of [["finance@acme.test", false], ["sales@acme.test", true]] as const) {
      const token = await t.tokenFor(email);
      const { meta } = await jsonOf<{ meta: { can: Record<string, boolean> } }>(
        await t.call("GET", "/api/records/client/meta", { token }),
      );
      assertEquals(meta.can.comment, may, email);
      const screen = await jsonOf<Json>(
        await t.call("GET", `/ui/screens/clients/form?id=${CLIENT}`, { token }),
      );
      assertEquals(timelineOf(screen)?.canComment, may, email);
    }
  } finally {
    await t.close();
  }
});

Deno.test("An administrator revoking clients.comment takes the comment box and the call away at once", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    const { roles } = await jsonOf<{ roles: { name: string; version: number }[] }>(
      await t.call("POST", "/admin/roles/list", { token: admin, body: {} }),
    );
    const matrix = await jsonOf<{ modules: { module: string; comment?: Json }[] }>(
      await t.call("POST", "/admin/roles/matrix", { token: admin, body: { role: "sales" } }),
    );
    const cell = matrix.modules.find((m) => m.module === "clients")?.comment;
    assertEquals([cell?.permission, cell?.label, cell?.granted], [
      "clients.comment",
      "Comment",
      true,
    ]);
    await jsonOf(
      await t.call("POST", "/admin/roles/revoke", {
        token: admin,
        body: {
          role: "sales",
          permission: "clients.comment",
          version: roles.find((r) => r.name === "sales")!.version,
        },
      }),
    );
    await errorOf(await comment(t, sales), 403, "forbidden");
    const screen = await jsonOf<Json>(
      await t.call("GET", `/ui/screens/clients/form?id=${CLIENT}`, { token: sales }),
    );
    assertEquals(timelineOf(screen)?.canComment, false);
  } finally {
    await t.close();
  }
});

Deno.test("Existing organisations' roles that may update a module are given its comment permission once, custom roles too", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    // A custom role that changes tasks, and one that only reads them.
    for (
      const [name, permissions] of [["tasks_editor", ["tasks.read", "tasks.update"]], [
        "tasks_reader",
        ["tasks.read"],
      ]] as const
    ) {
      const created = await jsonOf<{ role: { version: number } }>(
        await t.call("POST", "/admin/roles/create", { token: admin, body: { name } }),
        201,
      );
      let version = created.role.version;
      for (const permission of permissions) {
        const granted = await jsonOf<{ role: { version: number } }>(
          await t.call("POST", "/admin/roles/grant", {
            token: admin,
            body: { role: name, permission, version },
          }),
        );
        version = granted.role.version;
      }
    }
    // The database as it was before comments had a permission of their own.
    await t.db.run("DELETE FROM role_permissions WHERE permission LIKE '%.comment'");
    await t.db.run("DELETE FROM permission_rollouts WHERE permission LIKE '%.comment'");

    const recorded = await rollOutPermissions(t.db, { now: new Date(t.clock.now).toISOString() });
    ok(recorded.some((r) => r.role === "*" && r.permission === "tasks.comment"));
    const holders = async (permission: string) =>
      (await t.db.all<{ name: string }>(
        `SELECT r.name FROM role_permissions rp JOIN roles r ON r.id = rp.role_id
          WHERE rp.permission = ? AND r.organization_id = 'org_acme' ORDER BY r.name`,
        [permission],
      )).map((r) => r.name);
    const updaters = async (module: string) => await holders(`${module}.update`);
    assertEquals(await holders("tasks.comment"), await updaters("tasks"));
    ok((await holders("tasks.comment")).includes("tasks_editor"));
    ok(!(await holders("tasks.comment")).includes("tasks_reader"));
    assertEquals(await holders("clients.comment"), await updaters("clients"));
    ok(!(await holders("clients.comment")).includes("finance"));

    // Once: revoked afterwards, a restart does not give it back.
    await t.db.run(
      `DELETE FROM role_permissions WHERE permission = 'tasks.comment'
         AND role_id = (SELECT id FROM roles WHERE name = 'tasks_editor')`,
    );
    assertEquals(
      await rollOutPermissions(t.db, { now: new Date(t.clock.now).toISOString() }),
      [],
    );
    ok(!(await holders("tasks.comment")).includes("tasks_editor"));
  } finally {
    await t.close();
  }
});
