/**
 * Races on money: payments on one invoice (submitted, allocated oldest first,
 * cancelled), an invoice's own actions racing each other and its payments, and
 * expense claims approved against one "stop" budget.
 */
import type { TestApp } from "../../server/testing/test-app.ts";
import { AT_ONCE, type RaceScenario, type RaceWrite } from "./race-scenario.ts";
import { auditCount, countBy, type Json, personOn } from "./race-calls.ts";

type Person = Awaited<ReturnType<typeof personOn>>;

/** A new client with one submitted invoice of `total` (one line), as finance makes it. */
async function invoiceOf(app: TestApp, total: number) {
  const admin = await personOn(app, "admin@acme.test");
  const finance = await personOn(app, "finance@acme.test");
  const client = await admin.create("client", { name: `Race client ${crypto.randomUUID()}` });
  const draft = await finance.create("invoice", {
    client: client.id,
    issue_date: "2026-01-05",
    lines: [{ description: "Consulting", quantity: 1, rate: total }],
  });
  const invoice = await finance.act("invoice", draft.id as string, "submit");
  return { finance, client: client.id as string, invoice: invoice.id as string };
}

/** What one invoice and the payments of its client show. */
async function balanceOutcome(app: TestApp, finance: Person, invoice: string, client: string) {
  const row = await finance.get("invoice", invoice);
  const payments = await finance.list("payment", [{ field: "client", op: "eq", value: client }]);
  const submitted = payments.filter((p) => p.status === "submitted");
  return {
    invoice: [row.status, row.payment_status, row.paid_amount, row.outstanding],
    payments: countBy(payments, "status"),
    allocated: submitted.reduce((sum, p) => sum + Number(p.allocated_amount), 0),
    unallocated: submitted.reduce((sum, p) => sum + Number(p.unallocated_amount), 0),
    audited: await auditCount(app, { type: "invoice", id: invoice }, "invoice.payment") -
      await auditCount(app, { type: "invoice", id: invoice }, "invoice.payment_reversed"),
  };
}

interface Payments {
  finance: Person;
  client: string;
  invoice: string;
  /** The racing writes, made ready. */
  ready: RaceWrite[];
}

/**
 * `count` payments of `amount` from the invoice's client (allocated to it when
 * `allocate`), each made ready to `action`; with `submitFirst` each is submitted
 * before (to race its cancel).
 */
async function queuedPayments(
  { finance, client, invoice }: { finance: Person; client: string; invoice: string },
  count: number,
  amount: number,
  { action, allocate = true, submitFirst = false }: {
    action: "submit" | "cancel";
    allocate?: boolean;
    submitFirst?: boolean;
  },
): Promise<RaceWrite[]> {
  const ready: RaceWrite[] = [];
  for (let i = 0; i < count; i++) {
    const payment = await finance.create("payment", {
      client,
      method: "bank_transfer",
      date: "2026-02-01",
      amount,
      ...(allocate ? { allocations: [{ invoice, amount }] } : {}),
    });
    if (submitFirst) await finance.act("payment", payment.id as string, "submit");
    ready.push(await finance.actLater("payment", payment.id as string, action));
  }
  return ready;
}

const paymentsSubmitted: RaceScenario<Payments> = {
  name: "20 payments of 1,000 each allocated to one invoice of 1,000, submitted at once",
  covers: ["payment.submit"],
  async prepare(app) {
    const made = await invoiceOf(app, 1000);
    return { ...made, ready: await queuedPayments(made, AT_ONCE, 1000, { action: "submit" }) };
  },
  writes: (_app, state) => state.ready,
  outcome: (app, s) => balanceOutcome(app, s.finance, s.invoice, s.client),
};

const paymentsOldestFirst: RaceScenario<Payments> = {
  name: "20 payments of 500 naming no invoice, allocated oldest first to one invoice of 500",
  covers: ["payment.submit"],
  async prepare(app) {
    const made = await invoiceOf(app, 500);
    const ready = await queuedPayments(made, AT_ONCE, 500, { action: "submit", allocate: false });
    return { ...made, ready };
  },
  writes: (_app, state) => state.ready,
  outcome: (app, s) => balanceOutcome(app, s.finance, s.invoice, s.client),
};

