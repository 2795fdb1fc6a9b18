/**
 * A notice's words for one reader. A notice is stored as a template whose
 * `{name}` placeholders name typed values (`params`), so its dates and money are
 * written in the reader's locale when it is read or mailed, never as the ISO
 * dates and bare amounts they are stored as ("Mar 1, 2026", "$17,352.00" for
 * English; "1. März 2026", "17.352,00 $" for German).
 */

/** A value a notice names: text or a number as it is, a calendar day, an amount of money. */
export type NoticeParam =
  | string
  | number
  | { date: string }
  | { money: number; currency: string };

/** The values of a notice's placeholders, by name. */
export type NoticeParams = Readonly<Record<string, NoticeParam>>;

/** The locale each language a person may choose in their preferences writes in. */
const LOCALES: Readonly<Record<string, string>> = { en: "en-US", de: "de-DE", fr: "fr-FR" };

/** The locale people read in when they have chosen no language. */
export const DEFAULT_LOCALE = "en-US";

/** The locale of a preferred language (`en`, `de`, `fr`, or a full tag such as `en-GB`). */
export function localeOf(language: unknown): string {
  if (typeof language !== "string" || language === "") return DEFAULT_LOCALE;
  if (LOCALES[language]) return LOCALES[language];
  try {
    return Intl.getCanonicalLocales(language)[0] ?? DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

/** One value in words, in `locale`. */
export function formatParam(value: NoticeParam, locale: string): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") return new Intl.NumberFormat(locale).format(value);
  if ("date" in value) {
    const day = Date.parse(`${value.date.slice(0, 10)}T00:00:00Z`);
    if (Number.isNaN(day)) return value.date;
    return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(day);
  }
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency: value.currency })
      .format(value.money);
  } catch {
    // A currency code Intl does not know: the amount with its code.
    return `${
      new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(value.money)
    } ${value.currency}`;
  }
}

/**
 * The template with each `{name}` of `params` replaced by its value in words, in
 * one pass (a value that itself holds braces is never read as a placeholder); a
 * placeholder without a value is left as it is.
 */
export function fillNotice(template: string, params: NoticeParams, locale: string): string {
  return template.replace(
    /\{([a-z_][a-z0-9_]*)\}/gi,
    (whole, name: string) =>
      Object.hasOwn(params, name) ? formatParam(params[name], locale) : whole,
  );
}

/** The stored params of a notice (JSON), or none when there are none or they do not parse. */
export function parseParams(stored: string): NoticeParams {
  if (stored === "") return {};
  try {
    const parsed = JSON.parse(stored);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? parsed : {};
  } catch {
    return {};
  }
}
