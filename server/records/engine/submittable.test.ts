/**
 * A submittable record type: a draft is edited and deleted; a submitted record is
 * read-only and cannot be deleted; it is cancelled instead, and a cancelled one is
 * amended into a new draft that links back to it.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createEngineTestApp } from "../testing/engine-app.ts";
import { defineRecordType } from "../define.ts";

const VOUCHER = defineRecordType({
  id: "sample_voucher",
  label: "Voucher",
  plural: "Vouchers",
  module: "milestones",
  naming: { series: "VCH-.#####" },
  title_field: "payee",
  search_fields: ["payee"],
  submittable: true,
  fields: [
    { id: "payee", label: "Payee", type: "data", required: true },
    { id: "amount", label: "Amount", type: "currency", min: 0 },
    { id: "memo", label: "Memo", type: "data", allow_on_submit: true },
  ],
  list: { columns: ["payee", "amount"], sort: [{ field: "payee", dir: "asc" }] },
  form: {
    tabs: [{
      id: "main",
      label: "Voucher",
      sections: [{ columns: [["payee", "amount", "memo"]] }],
    }],
  },
  roles: { firm_admin: ["read", "create", "update", "delete", "submit", "cancel", "amend"] },
});

Deno.test("a submitted record is read-only and kept; cancelled, it is amended into a linked draft", async () => {
  const app = await createEngineTestApp([VOUCHER]);
  try {
    const admin = await app.tokenFor("admin@acme.test");
    const base = "/api/records/sample_voucher";
    const created = await (await app.call("POST", base, {
      token: admin,
      body: { values: { payee: "Acme Supplies", amount: 120 } },
    })).json();
    const id = created.record.id;
    assertEquals(created.record.docstatus, 0);
    const act = async (action: string, version: number) =>
      await app.call("POST", `${base}/${id}/actions/${action}`, {
        token: admin,
        body: { version },
      });

    const submitted = await (await act("submit", 1)).json();
    assertEquals(submitted.record.docstatus, 1);
    const locked = await app.call("PATCH", `${base}/${id}`, {
      token: admin,
      body: { version: 2, values: { amount: 999 } },
    });
    assertEquals(locked.status, 409);
    const refusal = (await locked.json()).error;
    assertEquals(refusal.message, "Only a draft can be changed: this voucher is submitted");
    assertEquals(refusal.details, { fields: { amount: "Amount cannot be changed" } });
    const memo = await app.call("PATCH", `${base}/${id}`, {
      token: admin,
      body: { version: 2, values: { memo: "Paid by transfer" } },
    });
    assertEquals(memo.status, 200, "a field allowed on submit can still change");
    const kept = await app.call("DELETE", `${base}/${id}?version=3`, { token: admin });
    assertEquals(kept.status, 409);
    await kept.body?.cancel();
    const early = await act("amend", 3);
    assertEquals(early.status, 409, "only a cancelled record is amended");
    await early.body?.cancel();

    const cancelled = await (await act("cancel", 3)).json();
    assertEquals(cancelled.record.docstatus, 2);
    const amended = await act("amend", 4);
    assertEquals(amended.status, 200);
    const draft = (await amended.json()).record;
    assertEquals(
      [draft.docstatus, draft.amended_from, draft.name, draft.payee, draft.amount],
      [0, id, `${created.record.name}-1`, "Acme Supplies", 120],
    );
  } finally {
    await app.close();
  }
});
