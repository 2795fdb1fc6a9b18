/**
 * A project approval tells its approvers (issue 24): each step that comes to
 * wait notifies every person who may approve it, in the app and by mail, once,
 * linking to the project; the submitter is never told to approve their own; a
 * reassigned step tells its new approver; the end of the run tells the
 * submitter. Readers who turned notice mail off get no mail.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../testing/test-app.ts";
import { jsonOf } from "../../testing/http-assertions.ts";
import { createProject, createWorkflow } from "./approval-fixture.ts";

interface Shown {
  title: string;
  message: string;
  link: string | null;
  category: string;
}

async function withApp(fn: (t: TestApp) => Promise<void>): Promise<void> {
  const t = await createTestApp();
  try {
    await fn(t);
  } finally {
    await t.close();
  }
}

/** A person's notifications about project approvals, as the notifications call answers them. */
async function approvalNotices(t: TestApp, email: string): Promise<Shown[]> {
  const { notifications } = await jsonOf<{ notifications: Shown[] }>(
    await t.call("POST", "/notifications", { token: await t.tokenFor(email), body: {} }),
  );
  return notifications.filter((n) => n.link?.startsWith("/app/projects/"))
    .map(({ title, message, link, category }) => ({ title, message, link, category }));
}

async function mailTo(t: TestApp, email: string) {
  return await t.db.all<{ subject: string; text_body: string; kind: string }>(
    "SELECT subject, text_body, kind FROM mail_outbox WHERE recipient = ? AND kind = 'notification' ORDER BY created_at, id",
    [email],
  );
}

Deno.test("each waiting step tells its approvers once, in the app and by mail, and the end tells the submitter", async () => {
  await withApp(async (t) => {
    const workflow = await createWorkflow(t);
    const projectId = await createProject(t);
    const base = `/enterprise-projects/${projectId}`;
    const link = `/app/projects/${projectId}`;
    const pm = await t.tokenFor("pm@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    const maya = await t.tokenFor("maya@acme.test");
    const adminBefore = (await approvalNotices(t, "admin@acme.test")).length;

    const submitted = await jsonOf<{ data: { current: { id: string; waiting_for: string } } }>(
      await t.call("POST", `${base}/submit-approval`, {
        token: pm,
        body: { workflow_id: workflow },
      }),
      201,
    );
    const run = submitted.data.current.id;
    assertEquals(submitted.data.current.waiting_for, "Waiting for Alice Morgan (Executive review)");
    const adminNotices = await approvalNotices(t, "admin@acme.test");
    assertEquals(adminNotices.length, adminBefore + 1);
    assertEquals(adminNotices[0], {
      title: "Approval waiting for you: Approval sample",
      message:
        "Approval sample waits for your approval at Executive review. Submitted by Peter Novak.",
      link,
      category: "approval",
    });
    const mails = await mailTo(t, "admin@acme.test");
    assertEquals(mails.length, 1);
    assertEquals(mails[0].subject, "Approval waiting for you: Approval sample");
    assertEquals(mails[0].text_body.split("\n").slice(0, 4), [
      "Approval sample waits for your approval at Executive review. Submitted by Peter Novak.",
      "",
      "Open it in Opsuite:",
      `${t.config.publicUrl}${link}`,
    ]);
    assertEquals(
      await approvalNotices(t, "maya@acme.test"),
      [],
      "the next step is not waiting yet",
    );
    assertEquals(await approvalNotices(t, "pm@acme.test"), [], "the submitter approves nothing");

    await jsonOf(
      await t.call("POST", `${base}/approvals/${run}/process`, {
        token: admin,
        body: { action: "approve" },
      }),
    );
    const mayaNotices = await approvalNotices(t, "maya@acme.test");
    assertEquals(mayaNotices.map((n) => n.message), [
      "Approval sample waits for your approval at Delivery board. Submitted by Peter Novak.",
    ]);
    assertEquals(await approvalNotices(t, "admin@acme.test"), adminNotices, "told once");

    await jsonOf(
      await t.call("POST", `${base}/approvals/${run}/process`, {
        token: maya,
        body: { action: "approve", comments: "Staffed" },
      }),
    );
    assertEquals(await approvalNotices(t, "pm@acme.test"), [{
      title: "Project approved: Approval sample",
      message:
        "Approval sample was approved. The last decision was Maya Patel's, at Delivery board.",
      link,
      category: "approval",
    }]);
    const keys = await t.db.all<{ notice_key: string; n: number }>(
      `SELECT notice_key, COUNT(*) AS n FROM notifications WHERE notice_key LIKE ?
        GROUP BY notice_key ORDER BY notice_key`,
      [`project_approval:${run}:%`],
    );
    assertEquals(keys.map((k) => [k.notice_key.split(":")[2], Number(k.n)]), [
      ["0", 1],
      ["1", 1],
      ["outcome", 1],
    ]);
  });
});

Deno.test("a reassigned step tells its new approver; a reader who turned notice mail off gets none", async () => {
  await withApp(async (t) => {
    const workflow = await createWorkflow(t);
    const base = `/enterprise-projects/${await createProject(t)}`;
    const pm = await t.tokenFor("pm@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    const maya = await t.tokenFor("maya@acme.test");
    await jsonOf(
      await t.call("POST", "/api/user/preferences", {
        token: maya,
        body: { preferences: { email_notifications: false } },
      }),
    );
    const { data } = await jsonOf<{ data: { current: { id: string } } }>(
      await t.call("POST", `${base}/submit-approval`, {
        token: pm,
        body: { workflow_id: workflow },
      }),
      201,
    );
    await jsonOf(
      await t.call("POST", `${base}/approvals/${data.current.id}/reassign`, {
        token: admin,
        body: { user_id: "usr_acme_maya" },
      }),
    );
    assertEquals((await approvalNotices(t, "maya@acme.test")).map((n) => n.message), [
      "Approval sample waits for your approval at Executive review. Submitted by Peter Novak.",
    ]);
    assertEquals(await mailTo(t, "maya@acme.test"), [], "Maya turned notice mail off");
    const told = await jsonOf<{ data: { current: { waiting_for: string } } }>(
      await t.call("GET", `${base}/approval-status`, { token: pm }),
    );
    assertEquals(told.data.current.waiting_for, "Waiting for Maya Patel (Executive review)");
  });
});
