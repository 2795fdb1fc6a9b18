/** The session policy of an organisation: its stored setting, or the server's defaults. */
import type { Queryable } from "../../db/database.ts";

/** The session policy in force for an organisation. */
export interface SessionPolicy {
  idleTimeoutSeconds: number;
  warningSeconds: number;
}

/** The settings key holding the policy. */
export const SESSION_POLICY_KEY = "session_policy";

/** Reads the policy, falling back to the defaults for anything missing. */
export async function readSessionPolicy(
  db: Queryable,
  organizationId: string,
  defaults: SessionPolicy,
): Promise<SessionPolicy> {
  const row = await db.get<{ value: string }>(
    "SELECT value FROM settings WHERE organization_id = ? AND key = ?",
    [
      organizationId,
      SESSION_POLICY_KEY,
    ],
  );
  if (!row) return defaults;
  const stored = JSON.parse(row.value) as {
    idle_timeout_minutes?: number;
    warning_seconds?: number;
  };
  return {
    idleTimeoutSeconds: stored.idle_timeout_minutes
      ? stored.idle_timeout_minutes * 60
      : defaults.idleTimeoutSeconds,
    warningSeconds: stored.warning_seconds ?? defaults.warningSeconds,
  };
}

/** The stored setting as the settings form edits it: minutes, seconds and its version. */
export async function readSessionPolicySetting(
  db: Queryable,
  organizationId: string,
  defaults: SessionPolicy,
): Promise<{ version: number; idle_timeout_minutes: number; warning_seconds: number }> {
  const row = await db.get<{ value: string; version: number }>(
    "SELECT value, version FROM settings WHERE organization_id = ? AND key = ?",
    [organizationId, SESSION_POLICY_KEY],
  );
  const policy = await readSessionPolicy(db, organizationId, defaults);
  return {
    version: row?.version ?? 0,
    idle_timeout_minutes: Math.round(policy.idleTimeoutSeconds / 60),
    warning_seconds: policy.warningSeconds,
  };
}
