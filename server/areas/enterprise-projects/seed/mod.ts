/** What enterprise projects add to the demo seed (seed-steps.ts). */
import type { DemoSeedStep } from "../../../db/seed/seed-steps.ts";
import { seedEnterpriseProjects } from "./enterprise-projects.ts";
import { seedEnterpriseApprovals } from "./project-approvals.ts";

export const ENTERPRISE_PROJECTS_SEED: readonly DemoSeedStep[] = [
  {
    id: "enterprise-projects",
    // Their tasks follow their own plan: the sprint history is laid on the base's tasks only.
    after: ["project-history"],
    run: (tx, { today }) => seedEnterpriseProjects(tx, today),
  },
  {
    id: "project-approvals",
    // The run is on a project with phases, which the enterprise projects have.
    after: ["enterprise-projects"],
    run: (tx, { today }) => seedEnterpriseApprovals(tx, today),
  },
];
