/**
 * The signed PDF: the stored PDF of the revision, unchanged page for page, with a
 * completion page added (pdf-lib) listing the SHA-256 of the original bytes, each
 * signer and their answer, each evidence event with its time, address and user
 * agent, and the chain's last hash. Characters Helvetica cannot draw become "?".
 */
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import type { ChainedEvent } from "./evidence-chain.ts";
import type { RequestRow, SignerRow } from "./signing-store.ts";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const SIZE = 8.5;
const LINE = 12;

/** The original PDF with the completion page added. */
export async function stampCompletionPage(
  original: Uint8Array,
  evidence: { request: RequestRow; signers: readonly SignerRow[]; events: readonly ChainedEvent[] },
): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(original);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const drawable = new Set(font.getCharacterSet());
  const clean = (text: string) =>
    [...text].map((ch) => drawable.has(ch.codePointAt(0)!) ? ch : "?").join("");
  let page = pdf.addPage(A4);
  let y = A4[1] - MARGIN;
  const write = (text: string, options: { font?: PDFFont; size?: number; grey?: boolean } = {}) => {
    const size = options.size ?? SIZE;
    const used = options.font ?? font;
    const width = A4[0] - 2 * MARGIN;
    let rest = clean(text);
    while (rest.length > 0) {
      let cut = rest.length;
      while (cut > 1 && used.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      if (y < MARGIN) {
        page = pdf.addPage(A4);
        y = A4[1] - MARGIN;
      }
      page.drawText(rest.slice(0, cut), {
        x: MARGIN,
        y,
        size,
        font: used,
        color: options.grey ? rgb(0.38, 0.4, 0.45) : rgb(0, 0, 0),
      });
      y -= size + 3.5;
      rest = rest.slice(cut);
    }
  };
  const { request, signers, events } = evidence;
  write("Signature completion certificate", { font: bold, size: 16 });
  y -= LINE / 2;
  write(`Document: ${request.record_name}, revision ${request.revision} (${request.file_name})`);
  write(`Signature request: ${request.id}, signers ${request.signing_order}`);
  write(`SHA-256 of the document signed: ${request.pdf_sha256}`);
  write(`Completed: ${request.completed_at ?? ""}`);
  y -= LINE / 2;
  write("Signers", { font: bold, size: 11 });
  for (const s of signers) {
    write(
      `${s.position}. ${s.name} <${s.email}> - ${s.status}` +
        (s.signature_name ? `, signed as "${s.signature_name}"` : "") +
        (s.answered_at ? ` at ${s.answered_at}` : ""),
    );
  }
  y -= LINE / 2;
  write("Evidence events (each hash = SHA-256 of the previous hash and the event)", {
    font: bold,
    size: 11,
  });
  for (const e of events) {
    const who = signers.find((s) => s.id === e.signer_id)?.name ?? "-";
    write(`${e.seq}. ${e.kind} - ${who} - ${e.at} - IP ${e.ip} - ${e.user_agent || "no agent"}`);
    write(`   hash ${e.hash}`, { grey: true });
  }
  y -= LINE / 2;
  write(`Last hash of the chain: ${events.at(-1)?.hash ?? ""}`, { font: bold });
  return await pdf.save();
}
