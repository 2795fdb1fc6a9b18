/**
 * Dates, amounts and numbers as an organisation's documents write them, in its
 * locale (its letterhead's). The texts use only characters the PDF's standard
 * fonts draw (narrow and thin spaces become no-break spaces, the minus sign a
 * hyphen), so the printed page and the PDF show the same text.
 */
import type { DocumentLocale } from "../../../schemas/api/letterhead.ts";

/** How one locale writes a document's values. */
export interface DocumentFormats {
  locale: DocumentLocale;
  /** An amount with its currency: "$4,320.00", "4.320,00 €". */
  money(amount: number, currency: string): string;
  /** A calendar date (`YYYY-MM-DD`): "Dec 11, 2025", "11 Dec 2025". */
  date(isoDate: string): string;
  /** A quantity, up to its two decimals: "1,234.5". */
  number(value: number): string;
  /** A percentage given in percent (10 for 10 %): "10%", "10 %". */
  percent(value: number): string;
}

/** Characters some locales write that the standard PDF fonts cannot draw, and their stand-ins. */
function drawable(text: string): string {
  return text.replace(/[\u202f\u2009\u2007]/g, "\u00a0").replace(/\u2212/g, "-");
}

/** The formats of a locale. */
export function documentFormats(locale: DocumentLocale): DocumentFormats {
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const percents = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
  const dates = new Intl.DateTimeFormat(locale, {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  const currencies = new Map<string, Intl.NumberFormat>();
  return {
    locale,
    money(amount, currency) {
      let format = currencies.get(currency);
      if (!format) {
        try {
          format = new Intl.NumberFormat(locale, { style: "currency", currency });
        } catch {
          // Not an ISO currency code: the amount with the code written beside it.
          format = new Intl.NumberFormat(locale, {
            minimumFractionDigits: 2,
            maximumFractionDigits: 2,
          });
          const plain = format;
          format = {
            format: (n: number) => `${currency} ${plain.format(n)}`.trim(),
          } as Intl.NumberFormat;
        }
        currencies.set(currency, format);
      }
      return drawable(format.format(amount));
    },
    date(isoDate) {
      const day = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
      return Number.isNaN(day.getTime()) ? isoDate : drawable(dates.format(day));
    },
    number: (value) => drawable(numbers.format(value)),
    percent: (value) => drawable(percents.format(value / 100)),
  };
}
