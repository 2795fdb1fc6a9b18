/**
 * The SQL of signature requests, their signers and their evidence events: the one
 * place their tables are read and written. Appending an event first touches its
 * request's row, so on PostgreSQL two answers to one request take turns (the row
 * lock) and the chain stays one line; SQLite's single writer does that by itself.
 */
import type { Queryable } from "../../db/database.ts";
import { type ChainedEvent, eventHash, GENESIS_HASH } from "./evidence-chain.ts";
import { currentEvidence } from "./request-evidence.ts";

/** A stored signature request (without its PDFs' bytes). */
export interface RequestRow {
  id: string;
  organization_id: string;
  record_type: string;
  record_id: string;
  record_name: string;
  revision: number;
  signing_order: "sequential" | "parallel";
  status: "pending" | "completed" | "declined" | "superseded";
  file_name: string;
  pdf_sha256: string;
  signed_pdf_sha256: string | null;
  requested_by: string;
  created_at: string;
  completed_at: string | null;
}

/** A stored signer. */
export interface SignerRow {
  id: string;
  request_id: string;
  organization_id: string;
  position: number;
  name: string;
  email: string;
  user_id: string | null;
  status: "waiting" | "mailed" | "signed" | "declined";
  signature_name: string | null;
  choices: string | null;
  reason: string | null;
  mailed_at: string | null;
  answered_at: string | null;
}

const REQUEST_COLUMNS =
  "id, organization_id, record_type, record_id, record_name, revision, signing_order, status, file_name, pdf_sha256, signed_pdf_sha256, requested_by, created_at, completed_at";

/** One request by id in an organisation. */
export function requestById(
  q: Queryable,
  organizationId: string,
  id: string,
): Promise<RequestRow | undefined> {
  return q.get<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM signature_requests WHERE organization_id = ? AND id = ?`,
    [organizationId, id],
  );
}

/** The requests of a record, newest first. */
export function requestsOf(
  q: Queryable,
  where: { organizationId: string; type: string; id: string },
): Promise<RequestRow[]> {
  return q.all<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM signature_requests
      WHERE organization_id = ? AND record_type = ? AND record_id = ?
      ORDER BY request_seq DESC`,
    [where.organizationId, where.type, where.id],
  );
}

/** The request whose original or signed PDF has this SHA-256. */
export function requestByPdfHash(q: Queryable, hash: string): Promise<RequestRow | undefined> {
  return q.get<RequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM signature_requests
      WHERE pdf_sha256 = ? OR signed_pdf_sha256 = ? ORDER BY created_at LIMIT 1`,
    [hash, hash],
  );
}

/** A request's stored PDF: the original, or the signed one once completed. */
export async function requestPdf(
  q: Queryable,
  id: string,
  which: "original" | "signed",
): Promise<string | null> {
  const row = await q.get<{ pdf: string; signed_pdf: string | null }>(
    "SELECT pdf, signed_pdf FROM signature_requests WHERE id = ?",
    [id],
  );
  if (!row) return null;
  return which === "original" ? row.pdf : row.signed_pdf;
}

/** The printed document stored with a request, as JSON text. */
export async function requestDocument(q: Queryable, id: string): Promise<string> {
  const row = await q.get<{ document: string }>(
    "SELECT document FROM signature_requests WHERE id = ?",
    [id],
  );
  return row?.document ?? "null";
}

/** The signers of a request, in order. */
export function signersOf(q: Queryable, requestId: string): Promise<SignerRow[]> {
  return q.all<SignerRow>(
    "SELECT * FROM signature_signers WHERE request_id = ? ORDER BY position",
    [requestId],
  );
}

/** The signer holding a link's token (by its SHA-256). */
export function signerByTokenHash(q: Queryable, hash: string): Promise<SignerRow | undefined> {
  return q.get<SignerRow>("SELECT * FROM signature_signers WHERE token_hash = ?", [hash]);
}

/** The events of a request, in order. */
export function eventsOf(q: Queryable, requestId: string): Promise<ChainedEvent[]> {
  return q.all<ChainedEvent>(
    `SELECT request_id, seq, signer_id, kind, at, ip, user_agent, detail, prev_hash, hash
       FROM signature_events WHERE request_id = ? ORDER BY seq`,
    [requestId],
  );
}

/** Takes the request's row lock (PostgreSQL): its answers and events take turns. */
export async function lockRequest(q: Queryable, id: string, now: string): Promise<void> {
  await q.run("UPDATE signature_requests SET updated_at = ? WHERE id = ?", [now, id]);
}

/** Appends an event to a request's chain, with the current request's evidence. */
export async function appendEvent(
  q: Queryable,
  request: { id: string; organization_id: string },
  event: { kind: string; signerId?: string | null; at: string; detail?: Record<string, unknown> },
): Promise<ChainedEvent> {
  await lockRequest(q, request.id, event.at);
  const last = await q.get<{ seq: number; hash: string }>(
    "SELECT seq, hash FROM signature_events WHERE request_id = ? ORDER BY seq DESC LIMIT 1",
    [request.id],
  );
  const evidence = currentEvidence();
  const body = {
    request_id: request.id,
    seq: Number(last?.seq ?? 0) + 1,
    signer_id: event.signerId ?? null,
    kind: event.kind,
    at: event.at,
    ip: evidence.ip,
    user_agent: evidence.userAgent,
    detail: JSON.stringify(event.detail ?? {}),
  };
  const prev = last?.hash ?? GENESIS_HASH;
  const chained = { ...body, prev_hash: prev, hash: await eventHash(prev, body) };
  await q.run(
    `INSERT INTO signature_events
       (request_id, seq, organization_id, signer_id, kind, at, ip, user_agent, detail, prev_hash, hash)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      chained.request_id,
      chained.seq,
      request.organization_id,
      chained.signer_id,
      chained.kind,
      chained.at,
      chained.ip,
      chained.user_agent,
      chained.detail,
      chained.prev_hash,
      chained.hash,
    ],
  );
  return chained;
}

/** Sets a request's status (and its completion time when it ends). */
export async function setRequestStatus(
  q: Queryable,
  id: string,
  status: RequestRow["status"],
  now: string,
): Promise<void> {
  await q.run(
    "UPDATE signature_requests SET status = ?, updated_at = ?, completed_at = ? WHERE id = ?",
    [status, now, status === "pending" ? null : now, id],
  );
}

/** Stores the signed PDF of a completed request. */
export async function storeSignedPdf(
  q: Queryable,
  id: string,
  pdf: { base64: string; sha256: string },
): Promise<void> {
  await q.run(
    "UPDATE signature_requests SET signed_pdf = ?, signed_pdf_sha256 = ? WHERE id = ?",
    [pdf.base64, pdf.sha256, id],
  );
}

/** Records a signer's answer or mailing. */
export async function updateSigner(
  q: Queryable,
  id: string,
  values: Partial<Omit<SignerRow, "id" | "request_id" | "organization_id">> & {
    token_hash?: string;
  },
): Promise<void> {
  const keys = Object.keys(values);
  await q.run(
    `UPDATE signature_signers SET ${keys.map((k) => `${k} = ?`).join(", ")} WHERE id = ?`,
    [...keys.map((k) => (values as Record<string, string | number | null>)[k]), id],
  );
}
