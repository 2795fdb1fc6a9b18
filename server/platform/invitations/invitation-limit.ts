/**
 * How many invitations an organisation may send: `perDay` per UTC day, and
 * `perDayNewOrganization` while it is less than a day old (as GitHub limits the
 * invitations of a new organisation), whatever their kind (staff, client portal,
 * the same person invited again) and whether or not the address has an account, so
 * the limit tells nothing about addresses either. Each invitation takes a slot in
 * the transaction that sends it (a refused or failed invitation gives it back);
 * the count lives in the database and moves by one conditional upsert, so several
 * instances share it and a burst of requests cannot pass it between a read and a write.
 */
import type { Queryable } from "../../db/database.ts";
import type { InvitationLimits } from "../../config.ts";
import { AppError } from "../errors/app-error.ts";

const DAY_MS = 86_400_000;

/** Takes one invitation slot of the organisation for today, or throws 429 saying when more can be sent. */
export async function takeInvitationSlot(
  tx: Queryable,
  organizationId: string,
  options: { limits: InvitationLimits; now: string },
): Promise<void> {
  const nowMs = Date.parse(options.now);
  const organization = await tx.get<{ created_at: string }>(
    "SELECT created_at FROM organizations WHERE id = ?",
    [organizationId],
  );
  const grownUpAt = Date.parse(organization?.created_at ?? options.now) + DAY_MS;
  const young = nowMs < grownUpAt;
  const limit = young ? options.limits.perDayNewOrganization : options.limits.perDay;
  const day = options.now.slice(0, 10);
  const taken = await tx.run(
    `INSERT INTO invitation_counts (organization_id, day, sent) VALUES (?, ?, 1)
     ON CONFLICT (organization_id, day) DO UPDATE SET sent = invitation_counts.sent + 1
     WHERE invitation_counts.sent < ?`,
    [organizationId, day, limit],
  );
  if (taken.changes === 1) {
    // Earlier days decide nothing any more.
    await tx.run("DELETE FROM invitation_counts WHERE organization_id = ? AND day < ?", [
      organizationId,
      day,
    ]);
    return;
  }
  const midnight = Date.parse(`${day}T00:00:00.000Z`) + DAY_MS;
  // A young organisation's limit rises when it turns a day old, which may come before midnight.
  const resetsAt = young ? Math.min(midnight, grownUpAt) : midnight;
  throw invitationLimitReached({ limit, young, resetsAt, nowMs });
}

function invitationLimitReached(
  reached: { limit: number; young: boolean; resetsAt: number; nowMs: number },
): AppError {
  const at = new Date(reached.resetsAt).toISOString();
  const seconds = Math.max(1, Math.ceil((reached.resetsAt - reached.nowMs) / 1000));
  const which = reached.young
    ? `${reached.limit} invitations a day while it is less than a day old`
    : `${reached.limit} invitations a day`;
  return new AppError(
    429,
    "too_many_invitations",
    `This organization may send ${which} and has sent them all. More can be sent from ${
      at.slice(0, 16).replace("T", " ")
    } UTC.`,
    {
      headers: { "Retry-After": String(seconds) },
      details: { limit: reached.limit, resets_at: at, retry_after_seconds: seconds },
    },
  );
}
