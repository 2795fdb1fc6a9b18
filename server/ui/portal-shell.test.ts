import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../testing/test-app.ts";

const PORTAL = "client@northwind.test";

Deno.test("GET /ui/shell gives a portal user the portal's own minimal frame", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor(PORTAL);
    const res = await t.call("GET", "/ui/shell", { token });
    assertEquals(res.status, 200);
    const shell = await res.json();
    assertEquals(shell.audience, "portal");
    assertEquals(shell.organization.name, "Acme Consulting");
    assertEquals(shell.client, { id: "cli_northwind", name: "Northwind Traders" });
    assertEquals(shell.navigation.links.map((l: { label: string }) => l.label), [
      "Your projects",
      "Proposals",
      "Invoices",
      "Messages",
      "Profile",
    ]);
    assertEquals(shell.header.help, { label: "Help", to: "/client-portal/help" });
    assertEquals(shell.header.userMenu.at(-1).action, { kind: "sign-out" });
    const text = JSON.stringify(shell);
    for (const staffOnly of ["Pro Plan Active", "Search modules", "sidebar", "chatbot", "/app/"]) {
      ok(!text.includes(staffOnly), `the portal shell holds "${staffOnly}"`);
    }
    const firm = await t.db.get<{ email: string }>(
      "SELECT email FROM organizations WHERE id = 'org_acme'",
    );
    assertEquals(shell.footer.support.href, `mailto:${firm!.email}`);
  } finally {
    await t.close();
  }
});

Deno.test("portal users of different clients each get their own client's name in the shell", async () => {
  const t = await createTestApp();
  try {
    const first = await (await t.call("GET", "/ui/shell", { token: await t.tokenFor(PORTAL) }))
      .json();
    await t.db.run(
      "UPDATE users SET client_id = 'cli_contoso' WHERE email = ?",
      [PORTAL],
    );
    const after = await (await t.call("GET", "/ui/shell", { token: await t.tokenFor(PORTAL) }))
      .json();
    assertEquals(first.client.name, "Northwind Traders");
    assertEquals(after.client.name, "Contoso Ltd");
  } finally {
    await t.close();
  }
});

Deno.test("the portal help page is a portal screen that says how to reach the firm", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor(PORTAL);
    const routes = await (await t.call("GET", "/ui/routes", { token })).json();
    ok(
      routes.routes.some((r: { path: string; audience: string }) =>
        r.path === "/client-portal/help" && r.audience === "portal"
      ),
    );
    const res = await t.call("GET", "/ui/screens/client-portal/help", { token });
    assertEquals(res.status, 200);
    const screen = await res.json();
    assertEquals(screen.sources.profile.path, "/portal/profile");
    ok(JSON.stringify(screen.body).includes("Reach the firm"));
    const staff = await t.tokenFor("admin@acme.test");
    assertEquals(
      (await t.call("GET", "/ui/screens/client-portal/help", { token: staff })).status,
      403,
    );
  } finally {
    await t.close();
  }
});

Deno.test("the staff shell keeps its own frame", async () => {
  const t = await createTestApp();
  try {
    const shell = await (await t.call("GET", "/ui/shell", {
      token: await t.tokenFor("pm@acme.test"),
    })).json();
    assertEquals(shell.audience, "staff");
    assertEquals(shell.sidebar.badge, "Pro Plan Active");
  } finally {
    await t.close();
  }
});
