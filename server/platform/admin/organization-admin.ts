/**
 * The organisation's own record and its settings (the session policy the shell
 * uses), both with optimistic concurrency and an audit entry per change.
 */
import { conflict, notFound } from "../errors/app-error.ts";
import { recordAudit } from "../audit/record.ts";
import { SESSION_POLICY_KEY } from "../orgs/session-policy.ts";
import type { AdminContext } from "./admin-context.ts";
import { advanceVersion, announceVersion } from "../orgs/organization-versions.ts";

const ORG_FIELDS = [
  "name",
  "description",
  "website",
  "industry",
  "size",
  "address",
  "phone",
  "email",
  "logo_url",
  "is_active",
] as const;

/** Updates the organisation's fields; `version` is the one the editor saw. */
export async function updateOrganization(
  ctx: AdminContext,
  input: { version: number } & Partial<Record<(typeof ORG_FIELDS)[number], string | boolean>>,
) {
  const result = await ctx.db.transaction(async (tx) => {
    const before = await tx.get<Record<string, unknown> & { version: number }>(
      `SELECT ${ORG_FIELDS.join(", ")}, version FROM organizations WHERE id = ?`,
      [ctx.organizationId],
    );
    if (!before) throw notFound("Organization");
    const fields = ORG_FIELDS.filter((f) => input[f] !== undefined);
    const values = fields.map((
      f,
    ) => (typeof input[f] === "boolean" ? (input[f] ? 1 : 0) : input[f] as string));
    const updated = await tx.run(
      `UPDATE organizations SET ${fields.map((f) => `${f} = ?`).join(", ")}${
        fields.length ? "," : ""
      }
         version = version + 1, settings_version = settings_version + 1, updated_at = ? WHERE id = ? AND version = ?`,
      [...values, ctx.now, ctx.organizationId, input.version],
    );
    if (updated.changes === 1) await announceVersion(tx, ctx.organizationId, "settings");
    if (updated.changes !== 1) {
      throw conflict(
        `The organization was changed by someone else (version ${before.version}, not ${input.version})`,
        {
          current_version: before.version,
        },
      );
    }
    const { version: _v, ...beforeFields } = before;
    await recordAudit(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.actorId,
      action: "organization.update",
      resourceType: "organization",
      resourceId: ctx.organizationId,
      before: Object.fromEntries(fields.map((f) => [f, beforeFields[f]])),
      after: Object.fromEntries(fields.map((f) => [f, input[f]])),
      requestId: ctx.requestId,
      now: ctx.now,
    });
    return { version: before.version + 1 };
  });
  return result;
}

/** Stores the session policy; version 0 means "never stored before". */
export async function updateSessionPolicy(
  ctx: AdminContext,
  input: { version: number; idle_timeout_minutes: number; warning_seconds: number },
) {
  const value = {
    idle_timeout_minutes: input.idle_timeout_minutes,
    warning_seconds: input.warning_seconds,
  };
  const result = await ctx.db.transaction(async (tx) => {
    const before = await tx.get<{ value: string; version: number }>(
      "SELECT value, version FROM settings WHERE organization_id = ? AND key = ?",
      [ctx.organizationId, SESSION_POLICY_KEY],
    );
    const current = before?.version ?? 0;
    const stale = () =>
      conflict(
        `The session policy was changed by someone else (version ${current}, not ${input.version})`,
        {
          current_version: current,
        },
      );
    if (current !== input.version) throw stale();
    // The write itself decides between two requests made against the same version.
    let written;
    if (before) {
      written = await tx.run(
        "UPDATE settings SET value = ?, version = version + 1, updated_at = ? WHERE organization_id = ? AND key = ? AND version = ?",
        [
          JSON.stringify(value),
          ctx.now,
          ctx.organizationId,
          SESSION_POLICY_KEY,
          input.version,
        ],
      );
    } else {
      written = await tx.run(
        `INSERT INTO settings (organization_id, key, value, version, updated_at) VALUES (?, ?, ?, 1, ?)
         ON CONFLICT (organization_id, key) DO NOTHING`,
        [
          ctx.organizationId,
          SESSION_POLICY_KEY,
          JSON.stringify(value),
          ctx.now,
        ],
      );
    }
    if (written.changes !== 1) throw stale();
    await advanceVersion(tx, ctx.organizationId, "settings");
    await recordAudit(tx, {
      organizationId: ctx.organizationId,
      actorId: ctx.actorId,
      action: "setting.update",
      resourceType: "setting",
      resourceId: SESSION_POLICY_KEY,
      before: before ? JSON.parse(before.value) : null,
      after: value,
      requestId: ctx.requestId,
      now: ctx.now,
    });
    return { key: SESSION_POLICY_KEY, value, version: current + 1 };
  });
  return result;
}
