/**
 * Proposals through HTTP, on either database: totals with the invoice's rules and
 * optional lines left out until picked; bad lines refused by row and field; send
 * freezing the revision with its SHA-256; the client's portal user viewing,
 * picking an optional line and accepting with their typed name, which makes the
 * deposit invoice once even when two accepts race; another client's proposal 404;
 * decline needing a reason; an expired proposal refused; revise starting the next
 * revision; and a template's New proposal carrying its lines.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { revisionContent, sha256Hex } from "./proposal-revision.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const CODES: Record<number, string> = {
  400: "invalid_input",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
};

/** The error a refused call answers, checked by status and code. */
async function refused(res: Response, status: number): Promise<Json> {
  return await errorOf(res, status, CODES[status]);
}

const BASE = "/api/records/proposal";
const PORTAL = "client@northwind.test";

async function create(t: TestApp, token: string, values: Json): Promise<Json> {
  const { record } = await jsonOf<{ record: Json }>(
    await t.call("POST", BASE, { token, body: { values } }),
    201,
  );
  return record;
}

async function act(
  t: TestApp,
  token: string,
  record: Json,
  action: string,
  extra: Json = {},
  status = 200,
): Promise<Json> {
  const res = await t.call("POST", `${BASE}/${record.id}/actions/${action}`, {
    token,
    body: { version: record.version, ...extra },
  });
  if (status !== 200) return await refused(res, status);
  return (await jsonOf<{ record: Json }>(res)).record;
}

const LINES = [
  { section: "Discovery", description: "Workshops", quantity: 2, rate: 1000, discount_percent: 10 },
  { section: "Delivery", description: "Build", quantity: 10, rate: 800 },
  { section: "Delivery", description: "Training day", quantity: 1, rate: 600, optional: true },
];

