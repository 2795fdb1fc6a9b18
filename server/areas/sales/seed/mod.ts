/** What sales adds to the demo seed (seed-steps.ts). */
import type { DemoSeedStep } from "../../../db/seed/seed-steps.ts";
import { seedMoreClients } from "./more-clients.ts";
import { seedLeadActivities } from "./lead-activities.ts";
import { seedCompetitors } from "./competitors.ts";
import { seedProposals } from "./proposals.ts";
import { seedScoringRules } from "./scoring-rules.ts";
import { seedAccountPlans } from "./account-plans.ts";
import { seedLeadStageHistory } from "./lead-stage-history.ts";
import { seedNurtureSequences } from "./nurture-sequences.ts";
import { seedForecast } from "./forecast.ts";
import { seedAssignmentRules } from "./assignment-rules.ts";

export const SALES_SEED: readonly DemoSeedStep[] = [
  { id: "more-clients", run: (tx, { today }) => seedMoreClients(tx, today) },
  {
    id: "lead-activities",
    after: ["demo-member"],
    run: (tx, { today }) => seedLeadActivities(tx, today),
  },
  { id: "competitors", run: (tx, { today }) => seedCompetitors(tx, today) },
  { id: "proposals", after: ["more-clients"], run: (tx, { today }) => seedProposals(tx, today) },
  {
    id: "scoring-rules",
    after: ["lead-activities", "competitors"],
    run: (tx, { today }) => seedScoringRules(tx, today),
  },
  { id: "account-plans", run: (tx, { today }) => seedAccountPlans(tx, today) },
  { id: "lead-stage-history", after: ["competitors"], run: (tx) => seedLeadStageHistory(tx) },
  {
    id: "nurture-sequences",
    after: ["email-templates"],
    run: (tx, { today }) => seedNurtureSequences(tx, today),
  },
  {
    id: "forecast",
    after: ["lead-stage-history"],
    run: (tx, { today }) => seedForecast(tx, today),
  },
  {
    id: "assignment-rules",
    after: ["demo-member"],
    run: (tx, { today }) => seedAssignmentRules(tx, today),
  },
];