const paymentsCancelled: RaceScenario<Payments> = {
  name: "20 payments of 50 on one invoice of 1,000, cancelled at once",
  covers: ["payment.cancel"],
  async prepare(app) {
    const made = await invoiceOf(app, 1000);
    const ready = await queuedPayments(made, AT_ONCE, 50, { action: "cancel", submitFirst: true });
    return { ...made, ready };
  },
  writes: (_app, state) => state.ready,
  outcome: (app, s) => balanceOutcome(app, s.finance, s.invoice, s.client),
};

const paymentDrafts: RaceScenario<Payments> = {
  name: "20 draft payments each allocating all of one invoice of 1,000, saved at once",
  covers: ["payment.save"],
  async prepare(app) {
    const { finance, client, invoice } = await invoiceOf(app, 1000);
    const ready = Array.from({ length: AT_ONCE }, () =>
      finance.createLater("payment", {
        client,
        method: "bank_transfer",
        date: "2026-02-01",
        amount: 1000,
        allocations: [{ invoice, amount: 1000 }],
      }));
    return { finance, client, invoice, ready };
  },
  writes: (_app, state) => state.ready,
  outcome: (app, s) => balanceOutcome(app, s.finance, s.invoice, s.client),
};

/** The cancel is the last write; the others are payments of 50. */
const cancelRacingPayments: RaceScenario<Payments> = {
  name: "an invoice of 1,000 cancelled while 19 payments of 50 to it are submitted",
  covers: ["invoice.cancel"],
  async prepare(app) {
    const made = await invoiceOf(app, 1000);
    const ready = await queuedPayments(made, AT_ONCE - 1, 50, { action: "submit" });
    ready.push(await made.finance.actLater("invoice", made.invoice, "cancel"));
    return { ...made, ready };
  },
  writes: (_app, state) => state.ready,
  outcome: (app, s) => balanceOutcome(app, s.finance, s.invoice, s.client),
  // Cancelled first (every payment refused), or after a payment (the cancel refused).
  orders: (n) => {
    const payments = Array.from({ length: n - 1 }, (_, i) => i);
    return [[n - 1, ...payments], [...payments, n - 1]];
  },
};

/** What the invoices of one client are, by status and name's shape. */
async function invoicesOutcome(finance: Person, client: string) {
  const invoices = await finance.list("invoice", [{ field: "client", op: "eq", value: client }]);
  const names = new Set(invoices.map((i) => i.name));
  return {
    invoices: countBy(invoices, "status"),
    returns: invoices.filter((i) => Number(i.grand_total) < 0).length,
    distinctNames: names.size === invoices.length,
  };
}

interface Invoices {
  finance: Person;
  client: string;
  ready: RaceWrite[];
}

const creditNotes: RaceScenario<Invoices> = {
  name: "20 credit notes of one invoice drafted at once",
  covers: ["invoice.credit_note"],
  async prepare(app) {
    const { finance, client, invoice } = await invoiceOf(app, 800);
    const ready = [];
    for (let i = 0; i < AT_ONCE; i++) {
      ready.push(await finance.actLater("invoice", invoice, "credit_note"));
    }
    return { finance, client, ready };
  },
  writes: (_app, state) => state.ready,
  outcome: (_app, s) => invoicesOutcome(s.finance, s.client),
};

const submits: RaceScenario<Invoices> = {
  name: "one draft invoice submitted 20 times at once",
  covers: ["invoice.submit"],
  async prepare(app) {
    const admin = await personOn(app, "admin@acme.test");
    const finance = await personOn(app, "finance@acme.test");
    const client = await admin.create("client", { name: `Race client ${crypto.randomUUID()}` });
    const draft = await finance.create("invoice", {
      client: client.id,
      lines: [{ description: "Consulting", quantity: 2, rate: 100 }],
    });
    const ready = [];
    for (let i = 0; i < AT_ONCE; i++) {
      ready.push(await finance.actLater("invoice", draft.id as string, "submit"));
    }
    return { finance, client: client.id as string, ready };
  },
  writes: (_app, state) => state.ready,
  outcome: (_app, s) => invoicesOutcome(s.finance, s.client),
};