Deno.test("proposals", async (s) => {
  const t = await createTestApp();
  try {
    let sales = await t.tokenFor("sales@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    let portal = await t.tokenFor(PORTAL);
    const today = new Date(t.clock.now).toISOString().slice(0, 10);
    const later = new Date(t.clock.now + 20 * 86_400_000).toISOString().slice(0, 10);

    const templates = await jsonOf<{ items: Json[] }>(
      await t.call("POST", "/api/records/project_template/list", {
        token: admin,
        body: { filters: [{ field: "name", op: "eq", value: "Web application" }] },
      }),
    );
    const plan = templates.items[0];
    let proposal: Json = {};
    await s.step("totals follow the invoice's rules and leave the optional line out", async () => {
      proposal = await create(t, sales, {
        title: "Store relaunch",
        client: "cli_northwind",
        valid_until: later,
        deposit_percent: 30,
        project_template: plan.id,
        lines: LINES,
      });
      // 2 × 1000 less 10% = 1800; 10 × 800 = 8000; the optional 600 is not counted.
      assertEquals([proposal.net_total, proposal.tax_total, proposal.grand_total], [
        9800,
        0,
        9800,
      ]);
      assertEquals(proposal.status, "draft");
      assertEquals(proposal.owner, "usr_acme_sales");
      assertEquals(proposal.lines.map((l: Json) => l.amount), [1800, 8000, 600]);
    });

    await s.step("bad lines are refused by row and field, and nothing is stored", async () => {
      const before = await jsonOf<{ items: Json[] }>(
        await t.call("POST", `${BASE}/list`, { token: admin, body: { limit: 500 } }),
      );
      const negative = await refused(
        await t.call("POST", BASE, {
          token: sales,
          body: {
            values: {
              title: "Bad",
              client: "cli_northwind",
              lines: [{ description: "x", quantity: -1, rate: 10 }],
            },
          },
        }),
        400,
      );
      assertEquals(Object.keys(negative.details.fields), ["lines[0].quantity"]);
      const discount = await refused(
        await t.call("POST", BASE, {
          token: sales,
          body: {
            values: {
              title: "Bad",
              client: "cli_northwind",
              lines: [{ description: "x", quantity: 1, rate: 10, discount_percent: 120 }],
            },
          },
        }),
        400,
      );
      assertEquals(Object.keys(discount.details.fields), ["lines[0].discount_percent"]);
      const nobody = await refused(
        await t.call("POST", BASE, {
          token: sales,
          body: { values: { title: "For whom?", lines: [{ description: "x", rate: 1 }] } },
        }),
        400,
      );
      assertEquals(Object.keys(nobody.details.fields), ["client"]);
      const after = await jsonOf<{ items: Json[] }>(
        await t.call("POST", `${BASE}/list`, { token: admin, body: { limit: 500 } }),
      );
      assertEquals(after.items.length, before.items.length);
    });

    await s.step("the portal cannot reach a draft, nor staff calls", async () => {
      await refused(await t.call("GET", `${BASE}/${proposal.id}`, { token: portal }), 403);
      await act(t, portal, proposal, "accept", { signature_name: "Nancy Davolio" }, 409);
    });

    await s.step("send freezes the revision with the SHA-256 of what was sent", async () => {
      proposal = await act(t, sales, proposal, "send");
      assertEquals(proposal.status, "sent");
      assertEquals(proposal.revisions.length, 1);
      const [sent] = proposal.revisions;
      assertEquals(sent.revision, 1);
      assertEquals(sent.sha256, await sha256Hex(sent.content));
      assertEquals(sent.content, revisionContent(proposal, 1));
      // A sent proposal is frozen.
      const locked = await refused(
        await t.call("PATCH", `${BASE}/${proposal.id}`, {
          token: sales,
          body: { version: proposal.version, values: { title: "Changed" } },
        }),
        409,
      );
      assertEquals(typeof locked.message, "string");
    });

    await s.step(
      "the sent proposal prints: its document, its PDF and the client's PDF",
      async () => {
        const { document } = await jsonOf<{ document: Json }>(
          await t.call("GET", `${BASE}/${proposal.id}/printable`, { token: sales }),
        );
        assertEquals([document.kind, document.number], ["Proposal", proposal.name]);
        assertEquals(document.recipient.name, "Northwind Traders");
        assertEquals(document.rows.map((r: Json) => [r.section, r.description, r.included]), [
          ["Discovery", "Workshops", "Included"],
          ["Delivery", "Build", "Included"],
          ["Delivery", "Training day", "Optional"],
        ]);
        assertEquals(document.totals.map((f: Json) => f.label), [
          "Net total",
          "Tax",
          "Grand total",
        ]);
        ok(document.totals[2].value.includes("9,800.00"), document.totals[2].value);
        ok(document.sections.some((x: Json) => x.title === "Deposit"));
        const pdfOf = async (res: Response) => {
          assertEquals(res.status, 200);
          assertEquals(res.headers.get("Content-Type"), "application/pdf");
          return new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5));
        };
        const staffPdf = await t.call("GET", `${BASE}/${proposal.id}/pdf`, { token: sales });
        ok(staffPdf.headers.get("Content-Disposition")!.includes(`${proposal.name}-rev1.pdf`));
        assertEquals(await pdfOf(staffPdf), "%PDF-");
        assertEquals(
          await pdfOf(
            await t.call("GET", `/portal/proposals/${proposal.id}/pdf`, { token: portal }),
          ),
          "%PDF-",
        );
        // Whoever may not read proposals gets nothing; the portal never gets a draft.
        const member = await t.tokenFor("member@acme.test");
        await refused(await t.call("GET", `${BASE}/${proposal.id}/pdf`, { token: member }), 403);
        const draft = await create(t, sales, {
          title: "Not yet",
          client: "cli_northwind",
          lines: [{ description: "x", rate: 1 }],
        });
        await refused(
          await t.call("GET", `/portal/proposals/${draft.id}/pdf`, { token: portal }),
          404,
        );
      },
    );

    await s.step(
      "another client's portal user gets 404; staff-only actions are refused",
      async () => {
        const other = await create(t, sales, {
          title: "Contoso offer",
          client: "cli_contoso",
          valid_until: later,
          lines: [{ description: "Audit", rate: 500 }],
        });
        const sent = await act(t, sales, other, "send");
        await act(t, portal, sent, "accept", { signature_name: "Nancy Davolio" }, 404);
        await refused(
          await t.call("POST", `/portal/proposals/${other.id}`, { token: portal, body: {} }),
          404,
        );
        await act(t, portal, proposal, "revise", {}, 403);
      },
    );

    await s.step(
      "the client views, picks the optional line and accepts with their name",
      async () => {
        const listed = await jsonOf<{ proposals: Json[] }>(
          await t.call("POST", "/portal/proposals", { token: portal, body: {} }),
        );
        // Sent ones only: never a draft, never another client's (the seed's are Northwind's).
        const { record: draft } = await jsonOf<{ record: Json }>(
          await t.call("POST", BASE, {
            token: sales,
            body: {
              values: { title: "Unsent", client: "cli_northwind", lines: [{ rate: 5 }] },
            },
          }),
          201,
        );
        assertEquals(listed.proposals.find((p) => p.id === proposal.id)?.status, "sent");
        assertEquals(
          listed.proposals.some((p) => p.id === draft.id || p.status === "draft"),
          false,
        );
        const mine = await jsonOf<{ items: Json[] }>(
          await t.call("POST", `${BASE}/list`, {
            token: admin,
            body: { filters: [{ field: "client", op: "eq", value: "cli_northwind" }], limit: 500 },
          }),
        );
        assertEquals(
          listed.proposals.map((p) => p.id).sort(),
          mine.items.filter((p) => p.status !== "draft").map((p) => p.id).sort(),
        );
        const opened = await jsonOf<Json>(
          await t.call("POST", `/portal/proposals/${proposal.id}`, { token: portal, body: {} }),
        );
        assertEquals([opened.proposal.status, opened.proposal.open], ["viewed", true]);
        assertEquals(opened.lines.map((l: Json) => [l.section, l.amount, l.included]), [
          ["Discovery", 1800, "Included"],
          ["Delivery", 8000, "Included"],
          ["Delivery", 600, "Optional"],
        ]);
        assertEquals(opened.proposal.optional_lines.length, 1);
        ({ record: proposal } = await jsonOf<{ record: Json }>(
          await t.call("GET", `${BASE}/${proposal.id}`, { token: sales }),
        ));
        assertEquals([proposal.status, proposal.viewed_at !== null], ["viewed", true]);
        const optional = proposal.lines.find((l: Json) => l.optional);
        const required = proposal.lines.find((l: Json) => !l.optional);
        // A line that is not optional cannot be "picked".
        const wrong = await act(t, portal, proposal, "accept", {
          signature_name: "Nancy Davolio",
          choices: [required.id],
        }, 400);
        assertEquals(Object.keys(wrong.details.fields), ["choices"]);
        const unsigned = await act(t, portal, proposal, "accept", {}, 400);
        assertEquals(Object.keys(unsigned.details.fields), ["signature_name"]);
        // Two accepts at once: one wins, the other is refused; one deposit invoice.
        const [a, b] = await Promise.all([
          t.call("POST", `${BASE}/${proposal.id}/actions/accept`, {
            token: portal,
            body: {
              version: proposal.version,
              signature_name: "Nancy Davolio",
              choices: [optional.id],
            },
          }),
          t.call("POST", `${BASE}/${proposal.id}/actions/accept`, {
            token: portal,
            body: {
              version: proposal.version,
              signature_name: "Nancy Davolio",
              choices: [optional.id],
            },
          }),
        ]);
        assertEquals([a.status, b.status].sort(), [200, 409]);
        const { record } = await jsonOf<{ record: Json }>(
          await t.call("GET", `${BASE}/${proposal.id}`, { token: admin }),
        );
        assertEquals(record.status, "accepted");
        assertEquals(record.signature_name, "Nancy Davolio");
        assertEquals(record.accepted_at !== null, true);
        // The picked line now counts: 9800 + 600.
        assertEquals(record.grand_total, 10400);
        const invoices = await jsonOf<{ items: Json[] }>(
          await t.call("POST", "/api/records/invoice/list", {
            token: admin,
            body: { filters: [{ field: "client", op: "eq", value: "cli_northwind" }], limit: 500 },
          }),
        );
        const deposits = invoices.items.filter((i) => i.id === record.deposit_invoice);
        assertEquals(deposits.length, 1);
        const { record: invoice } = await jsonOf<{ record: Json }>(
          await t.call("GET", `/api/records/invoice/${record.deposit_invoice}`, { token: admin }),
        );
        // 30% of 10,400, a draft made as the proposal's owner.
        assertEquals([invoice.grand_total, invoice.docstatus, invoice.created_by], [
          3120,
          0,
          "usr_acme_sales",
        ]);
        // The project the template plans, from today, for the client, made once.
        const { record: project } = await jsonOf<{ record: Json }>(
          await t.call("GET", `/api/records/project/${record.project}`, { token: admin }),
        );
        assertEquals(
          [project.name, project.client, project.start_date, project.created_by],
          ["Store relaunch", "cli_northwind", today, "usr_acme_sales"],
        );
        const tasks = await jsonOf<{ items: Json[] }>(
          await t.call("POST", "/api/records/task/list", {
            token: admin,
            body: { filters: [{ field: "project", op: "eq", value: project.id }], limit: 500 },
          }),
        );
        assertEquals(tasks.items.length, plan.task_count);
        const projects = await jsonOf<{ items: Json[] }>(
          await t.call("POST", "/api/records/project/list", {
            token: admin,
            body: { filters: [{ field: "name", op: "eq", value: "Store relaunch" }] },
          }),
        );
        assertEquals(projects.items.length, 1);
        // The template's dependencies came with it (erpnext#8274), between the new tasks.
        const ids = new Set(tasks.items.map((task) => task.id));
        let dependencies = 0;
        for (const task of tasks.items) {
          const { record: full } = await jsonOf<{ record: Json }>(
            await t.call("GET", `/api/records/task/${task.id}`, { token: admin }),
          );
          for (const d of full.dependencies ?? []) {
            assertEquals(ids.has(d.depends_on), true);
            dependencies++;
          }
        }
        assertEquals(dependencies > 0, true);
        proposal = record;
      },
    );

    await s.step("an accepted or declined proposal cannot be accepted again", async () => {
      await act(t, portal, proposal, "accept", { signature_name: "Nancy Davolio" }, 409);
      await act(t, portal, proposal, "decline", { comment: "Changed my mind" }, 409);
    });

    await s.step(
      "decline needs a reason; a declined one is revised into the next revision",
      async () => {
        let offer = await create(t, sales, {
          title: "Second store",
          client: "cli_northwind",
          valid_until: later,
          lines: [{ description: "Build", quantity: 2, rate: 800 }],
        });
        offer = await act(t, sales, offer, "send");
        const reasonless = await act(t, portal, offer, "decline", {}, 400);
        assertEquals(Object.keys(reasonless.details.fields), ["comment"]);
        offer = await act(t, portal, offer, "decline", { comment: "Over our budget" });
        assertEquals(offer.status, "declined");
        await act(t, portal, offer, "accept", { signature_name: "Nancy Davolio" }, 409);
        const { record: staffView } = await jsonOf<{ record: Json }>(
          await t.call("GET", `${BASE}/${offer.id}`, { token: sales }),
        );
        const revised = await act(t, sales, staffView, "revise");
        assertEquals([revised.status, revised.revision, revised.revisions.length], ["draft", 2, 1]);
        const edited = await jsonOf<{ record: Json }>(
          await t.call("PATCH", `${BASE}/${offer.id}`, {
            token: sales,
            body: {
              version: revised.version,
              values: {
                lines: [
                  { description: "Build", quantity: 2, rate: 700 },
                  { description: "Hosting", quantity: 1, rate: 200, optional: true },
                ],
              },
            },
          }),
        );
        const resent = await act(t, sales, edited.record, "send");
        assertEquals(resent.revisions.map((r: Json) => [r.revision, r.grand_total]), [
          [1, 1600],
          [2, 1400],
        ]);
        // The second revision says what changed from the first, in words.
        assertEquals(resent.revisions.map((r: Json) => r.changes), [
          "",
          [
            "Net total: 1600 → 1400",
            "Grand total: 1600 → 1400",
            "Line Build: rate 800 → 700",
            "Added line Hosting (1 × 200, optional)",
          ].join("\n"),
        ]);
      },
    );

    await s.step("an expired proposal reads Expired and cannot be accepted", async () => {
      let old = await create(t, sales, {
        title: "Old offer",
        client: "cli_northwind",
        valid_until: today,
        lines: [{ description: "Build", rate: 100 }],
      });
      old = await act(t, sales, old, "send");
      t.clock.now += 2 * 86_400_000;
      // Signed in again: the sessions of two days ago have lapsed.
      sales = await t.tokenFor("sales@acme.test");
      portal = await t.tokenFor(PORTAL);
      const { record } = await jsonOf<{ record: Json }>(
        await t.call("GET", `${BASE}/${old.id}`, { token: sales }),
      );
      assertEquals(record.status, "expired");
      const refused = await act(
        t,
        portal,
        record,
        "accept",
        { signature_name: "Nancy Davolio" },
        409,
      );
      assertEquals(refused.message, "This proposal has expired");
    });

    await s.step("a template's New proposal carries its lines and terms", async () => {
      const { record: template } = await jsonOf<{ record: Json }>(
        await t.call("POST", "/api/records/proposal_template", {
          token: sales,
          body: {
            values: {
              template_name: "Retainer",
              valid_days: 14,
              deposit_percent: 20,
              terms: "Payment within 14 days.",
              lines: [
                { section: "Monthly", description: "Retainer", quantity: 1, rate: 2000 },
                { section: "Extras", description: "Report", rate: 300, optional: true },
              ],
            },
          },
        }),
        201,
      );
      const made = await jsonOf<Json>(
        await t.call("GET", `/api/records/proposal_template/${template.id}/make/new_proposal`, {
          token: sales,
        }),
      );
      assertEquals(made.values.template, template.id);
      assertEquals(made.values.terms, "Payment within 14 days.");
      assertEquals(
        made.values.lines.map((l: Json) => [l.description, l.rate, l.optional]),
        [["Retainer", 2000, false], ["Report", 300, true]],
      );
    });
    await s.step(
      "over the thresholds a proposal is approved by someone else before it is sent",
      async () => {
        const APPROVAL = "/api/sales/proposal-approval";
        // The clock moved on in the steps before: fresh sessions.
        const admin = await t.tokenFor("admin@acme.test");
        const sales = await t.tokenFor("sales@acme.test");
        const portal = await t.tokenFor(PORTAL);
        // Only administrators set the thresholds; bad and stale input changes nothing.
        await refused(
          await t.call("POST", APPROVAL, { token: sales, body: { version: 0, total: 1 } }),
          403,
        );
        const bad = await refused(
          await t.call("POST", APPROVAL, {
            token: admin,
            body: { version: 0, discount_percent: 120 },
          }),
          400,
        );
        ok(JSON.stringify(bad.details).includes("discount_percent"), JSON.stringify(bad));
        // The demo's own thresholds, as seeded.
        assertEquals(
          await jsonOf<Json>(await t.call("POST", `${APPROVAL}/get`, { token: admin, body: {} })),
          { discount_percent: 20, total: 50_000, version: 1 },
        );
        const saved = await jsonOf<Json>(
          await t.call("POST", APPROVAL, {
            token: admin,
            body: { version: 1, discount_percent: 15, total: 20_000 },
          }),
        );
        assertEquals(saved, { discount_percent: 15, total: 20_000, version: 2 });
        await refused(
          await t.call("POST", APPROVAL, { token: admin, body: { version: 0, total: 5 } }),
          409,
        );

        let deal = await create(t, sales, {
          title: "Discounted rollout",
          client: "cli_northwind",
          valid_until: later,
          lines: [{ description: "Rollout", quantity: 1, rate: 1000, discount_percent: 25 }],
        });
        assertEquals([deal.needs_approval, deal.approval_reason], [
          true,
          "A discount of 25% is above 15%",
        ]);
        const unsent = await act(t, sales, deal, "send", {}, 409);
        assertEquals(unsent.message, "It is over the approval thresholds: ask for approval first");
        deal = await act(t, sales, deal, "request_approval");
        assertEquals(deal.status, "awaiting_approval");
        // Waiting, it is read-only, the portal cannot see it, and its author cannot approve it.
        await refused(
          await t.call("PATCH", `${BASE}/${deal.id}`, {
            token: sales,
            body: { version: deal.version, values: { title: "Sneaky" } },
          }),
          409,
        );
        await refused(
          await t.call("POST", `/portal/proposals/${deal.id}`, { token: portal, body: {} }),
          404,
        );
        await act(t, sales, deal, "approve", {}, 403);
        const returned = await act(t, admin, deal, "reject", {}, 400);
        assertEquals(Object.keys(returned.details.fields), ["comment"]);
        deal = await act(t, admin, deal, "approve");
        assertEquals([deal.status, deal.approved_by], ["approved", "usr_acme_admin"]);
        deal = await act(t, sales, deal, "send");
        assertEquals(deal.status, "sent");

        // Within the thresholds there is nothing to approve; lowering a discount clears the need.
        let small = await create(t, sales, {
          title: "Small job",
          client: "cli_northwind",
          valid_until: later,
          lines: [{ description: "Fix", quantity: 1, rate: 900, discount_percent: 30 }],
        });
        assertEquals(small.needs_approval, true);
        small = (await jsonOf<{ record: Json }>(
          await t.call("PATCH", `${BASE}/${small.id}`, {
            token: sales,
            body: {
              version: small.version,
              values: {
                lines: [{ description: "Fix", quantity: 1, rate: 900, discount_percent: 10 }],
              },
            },
          }),
        )).record;
        assertEquals([small.needs_approval, small.approval_reason], [false, ""]);
        await act(t, sales, small, "request_approval", {}, 409);
        // Thresholds lowered after the save still hold at sending.
        await jsonOf<Json>(
          await t.call("POST", APPROVAL, {
            token: admin,
            body: { version: 2, discount_percent: 5, total: 20_000 },
          }),
        );
        const late = await act(t, sales, small, "send", {}, 409);
        assertEquals(
          late.message,
          "A discount of 10% is above 5%: ask for approval before sending",
        );
        const big = await create(t, sales, {
          title: "Big job",
          client: "cli_northwind",
          valid_until: later,
          lines: [{ description: "Build", quantity: 30, rate: 1000 }],
        });
        ok(big.approval_reason.startsWith("The total "), big.approval_reason);
        ok(big.approval_reason.includes("is above"), big.approval_reason);
      },
    );
  } finally {
    await t.close();
  }
});
