/**
 * The gzipped size of the JavaScript a browser loads for `/login` and for
 * `/app/dashboard`: the entry chunk and its static imports from the Vite manifest,
 * plus the lazy chunks those screens pull in (the widget types their descriptors
 * use). Budget: 150 KB gzip each. `--check` exits non-zero over budget.
 */
import { gzipSync } from "node:zlib";

const BUDGET_BYTES = 150 * 1024;
const dist = new URL("../../client/dist/", import.meta.url);

interface Chunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  src?: string;
  name?: string;
}

const manifest: Record<string, Chunk> = JSON.parse(
  await Deno.readTextFile(new URL(".vite/manifest.json", dist)),
);

function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

async function gzipSize(keys: Set<string>): Promise<number> {
  let total = 0;
  for (const key of keys) {
    total += gzipSync(await Deno.readFile(new URL(manifest[key].file, dist))).length;
  }
  return total;
}

/** Lazy chunks whose source path names one of the widget types. */
function widgetChunks(types: string[]): string[] {
  return Object.keys(manifest).filter((key) => types.some((t) => key.endsWith(`widgets/${t}.tsx`)));
}

const entry = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const screens: Record<string, string[]> = {
  "/login": ["page", "form", "link", "stack"],
  "/app/dashboard": ["page", "grid", "stat", "card", "table", "list", "stack"],
};
let over = false;
for (const [path, widgets] of Object.entries(screens)) {
  const size = await gzipSize(staticClosure([...entry, ...widgetChunks(widgets)]));
  over ||= size > BUDGET_BYTES;
  console.log(`${path}: ${(size / 1024).toFixed(1)} KB gzip of JavaScript (budget 150 KB)`);
}
if (Deno.args.includes("--check") && over) {
  console.error("Over the 150 KB budget");
  Deno.exit(1);
}
