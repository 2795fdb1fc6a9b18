/** What finance adds to the demo seed (seed-steps.ts). */
import type { DemoSeedStep } from "../../../db/seed/seed-steps.ts";
import { seedItems } from "./items.ts";
import { seedInvoices } from "./invoices.ts";
import { seedMoney } from "./money.ts";
import { seedCompliance } from "./compliance.ts";
import { seedLetterheads } from "./letterheads.ts";

export const FINANCE_SEED: readonly DemoSeedStep[] = [
  { id: "items", run: (tx, { today }) => seedItems(tx, today) },
  {
    id: "invoices",
    // Invoices bill the clients from the item master.
    after: ["more-clients", "items"],
    run: (tx, { today }) => seedInvoices(tx, today),
  },
  {
    id: "money",
    // Payments settle the submitted invoices; budgets are kept per project, enterprise ones too.
    after: ["invoices", "enterprise-projects"],
    run: (tx, { today }) => seedMoney(tx, today),
  },
  { id: "compliance", run: (tx, { today }) => seedCompliance(tx, today) },
  {
    id: "letterheads",
    // Billing details of every client, the later ones too; the invoices read them when printed.
    after: ["invoices"],
    run: (tx, { today }) => seedLetterheads(tx, today),
  },
];
