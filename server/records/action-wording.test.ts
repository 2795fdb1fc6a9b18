/**
 * How actions are worded, through the HTTP API on the run's database: the
 * confirmation's buttons name the action and the way out ("Cancel invoice" /
 * "Keep invoice"), bulk runs name the count, results say what was done, and an
 * action's answer names the records it made, with where to open them.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { act, createInvoice, expectJson } from "../areas/finance/invoices/testing/invoices.ts";
import { pastTense } from "./action-wording.ts";

async function withApp(fn: (app: TestApp) => Promise<void>) {
  const app = await createTestApp();
  try {
    await fn(app);
  } finally {
    await app.close();
  }
}

type Wording = Record<string, string | undefined>;

function wordingOf(actions: Wording[], id: string) {
  const action = actions.find((a) => a.id === id);
  assert(action, `no action ${id} in ${JSON.stringify(actions.map((a) => a.id))}`);
  const { confirm, confirm_label, keep_label, done, bulk_confirm, bulk_label } = action;
  return { confirm, confirm_label, keep_label, done, bulk_confirm, bulk_label };
}

Deno.test("the metadata words every action: its buttons, its bulk question, what it did", async () => {
  await withApp(async (app) => {
    const finance = await app.tokenFor("finance@acme.test");
    const invoice = await expectJson(
      await app.call("GET", "/api/records/invoice/meta", { token: finance }),
      200,
    );
    assertEquals(wordingOf(invoice.meta.actions, "cancel"), {
      confirm: "Cancel this invoice? It stays on file, cancelled.",
      confirm_label: "Cancel invoice",
      keep_label: "Keep invoice",
      done: "cancelled",
      bulk_confirm: "Cancel {count} invoices?",
      bulk_label: "Cancel {count} invoices",
    });
    assertEquals(wordingOf(invoice.meta.actions, "submit").confirm_label, "Submit invoice");
    assertEquals(wordingOf(invoice.meta.actions, "submit").keep_label, "Go back");
    assertEquals(wordingOf(invoice.meta.actions, "credit_note").done, "credited");

    const sales = await app.tokenFor("sales@acme.test");
    const lead = await expectJson(
      await app.call("GET", "/api/records/lead/meta", { token: sales }),
      200,
    );
    assertEquals(wordingOf(lead.meta.actions, "convert"), {
      confirm: "Create a client from this lead and mark it won?",
      confirm_label: "Convert to client",
      keep_label: "Go back",
      done: "converted",
      bulk_confirm: "Convert to client: {count} leads?",
      bulk_label: "Convert to client: {count} leads",
    });
  });
});

Deno.test("a record's own actions carry their wording, Delete and Save included", async () => {
  await withApp(async (app) => {
    const admin = await app.tokenFor("admin@acme.test");
    const created = await expectJson(
      await app.call("POST", "/api/records/task", {
        token: admin,
        body: { values: { title: "Word the dialogs", project: "prj_acme_internal" } },
      }),
      201,
    );
    const got = await expectJson(
      await app.call("GET", `/api/records/task/${created.record.id}`, { token: admin }),
      200,
    );
    const remove = wordingOf(got.actions, "delete");
    assertEquals(remove, {
      confirm: "Delete this task? This cannot be undone.",
      confirm_label: "Delete task",
      keep_label: "Keep task",
      done: "deleted",
      bulk_confirm: undefined,
      bulk_label: undefined,
    });
    assertEquals(wordingOf(got.actions, "update").done, "saved");
  });
});

Deno.test("an action's answer names the records it made: a converted lead's client, an amendment", async () => {
  await withApp(async (app) => {
    const sales = await app.tokenFor("sales@acme.test");
    const lead = await expectJson(
      await app.call("POST", "/api/records/lead", {
        token: sales,
        body: { values: { name: "Dana Whitfield", company: "Fabrikam", source: "referral" } },
      }),
      201,
    );
    const converted = await expectJson(
      await app.call("POST", `/api/records/lead/${lead.record.id}/actions/convert`, {
        token: sales,
        body: { version: lead.record.version },
      }),
      200,
    );
    const client = converted.record.client;
    assertEquals(converted.made, [{
      type: "client",
      label: "Client",
      id: client,
      title: "Fabrikam",
      path: `/app/clients/${client}`,
    }]);

    const finance = await app.tokenFor("finance@acme.test");
    const draft = await createInvoice(app, finance, {
      client: "cli_northwind",
      issue_date: "2026-03-01",
      lines: [{ description: "Design sprint", quantity: 1, rate: 100 }],
    });
    const submitted0 = await act(app, finance, draft, "submit");
    const cancelled = await act(app, finance, submitted0, "cancel");
    const amended = await expectJson(
      await app.call("POST", `/api/records/invoice/${draft.id}/actions/amend`, {
        token: finance,
        body: { version: cancelled.version },
      }),
      200,
    );
    assertEquals(amended.made.length, 1);
    assertEquals(amended.made[0].title, `${draft.name}-1`);
    assertEquals(amended.made[0].path, `/app/invoices/${amended.record.id}`);

    const submitted = await expectJson(
      await app.call("POST", `/api/records/invoice/${amended.record.id}/actions/submit`, {
        token: finance,
        body: { version: amended.record.version },
      }),
      200,
    );
    assertEquals(submitted.made, [], "a submit makes nothing");
  });
});

Deno.test("an action's result is its label's past tense unless declared", () => {
  assertEquals(
    ["Submit", "Approve", "Reject", "Mark paid", "Reopen", "Withdraw", "Apply", "Start"].map(
      pastTense,
    ),
    [
      "submitted",
      "approved",
      "rejected",
      "marked paid",
      "reopened",
      "withdrawn",
      "applied",
      "started",
    ],
  );
});