const amendments: RaceScenario<Invoices> = {
  name: "20 amendments of one cancelled invoice made at once",
  covers: ["invoice.amend"],
  async prepare(app) {
    const { finance, client, invoice } = await invoiceOf(app, 300);
    await finance.act("invoice", invoice, "cancel");
    const ready = [];
    for (let i = 0; i < AT_ONCE; i++) {
      ready.push(await finance.actLater("invoice", invoice, "amend"));
    }
    return { finance, client, ready };
  },
  writes: (_app, state) => state.ready,
  outcome: (_app, s) => invoicesOutcome(s.finance, s.client),
};

const paymentAmendments: RaceScenario<Payments> = {
  name: "20 amendments of one cancelled payment made at once",
  covers: ["payment.amend"],
  async prepare(app) {
    const { finance, client, invoice } = await invoiceOf(app, 300);
    const payment = await finance.create("payment", {
      client,
      method: "bank_transfer",
      date: "2026-02-01",
      amount: 300,
      allocations: [{ invoice, amount: 300 }],
    });
    await finance.act("payment", payment.id as string, "submit");
    await finance.act("payment", payment.id as string, "cancel");
    const ready = [];
    for (let i = 0; i < AT_ONCE; i++) {
      ready.push(await finance.actLater("payment", payment.id as string, "amend"));
    }
    return { finance, client, invoice, ready };
  },
  writes: (_app, state) => state.ready,
  async outcome(app, s) {
    const payments = await s.finance.list("payment", [{
      field: "client",
      op: "eq",
      value: s.client,
    }]);
    return {
      ...(await balanceOutcome(app, s.finance, s.invoice, s.client)),
      distinctNames: new Set(payments.map((p) => p.name)).size === payments.length,
    };
  },
};

interface Claims {
  finance: Person;
  budget: string;
  claims: string[];
  ready: RaceWrite[];
}

const claimsApproved: RaceScenario<Claims> = {
  name: "20 claims of 600 approved at once against one stop budget of 1,000",
  covers: ["expense.approve", "budget.save"],
  async prepare(app) {
    const admin = await personOn(app, "admin@acme.test");
    const finance = await personOn(app, "finance@acme.test");
    const budget = await admin.create("budget", {
      title: "Race travel 2031",
      category: "travel",
      action_on_excess: "stop",
      period_start: "2031-01-01",
      period_end: "2031-12-31",
      items: [{ month: "2031-03", amount: 1000 }],
    });
    await admin.act("budget", budget.id as string, "submit_for_approval");
    await finance.act("budget", budget.id as string, "approve");
    const claims: string[] = [];
    const ready = [];
    for (let i = 0; i < AT_ONCE; i++) {
      const claim = await admin.create("expense", {
        purpose: `Race claim ${i}`,
        approver: "usr_acme_finance",
        lines: [{ date: "2031-03-15", category: "travel", amount: 600 }],
      });
      await admin.act("expense", claim.id as string, "submit");
      claims.push(claim.id as string);
      ready.push(await finance.actLater("expense", claim.id as string, "approve"));
    }
    return { finance, budget: budget.id as string, claims, ready };
  },
  writes: (_app, state) => state.ready,
  async outcome(_app, s) {
    const claims = await Promise.all(s.claims.map((id) => s.finance.get("expense", id)));
    const approved = claims.filter((c) => c.status === "approved");
    return {
      claims: countBy(claims, "status"),
      committed: approved.reduce((sum, c) => sum + Number(c.sanctioned_total), 0),
    };
  },
};

/** Every race on money. */
export const MONEY_RACES: readonly RaceScenario<never>[] = [
  paymentsSubmitted,
  paymentsOldestFirst,
  paymentsCancelled,
  paymentDrafts,
  cancelRacingPayments,
  submits,
  creditNotes,
  amendments,
  paymentAmendments,
  claimsApproved,
] as unknown as RaceScenario<never>[];

export type { Json };
