/**
 * Ending a request: completed once every signer signed (the `completed` event,
 * then the signed PDF stamped with the whole chain and stored with its SHA-256),
 * or declined by one signer. Whoever answered last ends it, under the request's
 * row lock, so it ends once.
 */
import type { Queryable } from "../../db/database.ts";
import { decodeBase64, encodeBase64 } from "../../platform/auth/base64.ts";
import { sha256OfBytes } from "./evidence-chain.ts";
import { stampCompletionPage } from "./completion-page.ts";
import {
  appendEvent,
  eventsOf,
  requestById,
  requestPdf,
  type RequestRow,
  setRequestStatus,
  signersOf,
  storeSignedPdf,
} from "./signing-store.ts";

/** Completes the request: the event, then the signed PDF. */
export async function completeRequest(
  q: Queryable,
  request: RequestRow,
  now: string,
): Promise<void> {
  await setRequestStatus(q, request.id, "completed", now);
  const signers = await signersOf(q, request.id);
  await appendEvent(q, request, {
    kind: "completed",
    at: now,
    detail: { signers: signers.map((s) => s.signature_name ?? s.name) },
  });
  const original = decodeBase64((await requestPdf(q, request.id, "original"))!);
  const done = (await requestById(q, request.organization_id, request.id))!;
  const signed = await stampCompletionPage(original, {
    request: done,
    signers,
    events: await eventsOf(q, request.id),
  });
  await storeSignedPdf(q, request.id, {
    base64: encodeBase64(signed),
    sha256: await sha256OfBytes(signed),
  });
}

/** Ends the request as declined. */
export async function declineRequest(
  q: Queryable,
  request: RequestRow,
  now: string,
): Promise<void> {
  await setRequestStatus(q, request.id, "declined", now);
}
