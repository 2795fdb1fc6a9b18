import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { jsonOf } from "../../testing/http-assertions.ts";

interface FormNode {
  type: string;
  id?: string;
  to?: string;
  text?: string;
  submit?: { path: string; extra?: Record<string, unknown> };
  children?: FormNode[];
}

function nodesOf(node: FormNode): FormNode[] {
  return [node, ...(node.children ?? []).flatMap(nodesOf)];
}

Deno.test("the screens of emailed links load with no params and read the token from the page's query", async () => {
  const t = await createTestApp();
  try {
    for (
      const [screen, path] of [
        ["accept-invitation", "/auth/accept-invitation"],
        ["reset-password", "/auth/password/reset"],
      ]
    ) {
      // The browser asks for the screen with its route params only, as the link's
      // page has none: the token stays in the page's URL.
      const descriptor = await jsonOf<{ body: FormNode }>(
        await t.call("GET", `/ui/screens/${screen}`),
      );
      const form = nodesOf(descriptor.body).find((n) => n.type === "form");
      assertEquals(form?.submit?.path, path);
      assertEquals(form?.submit?.extra, { token: { $query: "token" } });
    }
  } finally {
    await t.close();
  }
});

Deno.test("the staff and portal sign-in screens offer a password reset", async () => {
  const t = await createTestApp();
  try {
    for (const screen of ["login", "client-portal"]) {
      const descriptor = await jsonOf<{ body: FormNode }>(
        await t.call("GET", `/ui/screens/${screen}`),
      );
      const link = nodesOf(descriptor.body).find((n) =>
        n.type === "link" && n.to === "/forgot-password"
      );
      ok(link, `${screen} has no link to /forgot-password`);
      assertEquals(link.text, "Forgot password?");
    }
  } finally {
    await t.close();
  }
});

Deno.test("every screen where a password is chosen states its rules up front, as the server holds them", async () => {
  const t = await createTestApp();
  try {
    for (const screen of ["accept-invitation", "reset-password", "register"]) {
      const descriptor = await jsonOf<{ body: FormNode }>(
        await t.call("GET", `/ui/screens/${screen}`),
      );
      const form = nodesOf(descriptor.body).find((n) => n.type === "form") as
        | { fields: { name: string; help?: string; minLength?: number }[] }
        | undefined;
      const password = form?.fields.find((f) => f.name === "password");
      assertEquals(
        [screen, password?.help, password?.minLength],
        [
          screen,
          "At least 10 characters. Any characters count: a few unrelated words make a strong password.",
          10,
        ],
      );
    }
    // The server refuses a shorter one with the same rule, naming the field.
    const refused = await t.call("POST", "/auth/register", {
      body: {
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@rules.test",
        password: "123456789",
        organization_name: "Rules Ltd",
      },
    });
    assertEquals(refused.status, 400);
    const { error } = await refused.json();
    assertEquals(error.details.fields.password, "Password must be at least 10 characters");
  } finally {
    await t.close();
  }
});
