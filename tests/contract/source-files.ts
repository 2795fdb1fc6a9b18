/**
 * The product's source files (server, client, schemas; tests left out) line by
 * line, for contract tests that refuse a pattern everywhere but in the one module
 * that owns it.
 */

const ROOT = new URL("../../", import.meta.url).pathname;
const FOLDERS = ["server", "client", "schemas"];

async function* sourcePaths(folder: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(`${ROOT}${folder}`)) {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory && entry.name !== "node_modules" && entry.name !== "dist") {
      yield* sourcePaths(path);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

/** `path:line: text` of every source line matching one of `patterns`, outside `owner`. */
export async function linesMatching(patterns: readonly RegExp[], owner: string): Promise<string[]> {
  const found: string[] = [];
  for (const folder of FOLDERS) {
    for await (const path of sourcePaths(folder)) {
      if (path === owner) continue;
      const lines = (await Deno.readTextFile(`${ROOT}${path}`)).split("\n");
      lines.forEach((line, i) => {
        if (patterns.some((pattern) => pattern.test(line))) {
          found.push(`${path}:${i + 1}: ${line.trim()}`);
        }
      });
    }
  }
  return found;
}
