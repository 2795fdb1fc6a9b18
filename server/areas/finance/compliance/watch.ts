/**
 * The daily evaluation of compliance notices: at start and then every hour (so a
 * new day is noticed within the hour), every organisation's overdue obligations
 * raise their owners' notices. Each notice is raised once (notices.ts), so
 * running often, or on several instances, raises nothing twice.
 */
import type { Database } from "../../../db/database.ts";
import { HOURLY_MS, PeriodicCheck } from "../../../platform/jobs/periodic-check.ts";
import { raiseAllComplianceNotices } from "./notices.ts";

/** How often the check runs by default. */
export const COMPLIANCE_CHECK_MS = HOURLY_MS;

/** Runs the compliance notice check now and then every `everyMs` until stopped. */
export class ComplianceWatch extends PeriodicCheck {
  constructor(db: Database, options: { clock?: () => number; everyMs?: number } = {}) {
    super("compliance notices", (now) => raiseAllComplianceNotices(db, now), options);
  }
}
