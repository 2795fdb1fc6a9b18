/**
 * Mailing a signer their one-time link, `${PUBLIC_URL}/sign/<token>`: a fresh
 * random token whose SHA-256 alone is stored (so a leaked table opens nothing),
 * the mail queued in the outbox in the same transaction, and a `sent` event.
 */
import type { Queryable } from "../../db/database.ts";
import { enqueueMail } from "../../platform/mail/outbox.ts";
import { encodeBase64Url } from "../../platform/auth/base64.ts";
import { sha256OfBytes } from "./evidence-chain.ts";
import { appendEvent, type RequestRow, type SignerRow, updateSigner } from "./signing-store.ts";

/** The SHA-256 of a link's token, as stored. */
export async function tokenHash(token: string): Promise<string> {
  return await sha256OfBytes(new TextEncoder().encode(token));
}

/** Mails a signer a new link to the request and records it. */
export async function mailSigner(
  q: Queryable,
  request: RequestRow,
  signer: SignerRow,
  options: { publicUrl: string; label: string; now: string },
): Promise<void> {
  const token = encodeBase64Url(crypto.getRandomValues(new Uint8Array(32)));
  await updateSigner(q, signer.id, {
    token_hash: await tokenHash(token),
    status: "mailed",
    mailed_at: options.now,
  });
  const link = `${options.publicUrl.replace(/\/+$/, "")}/sign/${token}`;
  const what = `${options.label} ${request.record_name}`;
  await enqueueMail(q, {
    organizationId: request.organization_id,
    to: signer.email,
    subject: `Please review and sign ${what}`,
    text: [
      `Hello ${signer.name},`,
      "",
      `You are asked to review and sign ${what} (revision ${request.revision}).`,
      `Open this link to read it and sign or decline: ${link}`,
      "",
      "The link is yours alone and works once.",
    ].join("\n"),
    kind: "signature_request",
  }, options.now);
  await appendEvent(q, request, {
    kind: "sent",
    signerId: signer.id,
    at: options.now,
    detail: { to: signer.email },
  });
}
