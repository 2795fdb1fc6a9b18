/** What the workspace adds to the demo seed (seed-steps.ts). */
import type { DemoSeedStep } from "../../../db/seed/seed-steps.ts";
import { seedDemoMember } from "./demo-member.ts";

export const WORKSPACE_SEED: readonly DemoSeedStep[] = [
  {
    id: "demo-member",
    // Joins a team and takes its unassigned tasks once the history and the teams are laid out,
    // and files a claim numbered after the seeded ones.
    after: ["project-history", "project-approvals", "money"],
    run: (tx, seed) => seedDemoMember(tx, seed),
  },
];
