/**
 * The forms of a person's or company's contact details that duplicates are
 * compared by: an email as the mailbox it delivers to, a phone as its digits, a
 * name or company folded to lower-case letters and digits without accents,
 * punctuation or (for a company) its legal form. Nothing here is stored; the
 * record keeps what was typed.
 */

/** Mail providers that ignore dots in the local part, with the domain they all deliver to. */
const DOT_BLIND_DOMAINS: Readonly<Record<string, string>> = {
  "gmail.com": "gmail.com",
  "googlemail.com": "gmail.com",
};

/** Legal forms dropped from the end of a company's name ("Acme Ltd" is "Acme"). */
const LEGAL_FORMS = new Set([
  "ab",
  "ag",
  "as",
  "bv",
  "co",
  "company",
  "corp",
  "corporation",
  "gmbh",
  "inc",
  "incorporated",
  "kg",
  "limited",
  "llc",
  "llp",
  "ltd",
  "nv",
  "oy",
  "plc",
  "pty",
  "sa",
  "sarl",
  "sas",
  "spa",
  "srl",
]);

/**
 * An email lower-cased, without a `+tag` (every common provider delivers
 * `ann+news@x.com` to `ann@x.com`), and for Gmail without dots in the local part
 * and on one domain. Empty when it has no `@`.
 */
export function normaliseEmail(raw: string | null | undefined): string {
  const email = (raw ?? "").trim().toLowerCase();
  const at = email.lastIndexOf("@");
  if (at <= 0 || at === email.length - 1) return "";
  let local = email.slice(0, at);
  let domain = email.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  const dotBlind = DOT_BLIND_DOMAINS[domain];
  if (dotBlind) {
    local = local.replaceAll(".", "");
    domain = dotBlind;
  }
  return `${local}@${domain}`;
}

/** How a phone number is normalised. */
export interface PhoneOptions {
  /** The organisation's country calling code (`44`): a national number written with a trunk `0` gets it. */
  countryCode?: string;
}

/**
 * A phone number as its digits, E.164-like when it can tell: `+44 20 7946 0000`
 * and `0044 20 7946 0000` are `442079460000`, and with country code 44 so is
 * `020 7946 0000`. Without a country code a national number stays as its digits.
 */
export function normalisePhone(raw: string | null | undefined, options: PhoneOptions = {}): string {
  const text = (raw ?? "").trim();
  const digits = text.replace(/\D/g, "");
  if (!digits) return "";
  if (text.startsWith("+")) return digits;
  if (digits.startsWith("00")) return digits.slice(2);
  const cc = options.countryCode?.replace(/\D/g, "");
  if (cc && digits.startsWith("0") && !digits.startsWith("00")) return cc + digits.slice(1);
  return digits;
}

/** Text lower-cased, accents removed, anything but letters and digits turned to single spaces. */
export function foldText(raw: string | null | undefined): string {
  return (raw ?? "")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replaceAll("ß", "ss")
    .replaceAll("&", " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** A person's name folded (`"José  O'Neil"` is `"jose o neil"`). */
export function normaliseName(raw: string | null | undefined): string {
  return foldText(raw);
}

/** A company's name folded and without its legal forms at the end (`"Acme Widgets, Ltd."` is `"acme widgets"`). */
export function normaliseCompany(raw: string | null | undefined): string {
  const tokens = foldText(raw).split(" ").filter(Boolean);
  // "& Co." folds to "and co": the "and" left at the end goes with the legal form.
  while (tokens.length > 1 && (LEGAL_FORMS.has(tokens.at(-1)!) || tokens.at(-1) === "and")) {
    tokens.pop();
  }
  return tokens.join(" ");
}
