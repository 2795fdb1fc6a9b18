/**
 * What a record's state lets change, through HTTP: a record past its draft reads
 * as read-only (no Save, its fields listed read-only, and why), except what its
 * state leaves open (an expense claim's sanctioned amounts while it waits for
 * approval); any other change is refused with the state's reason (409 without
 * `current_version`, which only a stale version carries), naming the field, and
 * changes nothing.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../testing/test-app.ts";
import { type Json, recordOf, recordsAs } from "../../areas/finance/invoices/testing/money.ts";

const LINE = { date: "2031-02-10", category: "travel", description: "Train", amount: 120.5 };
const SUBMITTED = "Only a draft can be changed: this expense claim is submitted";

type Answer = { status: number; body: Json };

function readOnlyOf(answer: Answer): string[] {
  return answer.body.read_only_fields as string[];
}

function actionsOf(answer: Answer): string[] {
  return (answer.body.actions as { id: string }[]).map((a) => a.id);
}

function errorOf(answer: Answer): { message: string; details?: Json } {
  return answer.body.error as { message: string; details?: Json };
}

Deno.test("a submitted claim reads as read-only to its claimant: no Save, every field read-only, and why", async () => {
  const app = await createTestApp();
  try {
    const tom = await recordsAs(app, "tom@acme.test");
    const claim = recordOf(
      await tom.create("expense", { purpose: "Visit", approver: "usr_acme_pm", lines: [LINE] }),
    );
    const draft = await tom.get("expense", claim.id as string);
    ok(actionsOf(draft).includes("update"));
    assertEquals(draft.body.read_only_reason, undefined);
    assertEquals(readOnlyOf(draft).includes("purpose"), false);

    await tom.act("expense", claim.id as string, "submit");
    const submitted = await tom.get("expense", claim.id as string);
    assertEquals(actionsOf(submitted).includes("update"), false, "nothing left to save");
    for (const field of ["purpose", "claimant", "approver", "lines.date", "lines.amount"]) {
      ok(readOnlyOf(submitted).includes(field), `${field} in ${readOnlyOf(submitted)}`);
    }
    assertEquals(submitted.body.read_only_reason, SUBMITTED);

    const changed = await tom.update("expense", claim.id as string, 2, { purpose: "Other" });
    assertEquals(changed.status, 409);
    assertEquals(errorOf(changed), {
      code: "conflict",
      message: SUBMITTED,
      details: { fields: { purpose: "Purpose cannot be changed" } },
    });
    const stale = await tom.update("expense", claim.id as string, 1, { purpose: "Other" });
    assertEquals([stale.status, errorOf(stale).details], [409, { current_version: 2 }]);
  } finally {
    await app.close();
  }
});

Deno.test("its approver may change only the sanctioned amounts: any other change is refused with the state's reason", async () => {
  const app = await createTestApp();
  try {
    const tom = await recordsAs(app, "tom@acme.test");
    const finance = await recordsAs(app, "finance@acme.test");
    const claim = recordOf(
      await tom.create("expense", {
        purpose: "Visit",
        approver: "usr_acme_finance",
        lines: [LINE, { ...LINE, amount: 30 }],
      }),
    );
    const id = claim.id as string;
    await tom.act("expense", id, "submit");
    const read = await finance.get("expense", id);
    ok(actionsOf(read).includes("update"), "Save for what is left open");
    assertEquals(read.body.read_only_reason, SUBMITTED);
    const readOnly = readOnlyOf(read);
    for (const field of ["purpose", "lines.date", "lines.category", "lines.receipt"]) {
      ok(readOnly.includes(field), `${field} in ${readOnly}`);
    }
    assertEquals(readOnly.includes("lines"), false, "the table shows, some columns open");
    assertEquals(readOnly.includes("lines.sanctioned_amount"), false);

    const record = recordOf(read);
    const lines = record.lines as Json[];
    const version = record.version as number;
    const redated = await finance.update("expense", id, version, {
      lines: [{ ...lines[0], date: "2031-02-11" }, lines[1]],
    });
    assertEquals(redated.status, 409);
    assertEquals(errorOf(redated).message, SUBMITTED);
    assertEquals(errorOf(redated).details, {
      fields: { "lines[0].date": "Line 1: Date cannot be changed" },
    });
    const added = await finance.update("expense", id, version, {
      lines: [...lines, { ...LINE, amount: 5 }],
    });
    assertEquals(errorOf(added).details, {
      fields: { lines: "Expenses cannot have rows added or removed" },
    });
    const removed = await finance.update("expense", id, version, { lines: [lines[0]] });
    assertEquals(removed.status, 409);

    const cut = await finance.update("expense", id, version, {
      lines: [{ ...lines[0], sanctioned_amount: 100 }, lines[1]],
    });
    assertEquals(cut.status, 200, JSON.stringify(cut.body));
    const after = recordOf(await finance.get("expense", id));
    assertEquals(after.version, version + 1, "the refused changes changed nothing");
    assertEquals(
      (after.lines as Json[]).map((l) => [l.date, l.amount, l.sanctioned_amount]),
      [["2031-02-10", 120.5, 100], ["2031-02-10", 30, 0]],
    );
  } finally {
    await app.close();
  }
});

Deno.test("a decided claim and a budget pending approval offer no Save and say why", async () => {
  const app = await createTestApp();
  try {
    const tom = await recordsAs(app, "tom@acme.test");
    const finance = await recordsAs(app, "finance@acme.test");
    const admin = await recordsAs(app, "admin@acme.test");
    const claim = recordOf(
      await tom.create("expense", {
        purpose: "Visit",
        approver: "usr_acme_finance",
        lines: [LINE],
      }),
    );
    await tom.act("expense", claim.id as string, "submit");
    assertEquals((await finance.act("expense", claim.id as string, "approve")).status, 200);
    const approved = await finance.get("expense", claim.id as string);
    assertEquals(actionsOf(approved).includes("update"), false);
    assertEquals(
      approved.body.read_only_reason,
      "Only a draft can be changed: this expense claim is approved",
    );
    const version = recordOf(approved).version as number;
    const late = await finance.update("expense", claim.id as string, version, {
      purpose: "Changed after approval",
    });
    assertEquals([late.status, errorOf(late).message], [
      409,
      "Only a draft can be changed: this expense claim is approved",
    ]);

    const budget = recordOf(
      await admin.create("budget", {
        title: "Travel 2031",
        period_start: "2031-01-01",
        period_end: "2031-12-31",
        items: [{ month: "2031-01", amount: 100 }],
      }),
    );
    await admin.act("budget", budget.id as string, "submit_for_approval");
    const pending = await admin.get("budget", budget.id as string);
    assertEquals(actionsOf(pending).includes("update"), false);
    assertEquals(
      pending.body.read_only_reason,
      "Only a draft can be changed: this budget is pending approval",
    );
  } finally {
    await app.close();
  }
});
