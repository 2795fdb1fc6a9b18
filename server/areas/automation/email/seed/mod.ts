/** What email templates add to the demo seed (seed-steps.ts). */
import type { DemoSeedStep } from "../../../../db/seed/seed-steps.ts";
import { seedEmailTemplates } from "./email-templates.ts";

export const EMAIL_TEMPLATES_SEED: readonly DemoSeedStep[] = [
  // "Invoice overdue" and "Lead qualified" in every organisation.
  { id: "email-templates", run: (tx, { today }) => seedEmailTemplates(tx, today) },
];
