import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { jsonOf } from "../testing/http-assertions.ts";

interface ShellBody {
  header: {
    organizations?: { id: string; name: string; roleLabel: string; current: boolean }[];
    organizationSwitch?: { path: string };
  };
}

async function organizations(t: TestApp, token: string) {
  const body = await jsonOf<ShellBody>(await t.call("GET", "/ui/shell", { token }));
  return body.header.organizations;
}

Deno.test("GET /ui/shell lists every membership of the caller, the current one marked", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    assertEquals(await organizations(t, token), [
      { id: "org_acme", name: "Acme Consulting", roleLabel: "Firm administrator", current: true },
      { id: "org_globex", name: "Globex Partners", roleLabel: "Member", current: false },
    ]);
    const body = await jsonOf<ShellBody>(await t.call("GET", "/ui/shell", { token }));
    const switched = await t.call("POST", body.header.organizationSwitch!.path, {
      token,
      body: { organization_id: "org_globex" },
    });
    assertEquals(switched.status, 200);
    // The list keeps its order (nothing jumps under the pointer); the mark moves.
    assertEquals((await organizations(t, token))?.map((o) => [o.id, o.current]), [
      ["org_acme", false],
      ["org_globex", true],
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/shell lists only the caller's own memberships", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    assertEquals((await organizations(t, token))?.map((o) => o.id), ["org_acme"]);
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/shell leaves out a deactivated membership", async () => {
  const t = await createTestApp();
  try {
    await t.db.run(
      "UPDATE user_organizations SET status = 'inactive' WHERE user_id = 'usr_acme_admin' AND organization_id = 'org_globex'",
    );
    const token = await t.tokenFor("admin@acme.test");
    assertEquals((await organizations(t, token))?.map((o) => o.id), ["org_acme"]);
  } finally {
    await t.close();
  }
});

Deno.test("GET /ui/shell lists a membership added after the shell was first sent", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("pm@acme.test");
    assertEquals((await organizations(t, token))?.map((o) => o.id), ["org_acme"]);
    assertEquals((await organizations(t, token))?.map((o) => o.id), ["org_acme"]);
    await t.db.run(
      `INSERT INTO user_organizations (id, user_id, organization_id, user_role, is_current, created_at, updated_at)
       VALUES ('uo_pm_globex', 'usr_acme_pm', 'org_globex', 'member', 0, '2026-01-01', '2026-01-01')`,
    );
    assertEquals((await organizations(t, token))?.map((o) => [o.id, o.roleLabel]), [
      ["org_acme", "Project manager"],
      ["org_globex", "Member"],
    ]);
  } finally {
    await t.close();
  }
});
