/**
 * How signing follows the record engine's changes, inside their transactions:
 * - the signable's request action (a proposal's `send`) makes a request for the
 *   revision taken, with the signers the type names;
 * - an action starting a new revision (`revise`) supersedes the open request;
 * - a person's own edit of a record whose current revision has a pending or
 *   completed request is refused (409 naming it): what was signed stays as signed;
 * - the accept or decline action taken outside a signing link (a portal user in
 *   the portal) is the answer of the signer it names (by user or email), with the
 *   request's evidence, and ends the request.
 */
import type { Queryable } from "../../db/database.ts";
import { conflict } from "../../platform/errors/app-error.ts";
import type { ChangeObserver, RecordChange } from "../engine/record-changes.ts";
import type { RecordData } from "../engine/record-rows.ts";
import { revisionOf, type Signable } from "./signable.ts";
import {
  appendEvent,
  requestsOf,
  setRequestStatus,
  signersOf,
  updateSigner,
} from "./signing-store.ts";
import { createSignatureRequest, supersedeOpen } from "./signature-requests.ts";
import { completeRequest } from "./request-completion.ts";

/** The observer of every signable type's changes. */
export function signingObserver(
  signables: readonly Signable[],
  options: { publicUrl: string },
): ChangeObserver {
  const byType = new Map(signables.map((s) => [s.type, s]));
  return async (tx, change) => {
    const signable = byType.get(change.type.id);
    if (!signable) return;
    const where = { organizationId: change.organizationId, type: change.type.id, id: change.id };
    if (change.event === "updated" && !change.action) {
      await refuseSignedEdit(tx, signable, change);
    } else if (change.event === "action" && change.after) {
      if (change.action === signable.requestOn) {
        await createSignatureRequest(tx, {
          type: change.type,
          signable,
          record: change.after,
          organizationId: change.organizationId,
          signers: await signable.signers(tx, {
            organizationId: change.organizationId,
            record: change.after,
          }),
          order: "sequential",
          requestedBy: change.actorId ?? "",
          now: change.now,
          publicUrl: options.publicUrl,
        });
      } else if (signable.supersedeOn.includes(change.action ?? "")) {
        await supersedeOpen(tx, where, change.now);
      } else if (change.action === signable.accept || change.action === signable.decline) {
        await answerOutsideLink(tx, signable, change);
      }
    }
  };
}

/** Refuses an edit of a revision that is signed or out for signature. */
async function refuseSignedEdit(
  tx: Queryable,
  signable: Signable,
  change: RecordChange,
): Promise<void> {
  const revision = revisionOf(signable, change.before ?? {});
  const held = (await requestsOf(tx, {
    organizationId: change.organizationId,
    type: change.type.id,
    id: change.id,
  })).find((r) => r.revision === revision && (r.status === "pending" || r.status === "completed"));
  if (!held) return;
  const label = change.type.declaration.label;
  throw conflict(
    held.status === "pending"
      ? `${label} ${held.record_name} is out for signature (revision ${revision}): start a new revision to change it`
      : `${label} ${held.record_name} is signed (revision ${revision}): it cannot be changed`,
    { signature_request: held.id },
  );
}

/** The accept or decline taken in the portal: that signer's answer, with evidence. */
async function answerOutsideLink(
  tx: Queryable,
  signable: Signable,
  change: RecordChange,
): Promise<void> {
  const after = change.after as RecordData;
  const open = (await requestsOf(tx, {
    organizationId: change.organizationId,
    type: change.type.id,
    id: change.id,
  })).find((r) => r.status === "pending" && r.revision === revisionOf(signable, after));
  if (!open) return;
  const actor = change.actorId
    ? await tx.get<{ id: string; email: string }>("SELECT id, email FROM users WHERE id = ?", [
      change.actorId,
    ])
    : undefined;
  const signers = await signersOf(tx, open.id);
  const signer = signers.find((s) =>
    s.status !== "signed" && s.status !== "declined" &&
    (s.user_id === actor?.id || s.email === actor?.email?.toLowerCase())
  );
  const accepted = change.action === signable.accept;
  if (signer) {
    await updateSigner(tx, signer.id, {
      status: accepted ? "signed" : "declined",
      signature_name: accepted ? String(after.signature_name ?? signer.name) : null,
      answered_at: change.now,
    });
    await appendEvent(tx, open, {
      kind: accepted ? "signed" : "declined",
      signerId: signer.id,
      at: change.now,
      detail: { in: "portal", user: actor?.id ?? null },
    });
  }
  const everyone = signer && signers.every((s) => s.id === signer.id || s.status === "signed");
  if (accepted && everyone) return await completeRequest(tx, open, change.now);
  await setRequestStatus(tx, open.id, accepted ? "superseded" : "declined", change.now);
  if (accepted) await appendEvent(tx, open, { kind: "superseded", at: change.now });
}
