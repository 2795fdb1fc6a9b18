/**
 * What a signer does with their link: opens the document (the first opening is
 * an `opened` event), signs it by typing their full name (picking optional parts
 * offered), or declines it with a reason. Each answer is checked before anything
 * is stored, runs under the request's row lock, and uses the link up. When the
 * last signer signs, the record's accept action is taken with the names typed and
 * the picks (so what accepting makes is made once, under the record's lock); a
 * decline takes its decline action with the reason. In order, the next signer is
 * mailed only once the one before has signed.
 */
import type { Queryable } from "../../db/database.ts";
import { AppError, conflict, invalidInput } from "../../platform/errors/app-error.ts";
import { loadRecord } from "../engine/record-store.ts";
import { takeActionIn } from "../engine/record-actions.ts";
import type { RecordData } from "../engine/record-rows.ts";
import type { Signable, SigningChoice } from "./signable.ts";
import {
  appendEvent,
  eventsOf,
  requestById,
  type RequestRow,
  signerByTokenHash,
  type SignerRow,
  signersOf,
  updateSigner,
} from "./signing-store.ts";
import { tokenHash } from "./signer-mail.ts";
import { mailSigner } from "./signer-mail.ts";
import { actingStaff, nowOf, type SigningContext, typeOfRequest } from "./signing-context.ts";
import { completeRequest, declineRequest } from "./request-completion.ts";

/** The answer to an unknown link. */
export const UNKNOWN_LINK = "This signing link is not valid: ask the sender for a new one";
/** The answer to a link already used. */
export const USED_LINK = "This link has already been used";

/** The signer and request a link opens, or a 404 saying the link is not valid. */
export async function opened(q: Queryable, token: string) {
  const signer = token.length >= 20 && token.length <= 200
    ? await signerByTokenHash(q, await tokenHash(token))
    : undefined;
  const request = signer && await requestById(q, signer.organization_id, signer.request_id);
  if (!signer || !request) throw new AppError(404, "not_found", UNKNOWN_LINK);
  return { signer, request };
}

/** The record a request signs, as stored now. */
async function recordOf(q: Queryable, ctx: SigningContext, request: RequestRow) {
  const { type, signable } = typeOfRequest(ctx, request);
  const record = await loadRecord(q, type, request.organization_id, request.record_id);
  if (!record) throw new AppError(404, "not_found", UNKNOWN_LINK);
  return { type, signable, record };
}

/** The optional parts the signer may pick. */
async function choicesOf(
  q: Queryable,
  signable: Signable,
  request: RequestRow,
  record: RecordData,
): Promise<SigningChoice[]> {
  return await signable.choices?.(q, { organizationId: request.organization_id, record }) ?? [];
}

/** What the signer is told about where their link stands. */
function standing(request: RequestRow, signer: SignerRow): string {
  if (signer.status === "signed") return `You signed this on ${signer.answered_at?.slice(0, 10)}.`;
  if (signer.status === "declined") {
    return `You declined this on ${signer.answered_at?.slice(0, 10)}.`;
  }
  if (request.status === "superseded") {
    return "This document was replaced by a newer revision: use the newest link you were sent.";
  }
  if (request.status === "declined") return "Another signer declined this document.";
  if (request.status === "completed") return "This document is signed by everyone.";
  return "";
}

/** The signing page's data: the request, the signer, the offered picks and the document. */
export async function viewByLink(ctx: SigningContext, token: string) {
  return await ctx.engine.db.transaction(async (tx) => {
    const { signer, request } = await opened(tx, token);
    const { type, signable, record } = await recordOf(tx, ctx, request);
    const open = request.status === "pending" && signer.status === "mailed";
    if (open) {
      const events = await eventsOf(tx, request.id);
      if (!events.some((e) => e.kind === "opened" && e.signer_id === signer.id)) {
        await appendEvent(tx, request, { kind: "opened", signerId: signer.id, at: nowOf(ctx) });
      }
    }
    const document = JSON.parse(
      (await tx.get<{ document: string }>(
        "SELECT document FROM signature_requests WHERE id = ?",
        [request.id],
      ))!.document,
    );
    return {
      signing: {
        label: type.declaration.label,
        name: request.record_name,
        revision: request.revision,
        signer_name: signer.name,
        status: signer.status === "mailed" ? request.status : signer.status,
        open,
        answer: standing(request, signer),
        optional_lines: open ? await choicesOf(tx, signable, request, record) : [],
        pdf_sha256: request.pdf_sha256,
      },
      document,
    };
  });
}

