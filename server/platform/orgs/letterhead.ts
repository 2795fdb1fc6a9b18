/**
 * The organisation's letterhead (schemas/api/letterhead.ts), kept as one row of
 * its settings: read by whatever prints a document for it, and changed by an
 * administrator over the version they saw (a stale version is 409 and changes
 * nothing), audited with what changed. A logo must be a PNG or JPEG image the
 * PDF writer can draw, so a document never fails to print because of it.
 */
import { PDFDocument } from "pdf-lib";
import {
  DEFAULT_DOCUMENT_LOCALE,
  type LetterheadFields,
  LOGO_MAX_BYTES,
} from "../../../schemas/api/letterhead.ts";
import type { Queryable, Reader } from "../../db/database.ts";
import { recordAudit } from "../audit/record.ts";
import { conflict, invalidInput } from "../errors/app-error.ts";
import { decodeBase64 } from "../auth/base64.ts";

/** The settings key holding the letterhead. */
export const LETTERHEAD_KEY = "letterhead";

/** A letterhead nobody filled in: documents fall back to the organisation's own name and address. */
export const EMPTY_LETTERHEAD: LetterheadFields = {
  legal_name: "",
  address: "",
  tax_number: "",
  bank_account_holder: "",
  bank_account_number: "",
  bank_code: "",
  bank_name: "",
  payment_instructions: "",
  logo: "",
  locale: DEFAULT_DOCUMENT_LOCALE,
};

/** The stored letterhead with its version (0 when never stored). */
export async function readLetterhead(
  q: Reader,
  organizationId: string,
): Promise<LetterheadFields & { version: number }> {
  const row = await q.get<{ value: string; version: number }>(
    "SELECT value, version FROM settings WHERE organization_id = ? AND key = ?",
    [organizationId, LETTERHEAD_KEY],
  );
  if (!row) return { ...EMPTY_LETTERHEAD, version: 0 };
  const stored = JSON.parse(row.value) as Partial<LetterheadFields>;
  return { ...EMPTY_LETTERHEAD, ...stored, version: row.version };
}

/** The image bytes of a logo data URL (validated by the request schema). */
export function logoBytes(logo: string): { type: "png" | "jpeg"; bytes: Uint8Array } | null {
  const match = /^data:image\/(png|jpeg);base64,(.*)$/.exec(logo);
  if (!match) return null;
  return { type: match[1] as "png" | "jpeg", bytes: decodeBase64(match[2]) };
}

/** Refuses a logo that is too large or that the PDF writer cannot draw. */
async function checkLogo(logo: string): Promise<void> {
  if (logo === "") return;
  const image = logoBytes(logo);
  const refuse = (message: string) => invalidInput(`Logo: ${message}`, { logo: message });
  if (!image) throw refuse("A PNG or JPEG image");
  if (image.bytes.length > LOGO_MAX_BYTES) throw refuse("At most 200 KB");
  try {
    const pdf = await PDFDocument.create();
    await (image.type === "png" ? pdf.embedPng(image.bytes) : pdf.embedJpg(image.bytes));
  } catch {
    throw refuse(`The file is not a readable ${image.type === "png" ? "PNG" : "JPEG"} image`);
  }
}

/** What the audit keeps of a logo: its kind and size, not its bytes. */
function auditedLogo(logo: string): string {
  const image = logoBytes(logo);
  return image
    ? `${image.type.toUpperCase()} image, ${Math.ceil(image.bytes.length / 1024)} KB`
    : "";
}

/** Stores the letterhead over `version` (0: never stored); answers the new version. */
export async function saveLetterhead(
  q: Queryable,
  input: LetterheadFields & { version: number },
  who: { organizationId: string; actorId: string | null; requestId?: string; now: string },
): Promise<LetterheadFields & { version: number }> {
  const { version, ...fields } = input;
  await checkLogo(fields.logo);
  const before = await readLetterhead(q, who.organizationId);
  const stale = () =>
    conflict(
      `The letterhead was changed by someone else (version ${before.version}, not ${version})`,
      { current_version: before.version },
    );
  if (before.version !== version) throw stale();
  const value = JSON.stringify(fields);
  // The write itself decides between two saves made against the same version.
  const written = version === 0
    ? await q.run(
      `INSERT INTO settings (organization_id, key, value, version, updated_at) VALUES (?, ?, ?, 1, ?)
       ON CONFLICT (organization_id, key) DO NOTHING`,
      [who.organizationId, LETTERHEAD_KEY, value, who.now],
    )
    : await q.run(
      `UPDATE settings SET value = ?, version = version + 1, updated_at = ?
        WHERE organization_id = ? AND key = ? AND version = ?`,
      [value, who.now, who.organizationId, LETTERHEAD_KEY, version],
    );
  if (written.changes !== 1) throw stale();
  const { version: _v, ...old } = before;
  const changed = (Object.keys(fields) as (keyof LetterheadFields)[])
    .filter((key) => old[key] !== fields[key]);
  const shown = (values: LetterheadFields, key: keyof LetterheadFields) =>
    key === "logo" ? auditedLogo(values.logo) : values[key];
  await recordAudit(q, {
    organizationId: who.organizationId,
    actorId: who.actorId,
    action: "setting.update",
    resourceType: "setting",
    resourceId: LETTERHEAD_KEY,
    before: Object.fromEntries(changed.map((key) => [key, shown(old, key)])),
    after: Object.fromEntries(changed.map((key) => [key, shown(fields, key)])),
    requestId: who.requestId,
    now: who.now,
  });
  return { ...fields, version: version + 1 };
}
