/** The changes between two sent revisions, in words (proposal-diff.ts). */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { revisionChanges, revisionChangesText } from "./proposal-diff.ts";

const line = (item: string, quantity: number, rate: number, extra = {}) => ({
  section: "Build",
  item,
  description: "",
  quantity,
  rate,
  discount_percent: 0,
  tax_template: null,
  optional: 0,
  ...extra,
});

Deno.test("a moved line is not a change; removed, added and edited lines are named", () => {
  const before = {
    title: "Shop",
    terms: "Net 30",
    lines: [line("Design", 1, 500), line("Pages", 4, 100), line("Hosting", 1, 50)],
  };
  const after = {
    title: "Shop",
    terms: "Net 14",
    lines: [
      line("Pages", 5, 100),
      line("Design", 1, 500),
      line("Support", 2, 80, { optional: 1, section: "" }),
    ],
  };
  assertEquals(revisionChanges(before, after), [
    "Terms changed",
    "Line Build / Pages: quantity 4 → 5",
    "Added line Support (2 × 80, optional)",
    "Removed line Build / Hosting",
  ]);
});

Deno.test("the first revision has no changes; an identical one says so", () => {
  const content = JSON.stringify({ title: "Shop", lines: [line("Design", 1, 500)] });
  assertEquals(revisionChangesText(null, content), "");
  assertEquals(revisionChangesText(content, content), "Nothing changed");
});
