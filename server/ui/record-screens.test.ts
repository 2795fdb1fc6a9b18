import { deepStrictEqual as assertEquals, notDeepStrictEqual, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { jsonOf } from "../testing/http-assertions.ts";

type Json = Record<string, unknown>;

function nodesOf(body: unknown, type: string): Json[] {
  const found: Json[] = [];
  const walk = (node: Json) => {
    if (node.type === type) found.push(node);
    for (const child of (node.children as Json[] | undefined) ?? []) walk(child);
  };
  walk(body as Json);
  return found;
}

async function screenOf(t: TestApp, token: string, path: string): Promise<Json> {
  return await jsonOf<Json>(await t.call("GET", `/ui/screens/${path}`, { token }));
}

Deno.test("record screens served from the declarations", async (t) => {
  const app = await createTestApp();
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const sales = await app.tokenFor("sales@acme.test");

    await t.step(
      "GET /ui/screens/tasks is the task list, with the meta the API gives",
      async () => {
        const screen = await screenOf(app, admin, "tasks");
        const [list] = nodesOf(screen.body, "record-list");
        assertEquals(list.api, "/api/records/task");
        const { meta } = await jsonOf<{ meta: Json }>(
          await app.call("GET", "/api/records/task/meta", { token: admin }),
        );
        const { views: _shown, ...shown } = list.meta as Json & { list: Json };
        const { views: _given, ...given } = meta;
        assertEquals(shown, given);
      },
    );

    await t.step("a lead opens at lead-detail as its form; sales may not delete it", async () => {
      const screen = await screenOf(app, sales, "lead-detail?id=led_acme_001");
      const [form] = nodesOf(screen.body, "record-form");
      const can = (form.meta as { can: Record<string, boolean> }).can;
      assertEquals([form.api, form.recordId], ["/api/records/lead", { $param: "id" }]);
      // Editable exactly when the caller may update leads; the detail is read-only otherwise.
      assertEquals(form.mode, can.update ? "edit" : "read");
      assertEquals(can.delete, false);
      assertEquals(nodesOf(screen.body, "record-timeline")[0].canComment, true);
      const routes = await jsonOf<{ routes: { path: string; screen: string }[] }>(
        await app.call("GET", "/ui/routes"),
      );
      const leadRoutes = routes.routes.filter((r) => r.path === "/app/lead-detail/:id");
      assertEquals(leadRoutes.map((r) => r.screen), ["lead-detail"]);
      assertEquals(
        routes.routes.find((r) => r.path === "/app/tasks/:id")?.screen,
        "tasks/form",
      );
    });

    await t.step("one cached form descriptor serves every saved record", async () => {
      const open = async (query: string) => {
        const res = await app.call("GET", `/ui/screens/tasks/form?${query}`, { token: admin });
        assertEquals(res.status, 200);
        return await res.text();
      };
      const first = await open("id=tsk_a");
      const held = app.descriptors.size;
      assertEquals(await open("id=tsk_b"), first);
      assertEquals(app.descriptors.size, held, "a second record built a second descriptor");
      ok(!first.includes("tsk_a"), "the descriptor names the record it was built for");
      notDeepStrictEqual(await open("id=new"), first);
    });

    await t.step("my tasks and lead sources are views and kinds of their types", async () => {
      const mine = nodesOf((await screenOf(app, admin, "my-tasks")).body, "record-list")[0];
      assertEquals([mine.api, mine.view], ["/api/records/task", "my-tasks"]);
      const sources = nodesOf((await screenOf(app, admin, "lead-sources")).body, "record-list")[0];
      assertEquals(sources.fixedFilters, [{ field: "kind", op: "eq", value: "lead_source" }]);
      const form = nodesOf(
        (await screenOf(app, admin, "lead-sources/form?id=new")).body,
        "record-form",
      )[0];
      assertEquals((form.initial as Json).kind, "lead_source");
    });

    await t.step(
      "a new record's form starts its settable fields from the page's address",
      async () => {
        const [form] = nodesOf(
          (await screenOf(app, admin, "tasks/form?id=new")).body,
          "record-form",
        );
        const initial = form.initial as Record<string, unknown>;
        assertEquals(initial.project, { $query: "project" });
        assertEquals(initial.title, { $query: "title" });
        assertEquals(initial.status, { $query: "status" });
        // Read-only, hidden, computed and child-table fields are not the address's to set.
        for (const id of ["started_at", "completed_at", "phase", "dependencies"]) {
          ok(!(id in initial), `${id} is taken from the address`);
        }
        // A project's Tasks panel lists the project's tasks and offers New for them.
        const project = await screenOf(app, admin, "projects/form?id=prj_acme_ledger");
        const panel = nodesOf(project.body, "record-list").find((l) =>
          l.api === "/api/records/task"
        )!;
        assertEquals(panel.fixedFilters, [{ field: "project", op: "eq", value: { $param: "id" } }]);
        const meta = panel.meta as { can: { create: boolean }; list: { columns: string[] } };
        assertEquals(meta.can.create, true);
        ok(!meta.list.columns.includes("project"), "the panel repeats its project on every row");
        ok(meta.list.columns.includes("title"));
      },
    );

    await t.step("the clients list keeps the portal access tools", async () => {
      const screen = await screenOf(app, admin, "clients");
      ok(nodesOf(screen.body, "record-list").length === 1);
      ok(JSON.stringify(screen).includes("/clients/portal-users"));
      // The invitation form picks its client from the engine's list, by id and name.
      const choices = (screen.sources as Record<string, Json>).clientChoices;
      const answer = await jsonOf<{ items: Json[] }>(
        await app.call(choices.method as string, choices.path as string, {
          token: admin,
          body: choices.body,
        }),
      );
      ok(answer.items.some((c) => c.id === "cli_contoso" && c.name === "Contoso Ltd"));
    });
  } finally {
    await app.close();
  }
});

Deno.test("the clients list offers portal invitations and revocations only to callers granted them", async () => {
  const app = await createTestApp();
  try {
    // Administrators hold clients.portal_invite and clients.portal_revoke; sales reads clients only.
    const granted = JSON.stringify(
      await screenOf(app, await app.tokenFor("admin@acme.test"), "clients"),
    );
    ok(granted.includes("/clients/portal-invite"), "the invitation form is missing");
    ok(granted.includes("/clients/portal-revoke"), "Revoke is missing");
    const other = JSON.stringify(
      await screenOf(app, await app.tokenFor("sales@acme.test"), "clients"),
    );
    ok(other.includes("/clients/portal-users"), "the portal access list is missing");
    ok(!other.includes("/clients/portal-invite"), "the form shows without clients.portal_invite");
    ok(!other.includes("/clients/portal-revoke"), "Revoke shows without clients.portal_revoke");
  } finally {
    await app.close();
  }
});
