/**
 * Expense claims through HTTP: the approver is never the claimant (on submit and on
 * approve), approval sanctions what was claimed and stamps the time, members see
 * only their own claims, a claim past its draft refuses changes, bad input is a 400
 * naming the field.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { fieldsOf, type Json, messageOf, recordOf, recordsAs } from "../invoices/testing/money.ts";

const LINE = { date: "2031-02-10", category: "travel", description: "Train", amount: 120.5 };

Deno.test("expense claims: the approver is someone other than the claimant", async (t) => {
  const app = await createTestApp();
  try {
    const tom = await recordsAs(app, "tom@acme.test");
    const finance = await recordsAs(app, "finance@acme.test");
    const admin = await recordsAs(app, "admin@acme.test");

    await t.step("a claim naming its claimant as approver cannot be submitted", async () => {
      const own = recordOf(
        await tom.create("expense", {
          purpose: "Test claim",
          approver: "usr_acme_tom",
          lines: [LINE],
        }),
      );
      const refused = await tom.act("expense", own.id as string, "submit");
      assertEquals(refused.status, 409);
      assertEquals(messageOf(refused), "The approver cannot be the claimant");
    });

    await t.step("neither the claimant nor the creator approves the claim", async () => {
      const pm = await recordsAs(app, "pm@acme.test");
      const forPm = recordOf(
        await finance.create("expense", {
          purpose: "Workshop travel",
          claimant: "usr_acme_pm",
          approver: "usr_acme_admin",
          lines: [LINE],
        }),
      );
      assertEquals((await finance.act("expense", forPm.id as string, "submit")).status, 200);
      const byClaimant = await pm.act("expense", forPm.id as string, "approve");
      assertEquals(byClaimant.status, 403);
      assertEquals(messageOf(byClaimant), "You cannot approve your own expense claim");
      const byCreator = await finance.act("expense", forPm.id as string, "approve");
      assertEquals(byCreator.status, 403);
      ok(messageOf(byCreator).includes("you created"), messageOf(byCreator));
      assertEquals(recordOf(await finance.get("expense", forPm.id as string)).status, "submitted");
    });

    await t.step("another approver approves: sanctioned as claimed, time stamped", async () => {
      const claim = recordOf(
        await tom.create("expense", {
          purpose: "Client visit",
          approver: "usr_acme_finance",
          lines: [LINE, { ...LINE, category: "meals", amount: 30 }],
        }),
      );
      assertEquals(claim.total, 150.5);
      assertEquals((await tom.act("expense", claim.id as string, "submit")).status, 200);
      const notAllowed = await tom.act("expense", claim.id as string, "approve");
      assertEquals(notAllowed.status, 403);
      ok(messageOf(notAllowed).includes("expenses.approve"), messageOf(notAllowed));
      const submitted = recordOf(await tom.get("expense", claim.id as string));
      const approved = await admin.act("expense", claim.id as string, "approve");
      assertEquals(approved.status, 200, JSON.stringify(approved.body));
      const record = recordOf(approved);
      assertEquals(record.status, "approved");
      assertEquals(record.sanctioned_total, 150.5);
      assertEquals((record.lines as Json[]).map((l) => l.sanctioned_amount), [120.5, 30]);
      ok(String(record.approved_at).startsWith("20"));
      // The lines were sanctioned through the engine: versioned and audited as the approval.
      // The move to approved, the sanctioned lines, and the approval's stamp and warnings.
      assertEquals(record.version, Number(submitted.version) + 3);
      const audits = await app.db.all<{ before_value: string; after_value: string }>(
        "SELECT before_value, after_value FROM audit_logs WHERE resource_id = ? AND action = 'approve'",
        [claim.id as string],
      );
      const lines = audits.map((a) => JSON.parse(a.after_value).lines).find(Boolean) as Json[];
      assertEquals(lines?.map((l) => l.sanctioned_amount), [120.5, 30]);
      const paid = recordOf(await finance.act("expense", claim.id as string, "mark_paid"));
      assertEquals(paid.status, "paid");
      ok(paid.paid_at);
    });
  } finally {
    await app.close();
  }
});

Deno.test("expense claims: members see only their own claims", async () => {
  const app = await createTestApp();
  try {
    const tom = await recordsAs(app, "tom@acme.test");
    const maya = await recordsAs(app, "maya@acme.test");
    const mine = recordOf(
      await tom.create("expense", {
        purpose: "Test claim",
        approver: "usr_acme_pm",
        lines: [LINE],
      }),
    );
    const theirs = recordOf(
      await maya.create("expense", {
        purpose: "Test claim",
        approver: "usr_acme_pm",
        lines: [LINE],
      }),
    );
    const listed = (await tom.list("expense")).body.items as Json[];
    ok(listed.some((r) => r.id === mine.id));
    assertEquals(listed.filter((r) => r.claimant !== "usr_acme_tom"), []);
    assertEquals((await tom.get("expense", theirs.id as string)).status, 404);
    const pmList = (await (await recordsAs(app, "pm@acme.test")).list("expense")).body
      .items as Json[];
    ok(pmList.some((r) => r.id === theirs.id) && pmList.some((r) => r.id === mine.id));
  } finally {
    await app.close();
  }
});

Deno.test("expense claims: only a draft changes; bad input names the field", async () => {
  const app = await createTestApp();
  try {
    const tom = await recordsAs(app, "tom@acme.test");
    const bad = await tom.create("expense", {
      purpose: "Test claim",
      approver: "usr_acme_pm",
      lines: [{ ...LINE, amount: "abc" }],
    });
    assertEquals(bad.status, 400);
    ok(fieldsOf(bad)["lines[0].amount"]);
    const noApprover = await tom.create("expense", { purpose: "Test claim", lines: [LINE] });
    assertEquals(noApprover.status, 400);
    assertEquals(fieldsOf(noApprover).approver, "Approver is required");
    const badCategory = await tom.create("expense", {
      purpose: "Test claim",
      approver: "usr_acme_pm",
      lines: [{ ...LINE, category: "yachts" }],
    });
    assertEquals(badCategory.status, 400);
    ok(fieldsOf(badCategory)["lines[0].category"]);

    const claim = recordOf(
      await tom.create("expense", {
        purpose: "Test claim",
        approver: "usr_acme_pm",
        lines: [LINE],
      }),
    );
    const submitted = recordOf(await tom.act("expense", claim.id as string, "submit"));
    const changed = await tom.update("expense", claim.id as string, submitted.version as number, {
      lines: [{ ...LINE, amount: 999 }],
    });
    assertEquals(changed.status, 409);
    assertEquals(
      messageOf(changed),
      "Only a draft can be changed: this expense claim is submitted",
    );

    const finance = await recordsAs(app, "finance@acme.test");
    const [stored] = recordOf(await finance.get("expense", claim.id as string)).lines as Json[];
    const line = { id: stored.id, ...LINE };
    const over = await finance.update("expense", claim.id as string, submitted.version as number, {
      lines: [{ ...line, sanctioned_amount: 500 }],
    });
    assertEquals(over.status, 400, JSON.stringify(over.body));
    ok(fieldsOf(over)["lines[0].sanctioned_amount"], JSON.stringify(over.body));
    const cut = await finance.update("expense", claim.id as string, submitted.version as number, {
      lines: [{ ...line, sanctioned_amount: 100 }],
    });
    assertEquals(cut.status, 200, JSON.stringify(cut.body));
    const approved = recordOf(await finance.act("expense", claim.id as string, "approve"));
    assertEquals(approved.sanctioned_total, 100);
  } finally {
    await app.close();
  }
});

Deno.test("a claim sent with its form's default claimant @me is the caller's", async () => {
  const app = await createTestApp();
  try {
    const pm = await recordsAs(app, "pm@acme.test");
    const created = await pm.create("expense", {
      purpose: "Default claimant",
      claimant: "@me",
      approver: "usr_acme_finance",
      lines: [LINE],
    });
    assertEquals(created.status, 201, JSON.stringify(created.body));
    assertEquals(recordOf(created).claimant, "usr_acme_pm");
  } finally {
    await app.close();
  }
});
