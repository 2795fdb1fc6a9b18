/**
 * Checking a PDF against the stored requests: its SHA-256 names the request whose
 * original PDF (the revision as rendered when the request was made) or signed PDF
 * (with its completion page) it is, byte for byte, and the request's event chain
 * is checked afresh. Any other bytes are found nowhere. Holding the PDF is what
 * lets one ask: the answer names the record and the request, nothing more.
 */
import type { Queryable } from "../../db/database.ts";
import { chainVerifies, sha256OfBytes } from "./evidence-chain.ts";
import { eventsOf, requestByPdfHash } from "./signing-store.ts";

/** What a PDF is, if it is one of the stored ones. */
export async function verifyPdf(q: Queryable, bytes: Uint8Array) {
  const sha256 = await sha256OfBytes(bytes);
  const request = await requestByPdfHash(q, sha256);
  if (!request) return { found: false as const, sha256 };
  return {
    found: true as const,
    sha256,
    record_type: request.record_type,
    record_id: request.record_id,
    record_name: request.record_name,
    revision: request.revision,
    request_id: request.id,
    request_status: request.status,
    pdf: request.pdf_sha256 === sha256 ? "original" as const : "signed" as const,
    chain_verifies: await chainVerifies(await eventsOf(q, request.id)),
  };
}
