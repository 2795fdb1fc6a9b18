import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";

interface UsersBody {
  users: {
    id: string;
    first_name: string;
    last_name: string;
    full_name: string;
    email: string;
    role: string;
    is_active: boolean;
    is_client_portal_user: boolean;
    joined_at: string;
  }[];
  total: number;
}

Deno.test("POST /users/list answers the members of the organisation with their roles", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const body = await jsonOf<UsersBody>(await t.call("POST", "/users/list", { token, body: {} }));
    assertEquals(body.total, 12);
    assertEquals(body.users.length, 12);
    const alice = body.users.find((u) => u.id === "usr_acme_admin")!;
    assertEquals({ ...alice, joined_at: "" }, {
      id: "usr_acme_admin",
      first_name: "Alice",
      last_name: "Morgan",
      full_name: "Alice Morgan",
      email: "admin@acme.test",
      role: "firm_admin",
      is_active: true,
      status: "active",
      is_client_portal_user: false,
      joined_at: "",
    });
    const client = body.users.find((u) => u.id === "usr_northwind_client")!;
    assertEquals([client.role, client.is_client_portal_user], ["client_portal", true]);
    const lastNames = body.users.map((u) => u.last_name);
    assertEquals(lastNames, [...lastNames].sort());
  } finally {
    await t.close();
  }
});

Deno.test("POST /users/list filters by role and by search text", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const members = await jsonOf<UsersBody>(
      await t.call("POST", "/users/list", { token, body: { role: "member" } }),
    );
    assertEquals(members.users.map((u) => u.first_name).sort(), [
      "Julia",
      "Ken",
      "Lena",
      "Maya",
      "Omar",
      "Sam",
      "Tom",
    ]);
    const search = await jsonOf<UsersBody>(
      await t.call("POST", "/users/list", { token, body: { search: "novak" } }),
    );
    assertEquals(search.users.map((u) => u.id), ["usr_acme_pm"]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /users/list answers 400 naming a wrong-typed field", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    await assertInvalidFields(
      await t.call("POST", "/users/list", { token, body: { role: 1 } }),
      "role",
    );
    await assertInvalidFields(
      await t.call("POST", "/users/list", { token, body: { search: ["x"] } }),
      "search",
    );
  } finally {
    await t.close();
  }
});
