/**
 * The import direction of ARCHITECTURE.md, enforced: every relative import of every
 * source file is checked against the folder rules below, so a layer cannot start
 * depending on one above it without this test failing and naming the line.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";

const ROOT = new URL("../../", import.meta.url).pathname;

/** Declarations are data any layer may read: they import only each other and schemas/ (types aside). */
const DECLARATIONS = /^server\/(records\/(define\.ts|declaration\.ts)|areas\/[^/]+\/types\/)/;

/**
 * The list of areas and the record catalogue made from it: the module and record
 * catalogues read them at call time (never while modules load), so a layer below
 * the areas may name them. Nothing else of an area is reachable from below.
 */
const AREA_LIST = /^server\/(areas\/mod\.ts|records\/catalogue\.ts)$/;

interface Rule {
  /** Files the rule applies to. */
  from: RegExp;
  /** What they must not import (unless `except` allows it). */
  not: RegExp;
  except?: RegExp;
  /** `import type` is allowed (types are erased: no dependency at run time). */
  typesAllowed?: boolean;
  why: string;
}

const RULES: Rule[] = [
  {
    from: /^schemas\//,
    not: /^(server|client|tests)\//,
    why: "schemas/ is shared: it imports nothing of server or client",
  },
  { from: /^client\//, not: /^(server|tests)\//, why: "the client never imports the server" },
  { from: /^server\//, not: /^(client|tests)\//, why: "the server never imports the client" },
  {
    from: /^server\/db\/(?!prepare\.ts|seed\/|.*\.test\.ts)/,
    not: /^server\/(platform|records|areas|ui)\//,
    except: DECLARATIONS,
    why: "the storage port and drivers sit below everything else",
  },
  {
    from: /^server\/platform\/(?!.*\.test\.ts)/,
    not: /^server\/(areas|ui|records)\//,
    except: new RegExp(`${DECLARATIONS.source}|${AREA_LIST.source}`),
    why: "platform serves areas, records and screens, never the other way round",
  },
  {
    from: /^server\/records\/(?!.*\.test\.ts)/,
    not: /^server\/(areas|ui)\//,
    except: new RegExp(`${DECLARATIONS.source}|${AREA_LIST.source}`),
    why: "the record engine does not know the screens or the areas' calls",
  },
  {
    from: /^server\/(records\/(define\.ts|declaration\.ts)|areas\/[^/]+\/types\/(?!.*\.test\.ts))/,
    not: /^(server|client)\//,
    except: DECLARATIONS,
    typesAllowed: true,
    why: "declarations are data: they import only each other and schemas/ (and types)",
  },
  {
    from: /^server\/areas\/[^/]+\/(?!area\.ts|.*\.test\.ts)/,
    not: /^server\/ui\//,
    why: "an area's calls answer data; descriptors are built in server/ui",
  },
];

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(ROOT + dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) {
      if (["node_modules", "dist", "generated"].includes(entry.name)) continue;
      yield* sourceFiles(path);
    } else if (/\.(ts|tsx)$/.test(entry.name)) yield path;
  }
}

function resolve(from: string, specifier: string): string {
  const parts = from.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

Deno.test("every import follows the direction of ARCHITECTURE.md", async () => {
  const broken: string[] = [];
  for (const top of ["server", "client", "schemas"]) {
    for await (const file of sourceFiles(top)) {
      const text = await Deno.readTextFile(ROOT + file);
      const pattern = /^\s*(import|export)\s+(type\s+)?[^;]*?from\s+"(\.[^"]+)"/gms;
      for (const match of text.matchAll(pattern)) {
        const typeOnly = Boolean(match[2]);
        const target = resolve(file, match[3]);
        for (const rule of RULES) {
          if (!rule.from.test(file) || !rule.not.test(target)) continue;
          if (rule.except?.test(target)) continue;
          if (typeOnly && rule.typesAllowed) continue;
          broken.push(`${file} imports ${target}: ${rule.why}`);
        }
      }
    }
  }
  assertEquals(broken, []);
});
