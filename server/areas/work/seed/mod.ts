/** What work adds to the demo seed (seed-steps.ts). */
import type { DemoSeedStep } from "../../../db/seed/seed-steps.ts";
import { seedTaskNumbers } from "./task-numbers.ts";
import { seedTemplatePlans } from "./template-plans.ts";

export const WORK_SEED: readonly DemoSeedStep[] = [
  {
    id: "task-numbers",
    // Every task is numbered once all exist with their final creation dates.
    after: ["project-history", "enterprise-projects"],
    run: (tx) => seedTaskNumbers(tx),
  },
  // The role rows name the demo member, whom the workspace seeds.
  { id: "template-plans", after: ["demo-member"], run: (tx) => seedTemplatePlans(tx) },
];
