import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../testing/http-assertions.ts";

async function invite(t: TestApp): Promise<string> {
  const answer = await jsonOf<{ invitation_link: string }>(
    await t.call("POST", "/admin/users/invite", {
      token: await t.tokenFor("admin@acme.test"),
      body: { email: "joiner@acme.test", first_name: "Jo", last_name: "Iner", role: "member" },
    }),
    201,
  );
  return new URL(answer.invitation_link).searchParams.get("token")!;
}

Deno.test("POST /auth/invitation/preview names the organisation and the address of a usable link", async () => {
  const t = await createTestApp();
  try {
    const token = await invite(t);
    const preview = await jsonOf<Record<string, string>>(
      await t.call("POST", "/auth/invitation/preview", { body: { token } }),
    );
    assertEquals([preview.email, preview.organization_name, preview.kind], [
      "joiner@acme.test",
      "Acme Consulting",
      "staff",
    ]);
  } finally {
    await t.close();
  }
});

Deno.test("POST /auth/invitation/preview refuses a used, an expired and a made-up link naming token", async () => {
  const t = await createTestApp();
  try {
    await assertInvalidFields(
      await t.call("POST", "/auth/invitation/preview", {
        body: { token: "made-up-token-of-some-length" },
      }),
      "token",
    );
    const expiring = await invite(t);
    t.clock.advance(8 * 86_400_000);
    await assertInvalidFields(
      await t.call("POST", "/auth/invitation/preview", { body: { token: expiring } }),
      "token",
    );
  } finally {
    await t.close();
  }
  const u = await createTestApp();
  try {
    const token = await invite(u);
    await jsonOf(
      await u.call("POST", "/auth/accept-invitation", {
        body: { token, password: "a-chosen-password" },
      }),
    );
    await assertInvalidFields(
      await u.call("POST", "/auth/invitation/preview", { body: { token } }),
      "token",
    );
  } finally {
    await u.close();
  }
});
