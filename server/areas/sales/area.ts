/** Sales: leads and the pipeline, clients, proposals and their templates. */
import { defineArea } from "../define-area.ts";
import { SALES_MODULES } from "./modules.ts";
import { LEAD } from "./types/lead.ts";
import { CLIENT } from "./types/client.ts";
import { LEAD_ACTIVITY } from "./types/lead-activity.ts";
import { COMPETITOR } from "./types/competitor.ts";
import { PROPOSAL } from "./types/proposal.ts";
import { PROPOSAL_TEMPLATE } from "./types/proposal-template.ts";
import { PROPOSAL_CONTROLLER } from "./proposals/proposal-controller.ts";
import { proposalPortalRoutes } from "./proposals/portal-routes.ts";
import { printedProposal } from "./proposals/printed-proposal.ts";
import { PROPOSAL_SIGNING } from "./proposals/proposal-signing.ts";
import { approvalRoutes } from "./proposals/approval-routes.ts";
import { proposalApprovalExtras } from "../../ui/screens/proposal-approval-settings.ts";
import { PROPOSAL_PRINT_SCREEN } from "../../ui/screens/proposal-print.ts";
import { signaturesFormTab } from "../../ui/screens/signatures-tab.ts";
import { LEAD_SCORING_RULE } from "./types/lead-scoring-rule.ts";
import { ACCOUNT_PLAN } from "./types/account-plan.ts";
import { LEAD_SCORING_RULE_CONTROLLER } from "./scoring/rule-controller.ts";
import { activityScoring } from "./scoring/activity-scoring.ts";
import { LeadRescoring } from "./scoring/rescoring.ts";
import { LEAD_STAGE } from "./types/lead-stage.ts";
import { LEAD_STAGE_CONTROLLER } from "./pipeline/lead-stage-controller.ts";
import { leadRoutes } from "./leads/routes.ts";
import { clientRoutes } from "./clients/routes.ts";
import { LEAD_CONTROLLER } from "./leads/lead-controller.ts";
import { LEAD_ASSIGNMENT_RULE } from "./types/lead-assignment-rule.ts";
import { LEAD_ASSIGNMENT_RULE_CONTROLLER } from "./assignment/rule-controller.ts";
import { assignmentRoutes } from "./assignment/bulk-routes.ts";
import { TYPE_MASTER } from "../workspace/types/type-master.ts";
import { LEAD_FIGURES } from "../../ui/screens/lead-figures.ts";
import { SALES_SEED } from "./seed/mod.ts";
import { ACTIVITY_LOGGER_SCREEN } from "../../ui/screens/lead-activity-screens.ts";
import { COMPETITIVE_INTELLIGENCE_SCREEN } from "../../ui/screens/competitive-intelligence.ts";
import { DUPLICATE_DETECTION_SCREEN } from "../../ui/screens/duplicate-detection.ts";
import { DUPLICATE_MERGE_SCREEN } from "../../ui/screens/duplicate-merge.ts";
import { duplicateRoutes } from "./duplicates/routes.ts";
import { NURTURE_SEQUENCE } from "./types/nurture-sequence.ts";
import { NURTURE_ENROLLMENT } from "./types/nurture-enrollment.ts";
import { NURTURE_SEQUENCE_CONTROLLER } from "./nurturing/sequence-controller.ts";
import { NURTURE_ENROLLMENT_CONTROLLER } from "./nurturing/enrollment-controller.ts";
import { nurtureObserver } from "./nurturing/nurture-observer.ts";
import { NurtureRunner } from "./nurturing/nurture-runner.ts";
import { unsubscribeRoutes } from "./nurturing/unsubscribe-routes.ts";
import { enrolRoutes } from "./nurturing/enrol-routes.ts";
import { forecastRoutes } from "./forecast/forecast-routes.ts";
import { ForecastSnapshots } from "./forecast/forecast-snapshots.ts";
import { SALES_FORECASTING_SCREEN } from "../../ui/screens/sales-forecasting.ts";
import { leadAnalyticsRoutes } from "./analytics/analytics-routes.ts";
import { LEAD_ANALYTICS_SCREEN } from "../../ui/screens/lead-analytics.ts";
import { LEAD_ASSIGNMENT_BULK_SCREEN } from "../../ui/screens/lead-assignment-bulk.ts";

export const SALES = defineArea({
  id: "sales",
  name: "Sales",
  modules: SALES_MODULES,
  types: [
    LEAD,
    CLIENT,
    LEAD_ACTIVITY,
    COMPETITOR,
    PROPOSAL,
    PROPOSAL_TEMPLATE,
    LEAD_SCORING_RULE,
    ACCOUNT_PLAN,
    LEAD_STAGE,
    NURTURE_SEQUENCE,
    NURTURE_ENROLLMENT,
    LEAD_ASSIGNMENT_RULE,
  ],
  controllers: [
    LEAD_CONTROLLER,
    PROPOSAL_CONTROLLER,
    LEAD_SCORING_RULE_CONTROLLER,
    LEAD_STAGE_CONTROLLER,
    NURTURE_SEQUENCE_CONTROLLER,
    NURTURE_ENROLLMENT_CONTROLLER,
    LEAD_ASSIGNMENT_RULE_CONTROLLER,
  ],
  observers: [activityScoring, nurtureObserver],
  checks: [
    (db) => new LeadRescoring(db),
    (db, config) => new NurtureRunner(db, { publicUrl: config.publicUrl }),
    (db) => new ForecastSnapshots(db),
  ],
  recordScreens: {
    lists: [{
      module: "lead-sources",
      type: TYPE_MASTER,
      preset: { field: "kind", value: "lead_source" },
    }, {
      // The caller's own leads, with the pipeline board.
      module: "my-leads",
      type: LEAD,
      preset: { field: "owner", value: "@me" },
    }, {
      // Every lead with its owner, for assigning by hand (the list's bulk edit sets the owner).
      module: "lead-assignment",
      type: LEAD,
    }],
    around: [
      { module: "leads", extras: () => LEAD_FIGURES },
      { module: "proposals", extras: proposalApprovalExtras },
    ],
    newForms: [
      { module: "proposals/new", type: PROPOSAL },
      { module: "proposal-templates/create", type: PROPOSAL_TEMPLATE },
    ],
    formTabs: [{ type: PROPOSAL, tabs: [signaturesFormTab(PROPOSAL.id)] }],
  },
  routes: ({ api, db, records, clock }) => {
    leadRoutes(api, db, records, clock);
    assignmentRoutes(api, db, records, clock);
    clientRoutes(api, db, records);
    proposalPortalRoutes(api, db, records);
    approvalRoutes(api, db, clock);
    duplicateRoutes(api, records);
    unsubscribeRoutes(api, db, clock);
    enrolRoutes(api, records);
    forecastRoutes(api, db, records, clock);
    leadAnalyticsRoutes(api, db, records, clock);
  },
  printers: [{ type: PROPOSAL.id, print: printedProposal }],
  signing: [PROPOSAL_SIGNING],
  screens: [
    ACTIVITY_LOGGER_SCREEN,
    COMPETITIVE_INTELLIGENCE_SCREEN,
    PROPOSAL_PRINT_SCREEN,
    DUPLICATE_DETECTION_SCREEN,
    DUPLICATE_MERGE_SCREEN,
    SALES_FORECASTING_SCREEN,
    LEAD_ANALYTICS_SCREEN,
    LEAD_ASSIGNMENT_BULK_SCREEN,
  ],
  seed: SALES_SEED,
});
