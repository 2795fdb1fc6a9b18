/**
 * Notices to the owners of compliance obligations: one notification when an open
 * obligation passes its due date (and, when the organisation asks for it, one
 * reminder some days before). Each is raised once per obligation, due date and
 * kind: the row in `compliance_notices` is claimed first (its primary key refuses
 * a second claim, from another read or another instance), and only the claimant
 * writes the notification, in the same transaction. Moving the due date (or the
 * next occurrence of a recurring obligation) makes a new notice due.
 */
import type { Database, Queryable } from "../../../db/database.ts";
import { isoDatePlus } from "../../../db/dialect.ts";
import { notify } from "../../../platform/notifications/mod.ts";
import { recordLink } from "../../../records/record-link.ts";
import { COMPLIANCE_ITEM, OPEN_COMPLIANCE_STATUSES } from "../types/compliance-item.ts";
import { complianceSettings } from "./settings.ts";

interface Due {
  id: string;
  name: string;
  title: string;
  due_date: string;
  owner_id: string;
}

const OPEN_SQL = OPEN_COMPLIANCE_STATUSES.map((s) => `'${s}'`).join(", ");

/** The notification of each kind of notice: its words and typed values. */
const TEXTS = {
  overdue: (item: Due) => ({
    title: "Compliance item overdue",
    message: "{item} ({name}) was due on {due_date}.",
    params: { item: item.title, name: item.name, due_date: { date: item.due_date } },
  }),
  due_soon: (item: Due) => ({
    title: "Compliance item due soon",
    message: "{item} ({name}) is due on {due_date}.",
    params: { item: item.title, name: item.name, due_date: { date: item.due_date } },
  }),
} as const;

async function pending(
  q: Queryable,
  organizationId: string,
  kind: keyof typeof TEXTS,
  range: { from?: string; before: string },
): Promise<Due[]> {
  return await q.all<Due>(
    `SELECT i.id, i.name, i.title, i.due_date, i.owner_id FROM compliance_items i
      WHERE i.organization_id = ? AND i.status IN (${OPEN_SQL}) AND i.owner_id IS NOT NULL
        AND i.due_date < ? ${range.from ? "AND i.due_date >= ?" : ""}
        AND NOT EXISTS (SELECT 1 FROM compliance_notices n
                         WHERE n.item_id = i.id AND n.due_date = i.due_date AND n.kind = ?)
      ORDER BY i.due_date, i.id`,
    [organizationId, range.before, ...(range.from ? [range.from] : []), kind],
  );
}

async function raise(
  tx: Queryable,
  organizationId: string,
  kind: keyof typeof TEXTS,
  item: Due,
  now: string,
): Promise<boolean> {
  const claimed = await tx.run(
    `INSERT INTO compliance_notices (organization_id, item_id, due_date, kind, user_id, notified_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (item_id, due_date, kind) DO NOTHING`,
    [organizationId, item.id, item.due_date, kind, item.owner_id, now],
  );
  if (claimed.changes !== 1) return false;
  await notify(tx, {
    organizationId,
    userId: item.owner_id,
    category: "compliance",
    link: recordLink(COMPLIANCE_ITEM, item.id),
    ...TEXTS[kind](item),
  }, { now });
  return true;
}

/** Raises the notices due in one organisation today; returns how many were raised. */
export async function raiseComplianceNotices(
  db: Database,
  organizationId: string,
  now: string,
): Promise<number> {
  const today = now.slice(0, 10);
  const settings = await complianceSettings(db, organizationId);
  if (!settings.notify_owners) return 0;
  const due: [keyof typeof TEXTS, Due][] = (await pending(db, organizationId, "overdue", {
    before: today,
  })).map((item) => ["overdue", item]);
  if (settings.remind_days_before > 0) {
    const soon = await pending(db, organizationId, "due_soon", {
      from: today,
      before: isoDatePlus(today, settings.remind_days_before + 1),
    });
    due.push(...soon.map((item): [keyof typeof TEXTS, Due] => ["due_soon", item]));
  }
  if (due.length === 0) return 0;
  return await db.transaction(async (tx) => {
    let raised = 0;
    for (const [kind, item] of due) {
      if (await raise(tx, organizationId, kind, item, now)) raised++;
    }
    return raised;
  });
}

/** Raises the notices due today in every organisation with open obligations. */
export async function raiseAllComplianceNotices(db: Database, now: string): Promise<number> {
  const organizations = await db.all<{ organization_id: string }>(
    `SELECT DISTINCT organization_id FROM compliance_items
      WHERE status IN (${OPEN_SQL}) AND due_date < ?`,
    [isoDatePlus(now.slice(0, 10), 91)],
  );
  let raised = 0;
  for (const { organization_id } of organizations) {
    raised += await raiseComplianceNotices(db, organization_id, now);
  }
  return raised;
}
