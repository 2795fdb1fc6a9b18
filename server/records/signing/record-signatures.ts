/**
 * A record's signature requests as its form shows them: each request with its
 * signers and their answers, its evidence events (whose signer, time, address and
 * agent) and whether the chain verifies now, newest first; and the signers and
 * events of all of them as flat lists, for tables.
 */
import type { Queryable } from "../../db/database.ts";
import { chainVerifies } from "./evidence-chain.ts";
import { eventsOf, requestsOf, signersOf } from "./signing-store.ts";

/** The record's requests, signers and events. */
export async function recordSignatures(
  q: Queryable,
  where: { organizationId: string; type: string; id: string },
) {
  const requests = [];
  for (const r of await requestsOf(q, where)) {
    const signers = await signersOf(q, r.id);
    const events = await eventsOf(q, r.id);
    const verifies = await chainVerifies(events);
    const nameOf = (id: string | null) => signers.find((s) => s.id === id)?.name ?? "";
    requests.push({
      id: r.id,
      record_id: r.record_id,
      revision: r.revision,
      order: r.signing_order,
      status: r.status,
      created_at: r.created_at,
      completed_at: r.completed_at,
      pdf_sha256: r.pdf_sha256,
      signed_pdf_sha256: r.signed_pdf_sha256,
      chain_verifies: verifies,
      chain: verifies ? "Verifies" : "Broken: an event was altered",
      signers: signers.map((s) => ({
        id: s.id,
        position: s.position,
        name: s.name,
        email: s.email,
        status: s.status,
        signature_name: s.signature_name,
        reason: s.reason,
        answered_at: s.answered_at,
      })),
      events: events.map((e) => ({
        seq: e.seq,
        kind: e.kind,
        signer: nameOf(e.signer_id),
        at: e.at,
        ip: e.ip,
        user_agent: e.user_agent,
        hash: e.hash,
      })),
    });
  }
  const events = requests.flatMap((r) =>
    r.events.map((e) => ({ ...e, request: r.id, revision: r.revision }))
  );
  const signers = requests.flatMap((r) => r.signers.map((x) => ({ ...x, revision: r.revision })));
  return { requests, signers, events };
}
