/**
 * Numbered migrations, applied in order at start. Each has a text per dialect, runs
 * in a transaction and is recorded in `schema_migrations` in that transaction, so a
 * restart applies only what is new. Instances starting together on one PostgreSQL
 * database take turns (an advisory lock held by each migration's transaction), and
 * each migration is applied and recorded once.
 */
import type { Database, Dialect, Queryable } from "./database.ts";
import platform from "./migrations/001_platform.ts";
import work from "./migrations/002_work.ts";
import projectAnalytics from "./migrations/003_project_analytics.ts";
import administration from "./migrations/004_administration.ts";
import portal from "./migrations/005_portal.ts";
import sessions from "./migrations/006_sessions.ts";
import mail from "./migrations/007_mail.ts";
import progressVersion from "./migrations/008_progress_version.ts";
import organizationScope from "./migrations/009_organization_scope.ts";
import messagePlaces from "./migrations/010_message_places.ts";
import recordEngine from "./migrations/011_record_engine.ts";
import recordTypes from "./migrations/012_record_types.ts";
import permissionRollouts from "./migrations/013_permission_rollouts.ts";
import files from "./migrations/014_files.ts";
import enterpriseProjects from "./migrations/015_enterprise_projects.ts";
import invoices from "./migrations/016_invoices.ts";
import paymentsExpensesBudgets from "./migrations/017_payments_expenses_budgets.ts";
import compliance from "./migrations/018_compliance.ts";
import invoiceNotices from "./migrations/019_invoice_notices.ts";
import invitationLimits from "./migrations/020_invitation_limits.ts";
import clientBilling from "./migrations/021_client_billing.ts";
import approvalNotices from "./migrations/022_approval_notices.ts";
import bulkEdits from "./migrations/023_bulk_edits.ts";
import sharedViews from "./migrations/024_shared_views.ts";
import invoiceOverdueIndex from "./migrations/025_invoice_overdue_index.ts";
import mailAttachments from "./migrations/026_mail_attachments.ts";
import automationDues from "./migrations/027_automation_dues.ts";
import lostReasons from "./migrations/028_lost_reasons.ts";
import leadStages from "./migrations/029_lead_stages.ts";
import forecastSnapshots from "./migrations/030_forecast_snapshots.ts";
import leadAssignmentLog from "./migrations/031_lead_assignment_log.ts";
import signing from "./migrations/032_signing.ts";
import { POSTGRES_MIGRATIONS } from "./migrations/postgres/index.ts";

/** One migration: its number, name and text per dialect. */
export interface Migration {
  version: number;
  name: string;
  sql: Record<Dialect, string>;
}

const SQLITE: readonly [number, string, string][] = [
  [1, "platform", platform],
  [2, "work", work],
  [3, "project_analytics", projectAnalytics],
  [4, "administration", administration],
  [5, "portal", portal],
  [6, "sessions", sessions],
  [7, "mail", mail],
  [8, "progress_version", progressVersion],
  [9, "organization_scope", organizationScope],
  [10, "message_places", messagePlaces],
  [11, "record_engine", recordEngine],
  [12, "record_types", recordTypes],
  [13, "permission_rollouts", permissionRollouts],
  [14, "files", files],
  [15, "enterprise_projects", enterpriseProjects],
  [16, "invoices", invoices],
  [17, "payments_expenses_budgets", paymentsExpensesBudgets],
  [18, "compliance", compliance],
  [19, "invoice_notices", invoiceNotices],
  [20, "invitation_limits", invitationLimits],
  [21, "client_billing", clientBilling],
  [22, "approval_notices", approvalNotices],
  [23, "bulk_edits", bulkEdits],
  [24, "shared_views", sharedViews],
  [25, "invoice_overdue_index", invoiceOverdueIndex],
  [26, "mail_attachments", mailAttachments],
  [27, "automation_dues", automationDues],
  [28, "lost_reasons", lostReasons],
  [29, "lead_stages", leadStages],
  [30, "forecast_snapshots", forecastSnapshots],
  [31, "lead_assignment_log", leadAssignmentLog],
  [32, "signing", signing],
];

/** Every migration, numbered. Append only, with both dialects' texts. */
export const MIGRATIONS: readonly Migration[] = SQLITE.map(([version, name, sqlite]) => {
  const postgres = POSTGRES_MIGRATIONS[version];
  if (postgres === undefined) throw new Error(`Migration ${version} has no PostgreSQL text`);
  return { version, name, sql: { sqlite, postgres } };
});

/** Any number that marks the migration lock among PostgreSQL advisory locks. */
const MIGRATION_LOCK = 7_120_412;

/**
 * Makes concurrent migrators (other instances starting, and their table syncs)
 * wait for this transaction.
 */
export async function takeMigrationTurn(tx: Queryable): Promise<void> {
  // SQLite's transactions take the write lock at BEGIN (IMMEDIATE): nothing to add.
  if (tx.dialect === "postgres") await tx.get("SELECT pg_advisory_xact_lock(?)", [MIGRATION_LOCK]);
}

/** Applies the migrations the database lacks; returns the versions applied. */
export async function migrate(db: Database): Promise<number[]> {
  await db.transaction(async (tx) => {
    await takeMigrationTurn(tx);
    await tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
    );
  });
  const applied: number[] = [];
  for (const migration of MIGRATIONS) {
    try {
      const done = await db.transaction(async (tx) => {
        await takeMigrationTurn(tx);
        const recorded = await tx.get(
          "SELECT version FROM schema_migrations WHERE version = ?",
          [migration.version],
        );
        if (recorded) return false;
        await tx.exec(migration.sql[db.dialect]);
        await tx.run(
          "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
          [migration.version, migration.name, new Date().toISOString()],
        );
        return true;
      });
      if (done) applied.push(migration.version);
    } catch (error) {
      throw new Error(
        `Cannot migrate: migration ${migration.version} (${migration.name}) failed`,
        { cause: error },
      );
    }
  }
  return applied;
}
