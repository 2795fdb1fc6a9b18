import { deepStrictEqual as assertEquals, ok, throws } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../testing/http-assertions.ts";
import { createApp } from "../../app.ts";
import { readConfig } from "../../config.ts";

const LIMITS = { perDay: 5, perDayNewOrganization: 2 };

/** 10:00 UTC, so a day's midnight and an organisation's first birthday differ. */
const MORNING = Date.parse("2031-05-20T10:00:00.000Z");

function staffInvite(t: TestApp, token: string, email: string) {
  return t.call("POST", "/admin/users/invite", {
    token,
    body: { email, first_name: "New", last_name: "Person", role: "member" },
  });
}

function portalInvite(t: TestApp, token: string, email: string) {
  return t.call("POST", "/clients/portal-invite", {
    token,
    body: { client_id: "cli_contoso", email, first_name: "Con", last_name: "Tact" },
  });
}

async function sentMail(t: TestApp): Promise<number> {
  return Number((await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM mail_outbox"))!.n);
}

Deno.test("An organisation's invitations stop at its daily limit with 429 saying when it resets; staff, portal and resends all count", async () => {
  const t = await createTestApp({ invitationLimits: LIMITS });
  try {
    t.clock.now = MORNING;
    const admin = await t.tokenFor("admin@acme.test");
    await jsonOf(await staffInvite(t, admin, "one@example.test"), 201);
    await jsonOf(await staffInvite(t, admin, "one@example.test"), 201); // sent again
    await jsonOf(await staffInvite(t, admin, "admin@globex.test"), 201); // has an account
    await jsonOf(await portalInvite(t, admin, "two@example.test"), 201);
    await jsonOf(await portalInvite(t, admin, "sales@globex.test"), 201); // has an account
    const mail = await sentMail(t);
    const users = await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM users");

    for (
      const refused of [
        staffInvite(t, admin, "three@example.test"),
        portalInvite(t, admin, "four@example.test"),
      ]
    ) {
      const res = await refused;
      const error = await errorOf(res, 429, "too_many_invitations");
      assertEquals(
        error.message,
        "This organization may send 5 invitations a day and has sent them all. More can be sent from 2031-05-21 00:00 UTC.",
      );
      assertEquals(error.details?.resets_at, "2031-05-21T00:00:00.000Z");
      assertEquals(res.headers.get("retry-after"), String(14 * 3600));
    }
    assertEquals(await sentMail(t), mail, "nothing sent past the limit");
    assertEquals(await t.db.get("SELECT COUNT(*) AS n FROM users"), users, "no account made");

    // The next day starts again.
    t.clock.advance(14 * 3600 * 1000);
    const tomorrow = await t.tokenFor("admin@acme.test");
    await jsonOf(await staffInvite(t, tomorrow, "three@example.test"), 201);
  } finally {
    await t.close();
  }
});

Deno.test("An invitation refused for its input does not use up the day's limit", async () => {
  const t = await createTestApp({ invitationLimits: { perDay: 1, perDayNewOrganization: 1 } });
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const bad = await t.call("POST", "/admin/users/invite", {
      token: admin,
      body: { email: "x@example.test", first_name: "X", last_name: "Y", role: "no_such_role" },
    });
    await errorOf(bad, 400, "invalid_input");
    await errorOf(await staffInvite(t, admin, "pm@acme.test"), 400, "invalid_input");
    await jsonOf(await staffInvite(t, admin, "x@example.test"), 201);
    await errorOf(await staffInvite(t, admin, "y@example.test"), 429, "too_many_invitations");
  } finally {
    await t.close();
  }
});

Deno.test("An organisation younger than a day has the lower limit until its first day ends", async () => {
  const t = await createTestApp({ invitationLimits: LIMITS });
  try {
    t.clock.now = MORNING;
    const founder = {
      first_name: "Rosa",
      last_name: "Diaz",
      email: "rosa@initrode.test",
      password: "a-long-enough-password",
      organization_name: "Initrode Advisory",
    };
    await jsonOf(await t.call("POST", "/auth/register", { body: founder }), 202);
    const signIn = async () =>
      (await jsonOf<{ access_token: string }>(
        await t.call("POST", "/auth/login", {
          body: { email: founder.email, password: founder.password },
        }),
      )).access_token;
    let token = await signIn();
    await jsonOf(await staffInvite(t, token, "a@initrode.test"), 201);
    await jsonOf(await staffInvite(t, token, "b@initrode.test"), 201);
    const first = await errorOf(
      await staffInvite(t, token, "c@initrode.test"),
      429,
      "too_many_invitations",
    );
    assertEquals(
      first.message,
      "This organization may send 2 invitations a day while it is less than a day old and has sent them all. More can be sent from 2031-05-21 00:00 UTC.",
    );

    // Past midnight it is still young: two more, then the limit rises when it turns a day old.
    t.clock.now = Date.parse("2031-05-21T00:30:00.000Z");
    token = await signIn();
    await jsonOf(await staffInvite(t, token, "c@initrode.test"), 201);
    await jsonOf(await staffInvite(t, token, "d@initrode.test"), 201);
    const second = await errorOf(
      await staffInvite(t, token, "e@initrode.test"),
      429,
      "too_many_invitations",
    );
    assertEquals(second.details?.resets_at, "2031-05-21T10:00:00.000Z");
    ok(second.message.endsWith("More can be sent from 2031-05-21 10:00 UTC."), second.message);

    t.clock.now = Date.parse("2031-05-21T10:30:00.000Z");
    token = await signIn();
    for (const email of ["e@initrode.test", "f@initrode.test", "g@initrode.test"]) {
      await jsonOf(await staffInvite(t, token, email), 201);
    }
    await errorOf(await staffInvite(t, token, "h@initrode.test"), 429, "too_many_invitations");
  } finally {
    await t.close();
  }
});

Deno.test("Invitations sent at once through two server instances never pass the limit together", async () => {
  const t = await createTestApp({ invitationLimits: { perDay: 6, perDayNewOrganization: 6 } });
  const other = t.connect();
  try {
    const second = createApp({
      db: other,
      config: t.config,
      secret: t.secret,
      clock: () => t.clock.now,
    });
    const admin = await t.tokenFor("admin@acme.test");
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => {
        const request = new Request("http://localhost/admin/users/invite", {
          method: "POST",
          headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
          body: JSON.stringify({
            email: `burst${i}@example.test`,
            first_name: "Burst",
            last_name: String(i),
            role: "member",
          }),
        });
        return (async () => {
          const res = await (i % 2 === 0 ? t.fetch(request) : second.fetch(request));
          await res.body?.cancel();
          return res.status;
        })();
      }),
    );
    assertEquals(answers.filter((s) => s === 201).length, 6, JSON.stringify(answers));
    ok(answers.every((s) => s === 201 || s === 429 || s === 503), JSON.stringify(answers));
    const invited = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM users WHERE email LIKE 'burst%'",
    );
    assertEquals(Number(invited!.n), 6);
  } finally {
    await other.close();
    await t.close();
  }
});

Deno.test("The invitation limits are read from INVITATIONS_PER_DAY and INVITATIONS_PER_DAY_NEW_ORGANIZATION", () => {
  assertEquals(readConfig({}).invitationLimits, { perDay: 100, perDayNewOrganization: 20 });
  assertEquals(
    readConfig({ INVITATIONS_PER_DAY: "40", INVITATIONS_PER_DAY_NEW_ORGANIZATION: "4" })
      .invitationLimits,
    { perDay: 40, perDayNewOrganization: 4 },
  );
  throws(() => readConfig({ INVITATIONS_PER_DAY: "0" }), /INVITATIONS_PER_DAY/);
});
