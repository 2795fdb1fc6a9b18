import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";

/**
 * Requests that would add the same row, sent at once. On PostgreSQL they run in
 * parallel transactions, so a check made before the insert cannot keep them
 * apart: the database's unique constraint decides, and every loser gets the
 * answer a sequential duplicate gets, never a 500.
 */
const AT_ONCE = 5;

async function answerOf(res: Response) {
  return { status: res.status, body: await res.json() };
}

async function auditCount(t: TestApp, action: string): Promise<number> {
  return (await t.db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM audit_logs WHERE organization_id = 'org_acme' AND action = ?",
    [action],
  ))!.n;
}

/** Invitation links of the address that still work. */
async function liveInvitations(t: TestApp, email: string): Promise<number> {
  const row = await t.db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM invitations i JOIN users u ON u.id = i.user_id
      WHERE u.email = ? AND i.used_at IS NULL AND i.expires_at > ?`,
    [email, new Date(t.clock.now).toISOString()],
  );
  return Number(row!.n);
}

async function atOnce(t: TestApp, path: string, body: unknown) {
  const token = await t.tokenFor("admin@acme.test");
  const send = async () => await answerOf(await t.call("POST", path, { token, body }));
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, send));
  return { answers, again: await send() };
}

Deno.test("creating one role name several times at once makes one role; the rest get the duplicate's 400", async () => {
  const t = await createTestApp();
  try {
    const audited = await auditCount(t, "role.create");
    const { answers, again } = await atOnce(t, "/admin/roles/create", { name: "auditor" });
    assertEquals(answers.filter((a) => a.status === 201).length, 1);
    assertEquals(again.status, 400);
    assertEquals(answers.filter((a) => a.status !== 201), Array(AT_ONCE - 1).fill(again));
    const roles = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM roles WHERE organization_id = 'org_acme' AND name = 'auditor'",
    );
    assertEquals(roles!.n, 1);
    assertEquals(await auditCount(t, "role.create"), audited + 1);
  } finally {
    await t.close();
  }
});

Deno.test("inviting one email several times at once makes one account and one working link; each is answered as a resend", async () => {
  const t = await createTestApp();
  try {
    const audited = await auditCount(t, "user.invite");
    const { answers, again } = await atOnce(t, "/admin/users/invite", {
      email: "twice@acme.test",
      first_name: "Tess",
      last_name: "Twice",
      role: "member",
    });
    assertEquals([...answers, again].map((a) => a.status), Array(AT_ONCE + 1).fill(201));
    const users = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM users WHERE email = 'twice@acme.test'",
    );
    assertEquals(Number(users!.n), 1);
    assertEquals(await liveInvitations(t, "twice@acme.test"), 1);
    assertEquals(Number(await auditCount(t, "user.invite")), Number(audited) + AT_ONCE + 1);
  } finally {
    await t.close();
  }
});

Deno.test("the first session policy written several times at once against version 0: one wins, the rest 409", async () => {
  const t = await createTestApp();
  try {
    const audited = await auditCount(t, "setting.update");
    const { answers, again } = await atOnce(t, "/admin/settings/session-policy", {
      version: 0,
      idle_timeout_minutes: 20,
      warning_seconds: 60,
    });
    assertEquals(answers.filter((a) => a.status === 200).length, 1);
    assertEquals(again.status, 409);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      assertEquals(lost.status, 409);
      assertEquals(lost.body.error.code, "conflict");
    }
    assertEquals(await auditCount(t, "setting.update"), audited + 1);
  } finally {
    await t.close();
  }
});
