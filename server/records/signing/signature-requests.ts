/**
 * Making a signature request for the current revision of a record: its printed
 * document is rendered to a PDF once, and those exact bytes are stored with their
 * SHA-256, so what is signed is exactly what was hashed. An open request of an
 * earlier revision, or of the same one, is superseded by it. Signers are mailed
 * their links at once (parallel) or the first only (sequential).
 */
import type { Queryable } from "../../db/database.ts";
import { conflict, invalidInput } from "../../platform/errors/app-error.ts";
import { newId } from "../../platform/ids.ts";
import { encodeBase64 } from "../../platform/auth/base64.ts";
import { printedDocumentPdf } from "../../platform/printing/printed-document-pdf.ts";
import { recordPrinter } from "../../areas/mod.ts";
import type { RecordType } from "../define.ts";
import type { RecordData } from "../engine/record-rows.ts";
import { revisionOf, type Signable, type SignerInput } from "./signable.ts";
import { sha256OfBytes } from "./evidence-chain.ts";
import {
  appendEvent,
  requestById,
  type RequestRow,
  requestsOf,
  setRequestStatus,
  signersOf,
} from "./signing-store.ts";
import { mailSigner } from "./signer-mail.ts";

/** What a request is made with. */
export interface NewRequest {
  type: RecordType;
  signable: Signable;
  record: Readonly<RecordData>;
  organizationId: string;
  signers: readonly SignerInput[];
  order: "sequential" | "parallel";
  requestedBy: string;
  now: string;
  publicUrl: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Refuses signers without a name or a valid email, naming the field. */
export function checkSigners(signers: readonly SignerInput[], field = "signers"): void {
  if (signers.length === 0) {
    throw invalidInput("A signature request needs at least one signer", {
      [field]: "Name at least one signer",
    });
  }
  for (const [i, signer] of signers.entries()) {
    if (!signer.email?.trim() || !EMAIL.test(signer.email.trim())) {
      throw invalidInput(`Signer ${i + 1} (${signer.name || "unnamed"}) has no valid email`, {
        [`${field}[${i}].email`]: "An email is needed to send the signing link",
      });
    }
    if (!signer.name?.trim()) {
      throw invalidInput(`Signer ${i + 1} has no name`, { [`${field}[${i}].name`]: "Required" });
    }
  }
}

/** Supersedes the record's open requests (a new revision, or a new request). */
export async function supersedeOpen(
  q: Queryable,
  where: { organizationId: string; type: string; id: string },
  now: string,
): Promise<void> {
  for (const open of (await requestsOf(q, where)).filter((r) => r.status === "pending")) {
    await setRequestStatus(q, open.id, "superseded", now);
    await appendEvent(q, open, { kind: "superseded", at: now });
  }
}

/** Makes the request, stores its PDF and mails its first signers; returns it. */
export async function createSignatureRequest(q: Queryable, input: NewRequest): Promise<RequestRow> {
  checkSigners(input.signers);
  const printer = recordPrinter(input.type.id);
  if (!printer) throw conflict(`${input.type.declaration.plural} do not print: nothing to sign`);
  const recordId = String(input.record.id);
  const where = { organizationId: input.organizationId, type: input.type.id, id: recordId };
  await supersedeOpen(q, where, input.now);
  const before = await requestsOf(q, where);
  const printed = await printer.print(q, {
    organizationId: input.organizationId,
    id: recordId,
    today: input.now.slice(0, 10),
  });
  const bytes = await printedDocumentPdf(printed.document, { issued: printed.issued });
  const id = newId("sig");
  await q.run(
    `INSERT INTO signature_requests
       (id, organization_id, record_type, record_id, record_name, revision, request_seq, signing_order, status,
        file_name, document, pdf, pdf_sha256, requested_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      input.organizationId,
      input.type.id,
      recordId,
      String(input.record.name ?? recordId),
      revisionOf(input.signable, input.record),
      before.length + 1,
      input.order,
      printed.document.file_name,
      JSON.stringify(printed.document),
      encodeBase64(bytes),
      await sha256OfBytes(bytes),
      input.requestedBy,
      input.now,
      input.now,
    ],
  );
  for (const [position, signer] of input.signers.entries()) {
    await q.run(
      `INSERT INTO signature_signers
         (id, request_id, organization_id, position, name, email, user_id, token_hash, status)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'waiting')`,
      [
        newId("sgn"),
        id,
        input.organizationId,
        position + 1,
        signer.name.trim(),
        signer.email.trim().toLowerCase(),
        signer.userId ?? null,
        `unsent:${id}:${position + 1}`,
      ],
    );
  }
  const request = (await requestById(q, input.organizationId, id))!;
  const signers = await signersOf(q, id);
  const first = input.order === "parallel" ? signers : signers.slice(0, 1);
  const options = {
    publicUrl: input.publicUrl,
    label: input.type.declaration.label,
    now: input.now,
  };
  for (const signer of first) await mailSigner(q, request, signer, options);
  return request;
}
