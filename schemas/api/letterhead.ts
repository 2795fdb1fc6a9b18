/**
 * An organisation's letterhead: who issues its documents (legal name, address,
 * tax number, logo), how to pay it (bank details, payment instructions) and the
 * language and region its documents write dates and amounts in. Administrators
 * edit it under System Settings; every printed invoice carries it.
 */
import { z } from "zod";
import { nameText } from "./name-text.ts";

/** The languages and regions documents are written in, with their names. */
export const DOCUMENT_LOCALES = [
  { value: "en-US", label: "English (United States)" },
  { value: "en-GB", label: "English (United Kingdom)" },
  { value: "de-DE", label: "Deutsch (Deutschland)" },
  { value: "fr-FR", label: "Français (France)" },
  { value: "nl-NL", label: "Nederlands (Nederland)" },
  { value: "es-ES", label: "Español (España)" },
] as const;

/** A document locale's code (BCP 47). */
export type DocumentLocale = typeof DOCUMENT_LOCALES[number]["value"];

/** The locale of an organisation that never chose one. */
export const DEFAULT_DOCUMENT_LOCALE: DocumentLocale = "en-US";

/** The largest logo, in bytes of the image itself. */
export const LOGO_MAX_BYTES = 200 * 1024;

/** The logo as a data URL, the way the settings form and the printed page carry it. */
export const LOGO_DATA_URL = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+={0,2}$/;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

/** Bank codes and account numbers: letters, digits, spaces and dashes. */
const code = (max: number) =>
  text(max).regex(/^[A-Za-z0-9 -]*$/, "Letters, digits, spaces and dashes only");

/** The letterhead's fields, as stored and as edited. */
export const LetterheadFields = z.object({
  legal_name: nameText({ max: 140 }).describe(
    "printed as the issuer; the organisation's name when empty",
  ),
  address: text(500).describe("one line per line; the organisation's address when empty"),
  tax_number: text(40),
  bank_account_holder: nameText({ max: 140 }),
  bank_account_number: code(40).describe("IBAN or account number"),
  bank_code: code(20).describe("BIC, SWIFT or sort code"),
  bank_name: nameText({ max: 140 }),
  payment_instructions: text(1000),
  logo: z.string().max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 40, "At most 200 KB").regex(
    LOGO_DATA_URL,
    "A PNG or JPEG image",
  ).or(z.literal("")).describe("a PNG or JPEG data URL, or empty for none"),
  locale: z.enum(DOCUMENT_LOCALES.map((l) => l.value) as [DocumentLocale, ...DocumentLocale[]]),
}).strict();
export type LetterheadFields = z.infer<typeof LetterheadFields>;

/**
 * Saves the whole letterhead over the version the editor saw; a field left out is
 * saved empty (a form leaves out the fields it empties).
 */
const F = LetterheadFields.shape;
export const LetterheadRequest = z.object({
  version: z.number().int().nonnegative().describe("0 when the letterhead was never stored"),
  legal_name: F.legal_name.default(""),
  address: F.address.default(""),
  tax_number: F.tax_number.default(""),
  bank_account_holder: F.bank_account_holder.default(""),
  bank_account_number: F.bank_account_number.default(""),
  bank_code: F.bank_code.default(""),
  bank_name: F.bank_name.default(""),
  payment_instructions: F.payment_instructions.default(""),
  logo: F.logo.default(""),
  locale: F.locale.default(DEFAULT_DOCUMENT_LOCALE),
}).strict();

export const LetterheadReadRequest = z.object({}).strict();

/** The stored letterhead with its version (0 and empty fields when never stored). */
export const LetterheadResponse = LetterheadFields.extend({
  version: z.number().int().nonnegative(),
}).strict();
