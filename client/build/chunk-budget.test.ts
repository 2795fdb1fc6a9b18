import { describe, expect, it } from "vitest";
import { checkChunkBudget, ENTRY_BUDGET_BYTES, LAZY_CHUNK_BUDGET_BYTES } from "./chunk-budget.ts";

const chunk = (fileName: string, gzipBytes: number, imports: string[] = [], isEntry = false) => ({
  fileName,
  gzipBytes,
  imports,
  isEntry,
});

describe("the JavaScript budget", () => {
  it("counts the entry with every chunk it imports statically, and passes within budget", () => {
    const report = checkChunkBudget([
      chunk("index.js", 10_000, ["app.js"], true),
      chunk("app.js", 100_000, ["runtime.js"]),
      chunk("runtime.js", 500),
      chunk("table.js", 2_000, ["app.js"]),
    ]);
    expect(report.entryBytes).toBe(110_500);
    expect(report.overBudget).toEqual([]);
    expect(report.lines.at(-1)).toContain("first screen in all");
    expect(report.lines.find((l) => l.includes("table.js"))).not.toContain("first screen");
  });

  it("fails when the first screen's code exceeds its budget", () => {
    const report = checkChunkBudget([
      chunk("index.js", 20_000, ["app.js"], true),
      chunk("app.js", ENTRY_BUDGET_BYTES - 19_999),
    ]);
    expect(report.overBudget).toHaveLength(1);
    expect(report.overBudget[0]).toMatch(/first screen's JavaScript .* over its 120.0 KB budget/);
  });

  it("fails when one lazily loaded chunk exceeds its own budget", () => {
    const report = checkChunkBudget([
      chunk("index.js", 1_000, [], true),
      chunk("report-builder.js", LAZY_CHUNK_BUDGET_BYTES + 1),
    ]);
    expect(report.overBudget).toEqual([
      "report-builder.js is 40.0 KB gzip, over the 40.0 KB budget of a lazily loaded chunk",
    ]);
  });
});
