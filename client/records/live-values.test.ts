import { describe, expect, it } from "vitest";
import type { RecordTypeMeta } from "../../schemas/records/meta.ts";
import { withComputed } from "./live-values.ts";

const meta = {
  fields: [
    {
      id: "lines",
      label: "Lines",
      type: "table",
      fields: [
        { id: "quantity", label: "Qty", type: "float" },
        { id: "rate", label: "Rate", type: "currency" },
        { id: "discount_percent", label: "Discount", type: "percent" },
        {
          id: "amount",
          label: "Amount",
          type: "currency",
          computed: true,
          formula: { expression: "quantity * rate * (100 - discount_percent) / 100" },
        },
      ],
    },
    {
      id: "total",
      label: "Total",
      type: "currency",
      computed: true,
      formula: { sum: "lines.amount" },
    },
    { id: "issue", label: "Issue", type: "date" },
    {
      id: "due",
      label: "Due",
      type: "date",
      computed: true,
      formula: { expression: "add_days(issue, 30)" },
    },
  ],
} as unknown as RecordTypeMeta;

describe("withComputed", () => {
  it("computes rows (empty numbers as 0), sums them rounded half away from zero, and dates", () => {
    const values = withComputed(meta, {
      issue: "2026-01-15",
      lines: [{ quantity: 2.5, rate: 10.01 }, { quantity: 3, rate: 19.99, discount_percent: 10 }],
    }, "2026-01-20");
    expect((values.lines as { amount: number }[]).map((l) => l.amount)).toEqual([25.03, 53.97]);
    expect(values.total).toBe(79);
    expect(values.due).toBe("2026-02-14");
  });

  it("keeps the same object when nothing changes", () => {
    const once = withComputed(meta, { issue: null, lines: [] }, "2026-01-20");
    expect(withComputed(meta, once, "2026-01-20")).toBe(once);
  });
});
