/**
 * The months of a finance figure's period. Figures group by the month of a date
 * column (`substr(date, 1, 7)`, `YYYY-MM`, the same on both databases) and answer
 * every month of the period, those without rows at zero.
 */
import { roundMoney } from "../../../../../schemas/money/rounding.ts";

/** A period of whole days, both ends included (`YYYY-MM-DD`). */
export interface Period {
  from: string;
  to: string;
}

/** `YYYY-MM` plus whole months. */
export function monthPlus(month: string, months: number): string {
  const [y, m] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${
    String(index % 12 + 1).padStart(2, "0")
  }`;
}

/** The last `months` whole months up to and including the month of `today`. */
export function lastMonths(today: string, months: number): Period {
  const first = monthPlus(today.slice(0, 7), 1 - months);
  return { from: `${first}-01`, to: today };
}

/** Every month (`YYYY-MM`) the period touches, in order. */
export function monthsOf(period: Period): string[] {
  const months: string[] = [];
  for (let m = period.from.slice(0, 7); m <= period.to.slice(0, 7); m = monthPlus(m, 1)) {
    months.push(m);
  }
  return months;
}

/** A figure read from the database as money: sums of many REAL values drift, so it is rounded to the cent. */
export function money(value: unknown): number {
  return roundMoney(Number(value ?? 0));
}
