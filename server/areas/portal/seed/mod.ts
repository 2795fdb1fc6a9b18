/** What the client portal adds to the demo seed (seed-steps.ts). */
import type { DemoSeedStep } from "../../../db/seed/seed-steps.ts";
import { seedClientMessages } from "./client-messages.ts";

export const PORTAL_SEED: readonly DemoSeedStep[] = [
  { id: "client-messages", run: (tx, { today }) => seedClientMessages(tx, today) },
];
