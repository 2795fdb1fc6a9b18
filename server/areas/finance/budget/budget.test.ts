/**
 * Budgets through HTTP: approval by someone other than the creator, items from a
 * template, draft-only changes, and the check of an expense claim's approval: a
 * "stop" budget refuses the claim that would exceed it, naming the budget, the
 * amount and the remainder; a "warn" budget lets it through with a warning; the
 * tracking figures count committed and consumed per month.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { fieldsOf, type Json, messageOf, recordOf, recordsAs } from "../invoices/testing/money.ts";

type Records = Awaited<ReturnType<typeof recordsAs>>;

async function approvedBudget(creator: Records, approver: Records, values: Json): Promise<Json> {
  const created = await creator.create("budget", {
    period_start: "2031-01-01",
    period_end: "2031-12-31",
    ...values,
  });
  assertEquals(created.status, 201, JSON.stringify(created.body));
  const id = recordOf(created).id as string;
  assertEquals((await creator.act("budget", id, "submit_for_approval")).status, 200);
  const approved = await approver.act("budget", id, "approve");
  assertEquals(approved.status, 200, JSON.stringify(approved.body));
  return recordOf(approved);
}

async function submittedClaim(claimant: Records, category: string, amount: number) {
  const claim = recordOf(
    await claimant.create("expense", {
      purpose: "Test claim",
      approver: "usr_acme_finance",
      lines: [{ date: "2031-03-15", category, amount }],
    }),
  );
  assertEquals((await claimant.act("expense", claim.id as string, "submit")).status, 200);
  return claim.id as string;
}

Deno.test("budgets: approved by someone else, changed only as drafts, items from a template", async (t) => {
  const app = await createTestApp();
  try {
    const admin = await recordsAs(app, "admin@acme.test");
    const finance = await recordsAs(app, "finance@acme.test");

    await t.step("the creator cannot approve their own budget", async () => {
      const budget = recordOf(
        await admin.create("budget", {
          title: "Training 2031",
          category: "training",
          period_start: "2031-01-01",
          period_end: "2031-12-31",
          items: [{ month: "2031-01", amount: 500 }],
        }),
      );
      await admin.act("budget", budget.id as string, "submit_for_approval");
      const refused = await admin.act("budget", budget.id as string, "approve");
      assertEquals(refused.status, 403);
      assertEquals(messageOf(refused), "You cannot approve a budget you created");
      const approved = recordOf(await finance.act("budget", budget.id as string, "approve"));
      assertEquals(approved.status, "approved");
      const changed = await admin.update(
        "budget",
        budget.id as string,
        approved.version as number,
        {
          title: "Training 2031 (more)",
        },
      );
      assertEquals(changed.status, 409);
      assertEquals(messageOf(changed), "Only a draft can be changed: this budget is approved");
      const token = await app.tokenFor("admin@acme.test");
      const removed = await app.call(
        "DELETE",
        `/api/records/budget/${budget.id}?version=${approved.version}`,
        { token },
      );
      assertEquals(removed.status, 409);
      assertEquals(
        messageOf({ body: await removed.json() }),
        "Only drafts can be deleted: this budget is approved",
      );
      const kept = await admin.get("budget", budget.id as string);
      assertEquals(kept.status, 200);
      assertEquals((kept.body.actions as Json[]).some((a) => a.id === "delete"), false);
    });

    await t.step("a budget saved with a template gets its items from it", async () => {
      const template = recordOf(
        await admin.create("budget_template", {
          title: "Front-loaded test quarter",
          lines: [
            { month_offset: 0, share_percent: 50 },
            { month_offset: 1, share_percent: 30, category: "travel" },
            { month_offset: 2, share_percent: 20 },
          ],
        }),
      );
      assertEquals(template.share_total, 100);
      const budget = recordOf(
        await admin.create("budget", {
          title: "Q4 travel",
          category: "travel",
          period_start: "2031-11-01",
          period_end: "2032-01-31",
          template: template.id,
          amount: 3000,
        }),
      );
      assertEquals(
        (budget.items as Json[]).map((i) => [i.month, i.category, i.amount]),
        [["2031-11", "travel", 1500], ["2031-12", "travel", 900], ["2032-01", "travel", 600]],
      );
      assertEquals(budget.total, 3000);
    });

    await t.step("bad input names the field", async () => {
      const backwards = await admin.create("budget", {
        title: "Backwards",
        period_start: "2031-06-01",
        period_end: "2031-01-01",
      });
      assertEquals(backwards.status, 400);
      assertEquals(fieldsOf(backwards).period_end, "To must not be before From");
      const outside = await admin.create("budget", {
        title: "Outside",
        period_start: "2031-01-01",
        period_end: "2031-03-31",
        items: [{ month: "2031-07", amount: 10 }],
      });
      assertEquals(outside.status, 400);
      ok(fieldsOf(outside)["items[0].month"]);
      const noProject = await admin.create("budget", {
        title: "Project without one",
        scope: "project",
        period_start: "2031-01-01",
        period_end: "2031-03-31",
      });
      assertEquals(noProject.status, 400);
      assertEquals(fieldsOf(noProject).project, "Project is required");
    });
  } finally {
    await app.close();
  }
});

Deno.test("budgets: a stop budget refuses the claim that would exceed it; warn lets it through", async (t) => {
  const app = await createTestApp();
  try {
    const admin = await recordsAs(app, "admin@acme.test");
    const finance = await recordsAs(app, "finance@acme.test");
    const tom = await recordsAs(app, "tom@acme.test");
    const stop = await approvedBudget(finance, admin, {
      title: "Training",
      category: "training",
      action_on_excess: "stop",
      items: [{ month: "2031-03", amount: 1000 }],
    });

    await t.step("claims within the budget are approved", async () => {
      const first = await submittedClaim(tom, "training", 700);
      assertEquals((await admin.act("expense", first, "approve")).status, 200);
    });

    await t.step("the claim past it is refused with the budget, amount and remainder", async () => {
      const second = await submittedClaim(tom, "training", 400);
      const refused = await admin.act("expense", second, "approve");
      assertEquals(refused.status, 409);
      assertEquals(
        messageOf(refused),
        `Budget ${stop.name} "Training" would be exceeded: this claim adds 400.00 but only 300.00 of 1,000.00 remains`,
      );
      assertEquals(recordOf(await admin.get("expense", second)).status, "submitted");
    });

    await t.step("a warn budget approves with a warning on the claim", async () => {
      const warn = await approvedBudget(finance, admin, {
        title: "Meals",
        category: "meals",
        action_on_excess: "warn",
        items: [{ month: "2031-03", amount: 100 }],
      });
      const claim = await submittedClaim(tom, "meals", 150);
      const approved = await admin.act("expense", claim, "approve");
      assertEquals(approved.status, 200);
      assertEquals(
        recordOf(approved).budget_warning,
        `Budget ${warn.name} "Meals" is exceeded: this claim adds 150.00 where 100.00 of 100.00 remained`,
      );
    });

    await t.step("tracking counts committed and consumed per month", async () => {
      const first = ((await admin.list("expense", {
        filters: [{ field: "status", op: "eq", value: "approved" }],
        fields: ["id", "total"],
      })).body.items as Json[]).find((e) => e.total === 700)!;
      await finance.act("expense", first.id as string, "mark_paid");
      const tracking = await admin.post("/budget/tracking", { budget_id: stop.id as string });
      assertEquals(tracking.status, 200);
      assertEquals(tracking.body.months, [
        { month: "2031-03", budget: 1000, committed: 0, consumed: 700, actual: 700 },
      ]);
      const standings = await admin.post("/budget/standings", {});
      const row = (standings.body.budgets as Json[]).find((b) => b.id === stop.id)!;
      assertEquals([row.total, row.committed, row.consumed, row.remaining], [1000, 0, 700, 300]);
      const foreign = await (await recordsAs(app, "admin@globex.test")).post("/budget/tracking", {
        budget_id: stop.id as string,
      });
      assertEquals(foreign.status, 404);
      const bad = await admin.post("/budget/tracking", { budget_id: 5 });
      assertEquals(bad.status, 400);
    });
  } finally {
    await app.close();
  }
});

Deno.test("budgets: the dashboard counts budgets over and near their limit from the rows its table shows", async () => {
  const app = await createTestApp();
  try {
    const admin = await recordsAs(app, "admin@acme.test");
    const standings = await admin.post("/budget/standings", {});
    assertEquals(standings.status, 200);
    const summary = standings.body.summary as Json;
    const rows = standings.body.budgets as Json[];
    const over = rows.filter((b) => (b.percent_used as number) > 100);
    assertEquals(summary.over, over.length);
    assertEquals(rows.filter((b) => b.over_limit).map((b) => b.id), over.map((b) => b.id));
    const near = rows.filter((b) =>
      (b.percent_used as number) >= 90 && (b.percent_used as number) <= 100
    );
    // The demo's draft budget at 99.5 % is in the table: the count must see it too.
    ok(near.some((b) => b.status === "draft"), "a draft near its limit is listed");
    assertEquals(summary.near_limit, near.length);
  } finally {
    await app.close();
  }
});
