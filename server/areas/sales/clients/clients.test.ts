import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";

interface ClientsBody {
  clients: { id: string; name: string; status: string; project_count: number }[];
  total: number;
}

Deno.test("POST /clients/list answers the organisation's clients by name with project counts", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const body = await jsonOf<ClientsBody>(
      await t.call("POST", "/clients/list", { token, body: {} }),
    );
    assertEquals(
      body.clients.filter((c) => c.project_count > 0).map((c) => [c.name, c.project_count]),
      [
        ["Contoso Ltd", 1],
        ["Fabrikam Inc", 1],
        ["Litware Labs", 1],
        ["Northwind Traders", 2],
        ["Tailspin Toys", 1],
        ["Wingtip Ventures", 1],
      ],
    );
    const names = body.clients.map((c) => c.name);
    assertEquals(names, [...names].sort());
    assertEquals(body.total, 28);
    assertEquals(body.clients.length, 28);
  } finally {
    await t.close();
  }
});

Deno.test("POST /clients/list filters by search text and status", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    const north = await jsonOf<ClientsBody>(
      await t.call("POST", "/clients/list", { token, body: { search: "north" } }),
    );
    assertEquals(north.clients.map((c) => c.id), ["cli_northwind"]);
    const inactive = await jsonOf<ClientsBody>(
      await t.call("POST", "/clients/list", { token, body: { status: "inactive" } }),
    );
    assertEquals(inactive.clients.map((c) => c.status), Array(inactive.total).fill("inactive"));
    assertEquals(inactive.total > 0, true);
  } finally {
    await t.close();
  }
});

Deno.test("POST /clients/list answers 400 naming a wrong-typed field", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("sales@acme.test");
    await assertInvalidFields(
      await t.call("POST", "/clients/list", { token, body: { search: 5 } }),
      "search",
    );
  } finally {
    await t.close();
  }
});

Deno.test("POST /clients/portal-invite of one email several times at once makes one account and one working link; each is answered as a resend", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const body = {
      client_id: "cli_contoso",
      email: "buyer@contoso.test",
      first_name: "Cory",
      last_name: "Buyer",
    };
    const send = async () => {
      const res = await t.call("POST", "/clients/portal-invite", { token, body });
      return { status: res.status, body: await res.json() };
    };
    const answers = await Promise.all([send(), send(), send()]);
    const again = await send();
    assertEquals([...answers, again].map((a) => a.status), [201, 201, 201, 201]);
    const accounts = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM users WHERE email = ?",
      [body.email],
    );
    assertEquals(Number(accounts!.n), 1);
    const live = await t.db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM invitations i JOIN users u ON u.id = i.user_id
        WHERE u.email = ? AND i.used_at IS NULL AND i.expires_at > ?`,
      [body.email, new Date(t.clock.now).toISOString()],
    );
    assertEquals(Number(live!.n), 1);
  } finally {
    await t.close();
  }
});