/** The signer's link, checked as open for an answer, under the request's lock. */
async function answerable(tx: Queryable, ctx: SigningContext, token: string) {
  const first = await opened(tx, token);
  await tx.run("UPDATE signature_requests SET updated_at = updated_at WHERE id = ?", [
    first.request.id,
  ]);
  const { signer, request } = await opened(tx, token);
  if (signer.status === "signed" || signer.status === "declined") throw conflict(USED_LINK);
  if (request.status !== "pending") {
    throw conflict(`This signature request is no longer open: it is ${request.status}`);
  }
  const signers = await signersOf(tx, request.id);
  if (
    request.signing_order === "sequential" &&
    signers.some((s) => s.position < signer.position && s.status !== "signed")
  ) {
    throw conflict("The signers before you have not signed yet");
  }
  return { signer, request, signers, ...(await recordOf(tx, ctx, request)) };
}

/** Signs with the typed full name and the picks; answers where the request stands. */
export async function signByLink(
  ctx: SigningContext,
  token: string,
  answer: { signature_name: string; choices?: readonly string[] },
): Promise<{ status: string; answer: string }> {
  const name = answer.signature_name.trim();
  if (!name) throw invalidInput("Type your full name to sign", { signature_name: "Required" });
  const choices = [...new Set(answer.choices ?? [])];
  return await ctx.engine.db.transaction(async (tx) => {
    const now = nowOf(ctx);
    const { signer, request, signers, type, signable, record } = await answerable(tx, ctx, token);
    const offered = new Set(
      (await choicesOf(tx, signable, request, record)).map((c) => c.value),
    );
    const unknown = choices.filter((c) => !offered.has(c));
    if (unknown.length > 0) {
      throw invalidInput(`Only the optional lines offered may be picked: ${unknown.join(", ")}`, {
        choices: "Not an optional line of this document",
      });
    }
    await updateSigner(tx, signer.id, {
      status: "signed",
      signature_name: name,
      choices: JSON.stringify(choices),
      answered_at: now,
    });
    await appendEvent(tx, request, {
      kind: "signed",
      signerId: signer.id,
      at: now,
      detail: { signature_name: name, choices },
    });
    const rest = signers.filter((s) => s.id !== signer.id && s.status !== "signed");
    if (rest.length === 0) {
      await completeRequest(tx, request, now);
      const names = [
        ...signers.filter((s) => s.id !== signer.id).map((s) => s.signature_name),
        name,
      ]
        .join(", ").slice(0, 140);
      await takeActionIn(ctx.engine, tx, await actingStaff(tx, signable, { record, request }), {
        typeId: type.id,
        id: request.record_id,
        action: signable.accept,
        version: record.version as number,
        // Taken as the firm's side; the comment and the evidence say who signed.
        comment: `Signed by ${names} through their signing links`,
        signature_name: names,
        choices,
      });
      return {
        status: "completed",
        answer: "Thank you: you signed, and the document is complete.",
      };
    }
    if (request.signing_order === "sequential") {
      const next = rest.sort((a, b) => a.position - b.position)[0];
      if (next.status === "waiting") {
        await mailSigner(tx, request, next, {
          publicUrl: ctx.engine.publicUrl,
          label: type.declaration.label,
          now,
        });
      }
    }
    return { status: "signed", answer: "Thank you: you signed. The other signers are asked next." };
  });
}

/** Declines with a reason: the request ends and the record's decline action is taken. */
export async function declineByLink(
  ctx: SigningContext,
  token: string,
  answer: { reason: string },
): Promise<{ status: string; answer: string }> {
  const reason = answer.reason.trim();
  if (!reason) throw invalidInput("Say why you decline", { reason: "Required" });
  return await ctx.engine.db.transaction(async (tx) => {
    const now = nowOf(ctx);
    const { signer, request, type, signable, record } = await answerable(tx, ctx, token);
    await updateSigner(tx, signer.id, { status: "declined", reason, answered_at: now });
    await appendEvent(tx, request, {
      kind: "declined",
      signerId: signer.id,
      at: now,
      detail: { reason },
    });
    await declineRequest(tx, request, now);
    await takeDecline(tx, ctx, {
      request,
      record,
      reason,
      type: type.id,
      action: signable.decline,
    });
    return { status: "declined", answer: "You declined. The sender has been told why." };
  });
}

async function takeDecline(
  tx: Queryable,
  ctx: SigningContext,
  what: { request: RequestRow; record: RecordData; reason: string; type: string; action: string },
): Promise<void> {
  const signable = ctx.signables.get(what.type)!;
  await takeActionIn(ctx.engine, tx, await actingStaff(tx, signable, what), {
    typeId: what.type,
    id: what.request.record_id,
    action: what.action,
    version: what.record.version as number,
    comment: `Declined through the signing link: ${what.reason}`.slice(0, 2000),
  });
}
