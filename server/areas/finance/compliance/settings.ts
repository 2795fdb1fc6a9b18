/**
 * An organisation's compliance settings: how far ahead an obligation counts as
 * due soon, whether owners are notified of overdue obligations, and how many days
 * ahead they are reminded. An organisation that never saved them has the defaults.
 */
import type { z } from "zod";
import type {
  ComplianceSettings,
  ComplianceSettingsUpdate,
} from "../../../../schemas/api/compliance.ts";
import type { Queryable } from "../../../db/database.ts";

export type Settings = z.infer<typeof ComplianceSettings>;

/** The settings of an organisation that never changed them. */
export const DEFAULT_COMPLIANCE_SETTINGS: Settings = {
  due_soon_days: 14,
  notify_owners: true,
  remind_days_before: 0,
  updated_at: null,
};

interface Row {
  due_soon_days: number;
  notify_owners: number;
  remind_days_before: number;
  updated_at: string;
}

/** The organisation's compliance settings. */
export async function complianceSettings(q: Queryable, organizationId: string): Promise<Settings> {
  const row = await q.get<Row>(
    `SELECT due_soon_days, notify_owners, remind_days_before, updated_at
       FROM compliance_settings WHERE organization_id = ?`,
    [organizationId],
  );
  if (!row) return DEFAULT_COMPLIANCE_SETTINGS;
  return {
    due_soon_days: row.due_soon_days,
    notify_owners: row.notify_owners === 1,
    remind_days_before: row.remind_days_before,
    updated_at: row.updated_at,
  };
}

/** Changes the given settings (the others keep their value) and returns them all. */
export async function updateComplianceSettings(
  q: Queryable,
  organizationId: string,
  change: z.infer<typeof ComplianceSettingsUpdate>,
  by: { userId: string; now: string },
): Promise<Settings> {
  const next = { ...(await complianceSettings(q, organizationId)), ...change };
  await q.run(
    `INSERT INTO compliance_settings
       (organization_id, due_soon_days, notify_owners, remind_days_before, updated_at, updated_by)
     VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (organization_id) DO UPDATE SET due_soon_days = excluded.due_soon_days,
       notify_owners = excluded.notify_owners, remind_days_before = excluded.remind_days_before,
       updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    [
      organizationId,
      next.due_soon_days,
      next.notify_owners ? 1 : 0,
      next.remind_days_before,
      by.now,
      by.userId,
    ],
  );
  return { ...next, updated_at: by.now };
}
