/** The PostgreSQL texts of the numbered migrations, by number (see ../../migrate.ts). */
import platform from "./001_platform.ts";
import work from "./002_work.ts";
import projectAnalytics from "./003_project_analytics.ts";
import administration from "./004_administration.ts";
import portal from "./005_portal.ts";
import sessions from "./006_sessions.ts";
import mail from "./007_mail.ts";
import progressVersion from "./008_progress_version.ts";
import organizationScope from "./009_organization_scope.ts";
import messagePlaces from "./010_message_places.ts";
import recordEngine from "./011_record_engine.ts";
import recordTypes from "./012_record_types.ts";
import permissionRollouts from "./013_permission_rollouts.ts";
import files from "./014_files.ts";
import enterpriseProjects from "./015_enterprise_projects.ts";
import invoices from "./016_invoices.ts";
import paymentsExpensesBudgets from "./017_payments_expenses_budgets.ts";
import compliance from "./018_compliance.ts";
import invoiceNotices from "./019_invoice_notices.ts";
import invitationLimits from "./020_invitation_limits.ts";
import clientBilling from "./021_client_billing.ts";
import approvalNotices from "./022_approval_notices.ts";
import bulkEdits from "./023_bulk_edits.ts";
import sharedViews from "./024_shared_views.ts";
import invoiceOverdueIndex from "./025_invoice_overdue_index.ts";
import mailAttachments from "./026_mail_attachments.ts";
import automationDues from "./027_automation_dues.ts";
import lostReasons from "./028_lost_reasons.ts";
import leadStages from "./029_lead_stages.ts";
import forecastSnapshots from "./030_forecast_snapshots.ts";
import leadAssignmentLog from "./031_lead_assignment_log.ts";
import signing from "./032_signing.ts";

export const POSTGRES_MIGRATIONS: Readonly<Record<number, string>> = {
  1: platform,
  2: work,
  3: projectAnalytics,
  4: administration,
  5: portal,
  6: sessions,
  7: mail,
  8: progressVersion,
  9: organizationScope,
  10: messagePlaces,
  11: recordEngine,
  12: recordTypes,
  13: permissionRollouts,
  14: files,
  15: enterpriseProjects,
  16: invoices,
  17: paymentsExpensesBudgets,
  18: compliance,
  19: invoiceNotices,
  20: invitationLimits,
  21: clientBilling,
  22: approvalNotices,
  23: bulkEdits,
  24: sharedViews,
  25: invoiceOverdueIndex,
  26: mailAttachments,
  27: automationDues,
  28: lostReasons,
  29: leadStages,
  30: forecastSnapshots,
  31: leadAssignmentLog,
  32: signing,
};
