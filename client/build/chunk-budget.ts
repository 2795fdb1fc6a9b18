/**
 * The JavaScript budget of the build: the first screen's code (the entry chunk and
 * every chunk it imports statically, which the page loads before anything runs) at
 * most 120 KB gzip, and every lazily loaded chunk at most 40 KB gzip. The plugin
 * prints each written chunk's gzipped size and fails the build above a budget.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Gzipped bytes the entry and its static imports may weigh together. */
export const ENTRY_BUDGET_BYTES = 120 * 1024;
/** Gzipped bytes any one lazily loaded chunk may weigh. */
export const LAZY_CHUNK_BUDGET_BYTES = 40 * 1024;

/** What the budget needs of a chunk of the bundle. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  gzipBytes: number;
}

/** The sizes, and what is over budget, in words. */
export interface BudgetReport {
  lines: string[];
  entryBytes: number;
  overBudget: string[];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every chunk's size, the entry's total with its static imports, and what exceeds a budget. */
export function checkChunkBudget(chunks: readonly BuiltChunk[]): BudgetReport {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const firstScreen = new Set<string>();
  (function visit(names: readonly string[]): void {
    for (const name of names) {
      if (firstScreen.has(name) || !byName.has(name)) continue;
      firstScreen.add(name);
      visit(byName.get(name)!.imports);
    }
  })(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const entryBytes = [...firstScreen].reduce((sum, name) => sum + byName.get(name)!.gzipBytes, 0);
  const overBudget: string[] = [];
  if (entryBytes > ENTRY_BUDGET_BYTES) {
    overBudget.push(
      `the first screen's JavaScript (${[...firstScreen].join(", ")}) is ${
        kb(entryBytes)
      } gzip, over its ${kb(ENTRY_BUDGET_BYTES)} budget`,
    );
  }
  for (const chunk of chunks) {
    if (!firstScreen.has(chunk.fileName) && chunk.gzipBytes > LAZY_CHUNK_BUDGET_BYTES) {
      overBudget.push(
        `${chunk.fileName} is ${kb(chunk.gzipBytes)} gzip, over the ${
          kb(LAZY_CHUNK_BUDGET_BYTES)
        } budget of a lazily loaded chunk`,
      );
    }
  }
  const lines = [...chunks]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((chunk) =>
      `${kb(chunk.gzipBytes).padStart(9)}  ${chunk.fileName}${
        firstScreen.has(chunk.fileName) ? "  (first screen)" : ""
      }`
    );
  lines.push(
    `${kb(entryBytes).padStart(9)}  first screen in all (budget ${kb(ENTRY_BUDGET_BYTES)})`,
  );
  return { lines, entryBytes, overBudget };
}

/** The plugin: prints the sizes after each build and fails it above a budget. */
export function chunkBudgetPlugin(): Plugin {
  return {
    name: "opsuite:chunk-budget",
    apply: "build",
    // The files as written: the last plugins still change the chunks' code before then.
    writeBundle(options, bundle) {
      const chunks: BuiltChunk[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks.push({
          fileName: output.fileName,
          isEntry: output.isEntry,
          imports: output.imports,
          gzipBytes: gzipSync(readFileSync(join(options.dir!, output.fileName))).length,
        });
      }
      const report = checkChunkBudget(chunks);
      this.info(`JavaScript, gzip:\n${report.lines.join("\n")}`);
      if (report.overBudget.length > 0) {
        this.error(`JavaScript over budget: ${report.overBudget.join("; ")}`);
      }
    },
  };
}
