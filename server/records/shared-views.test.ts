/**
 * Saved list views shared like saved reports: with everyone in the organisation or
 * with chosen roles. A view shared with someone is offered as they may use it (no
 * column they may not see; not at all when it filters by a level-1 field they may
 * not read), lists their rows with their own permissions, and stays its owner's to
 * share differently or delete. Bad sharing names the field and stores nothing.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../testing/http-assertions.ts";

type App = Awaited<ReturnType<typeof createTestApp>>;

interface ViewAnswer {
  views: {
    id: string;
    label: string;
    saved: boolean;
    shared_by?: string;
    sharing?: string;
    shared_roles?: string[];
    columns?: string[];
    layout?: string;
  }[];
  roles: { value: string; label: string }[];
}

async function viewsOf(t: App, token: string): Promise<ViewAnswer> {
  return await jsonOf<ViewAnswer>(await t.call("GET", "/api/records/project/views", { token }));
}

Deno.test("a shared view reaches the roles it is shared with, fitted to what each may see", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const member = await t.tokenFor("member@acme.test");
    const pm = await t.tokenFor("pm@acme.test");

    const big = await jsonOf<{ view: { id: string; sharing: string } }>(
      await t.call("POST", "/api/records/project/views", {
        token: admin,
        body: {
          label: "Big budgets",
          filters: [{ field: "budget", op: "gt", value: 1000 }],
          columns: ["name", "budget"],
          sharing: "organization",
        },
      }),
      201,
    );
    assertEquals(big.view.sharing, "organization");
    const active = await jsonOf<{ view: { id: string } }>(
      await t.call("POST", "/api/records/project/views", {
        token: admin,
        body: {
          label: "Active projects",
          filters: [{ field: "status", op: "eq", value: "active" }],
          columns: ["name", "budget", "status"],
          sharing: "roles",
          shared_roles: ["member"],
        },
      }),
      201,
    );

    const own = await viewsOf(t, admin);
    const mine = own.views.find((v) => v.id === active.view.id);
    assertEquals(mine?.saved, true);
    assertEquals(mine?.shared_roles, ["member"]);
    ok(own.roles.some((r) => r.value === "member" && r.label === "Member"));

    // The member may not read budgets: the budget view is not theirs, the other loses that column.
    const members = await viewsOf(t, member);
    assertEquals(members.views.some((v) => v.id === big.view.id), false);
    const shared = members.views.find((v) => v.id === active.view.id);
    ok(shared, "the view shared with the member's role is offered to them");
    assertEquals(shared.saved, false);
    assertEquals(shared.shared_by, "Alice Morgan");
    assertEquals(shared.columns, ["name", "status"]);
    assertEquals(shared.shared_roles, undefined);

    // The project manager reads budgets but is not among the roles of the other view.
    const pms = await viewsOf(t, pm);
    assertEquals(pms.views.some((v) => v.id === big.view.id), true);
    assertEquals(pms.views.some((v) => v.id === active.view.id), false);

    // Listing through the shared view gives the member's own rows of it.
    const listed = await jsonOf<{ items: { status: string }[] }>(
      await t.call("POST", "/api/records/project/list", {
        token: member,
        body: { view: active.view.id },
      }),
    );
    ok(listed.items.every((p) => p.status === "active"));
    const direct = await jsonOf<{ items: unknown[] }>(
      await t.call("POST", "/api/records/project/list", {
        token: member,
        body: { filters: [{ field: "status", op: "eq", value: "active" }] },
      }),
    );
    assertEquals(listed.items.length, direct.items.length);

    // Only the owner shares it differently or deletes it.
    const theirs = `/api/records/project/views/${active.view.id}`;
    assertEquals(
      (await t.call("PATCH", theirs, { token: member, body: { sharing: "private" } })).status,
      404,
    );
    assertEquals((await t.call("DELETE", theirs, { token: member })).status, 404);
    assertEquals(
      (await t.call("PATCH", theirs, { token: admin, body: { sharing: "private" } })).status,
      204,
    );
    assertEquals((await viewsOf(t, member)).views.some((v) => v.id === active.view.id), false);
    assertEquals((await t.call("DELETE", theirs, { token: admin })).status, 204);
  } finally {
    await t.close();
  }
});

Deno.test("sharing a view with no role, an unknown role or roles without sharing with roles is refused, naming shared_roles", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const bodies = [
      { label: "No roles", sharing: "roles" },
      { label: "No such role", sharing: "roles", shared_roles: ["astronaut"] },
      { label: "Private with roles", sharing: "private", shared_roles: ["member"] },
    ];
    for (const body of bodies) {
      await assertInvalidFields(
        await t.call("POST", "/api/records/project/views", { token: admin, body }),
        "shared_roles",
      );
    }
    await assertInvalidFields(
      await t.call("POST", "/api/records/project/views", {
        token: admin,
        body: { label: "Odd", sharing: "friends" },
      }),
      "sharing",
    );
    const saved = await jsonOf<{ view: { id: string } }>(
      await t.call("POST", "/api/records/project/views", {
        token: admin,
        body: { label: "Kept private" },
      }),
      201,
    );
    await assertInvalidFields(
      await t.call("PATCH", `/api/records/project/views/${saved.view.id}`, {
        token: admin,
        body: { sharing: "roles", shared_roles: ["astronaut"] },
      }),
      "shared_roles",
    );
    const views = await viewsOf(t, admin);
    assertEquals(views.views.filter((v) => v.saved).map((v) => [v.label, v.sharing]), [
      ["Kept private", "private"],
    ]);
  } finally {
    await t.close();
  }
});
