/**
 * A Vite build plugin for the first screen:
 * - inlines the bootstrap (`boot/first-requests.ts`) after the app's root element,
 *   so a signed-in visitor's first requests start, and a kept snapshot paints,
 *   before any module loads (the server's Content-Security-Policy names the
 *   script's hash);
 * - writes `first-screen.json`: the chunks each part of a first screen needs
 *   beyond the entry (a layout by audience, the screen validation, each widget
 *   type with its validator group), which the server names as `modulepreload`
 *   links in the page it sends for an address.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { minify, type Plugin, transformWithOxc } from "vite";
import type { FirstScreenAssets } from "../../schemas/descriptor/first-screen-assets.ts";
import { WIDGET_TYPES } from "../../schemas/descriptor/widgets.ts";
import { widgetGroupOf } from "../renderer/descriptor-schemas.ts";

const clientFile = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** The modules whose chunks each part needs, by client path. */
const LAYOUTS: Record<keyof FirstScreenAssets["layouts"], string[]> = {
  staff: ["shell/shell-layout.tsx", "renderer/shell-validation.ts"],
  portal: ["shell/portal-layout.tsx", "renderer/portal-shell-validation.ts"],
  public: ["routing/public-layout.tsx"],
  guest: ["routing/public-layout.tsx"],
};
const SCREEN = ["renderer/descriptor-validation.ts", "widgets/registry.ts"];

/**
 * The bootstrap as one inline script: compiled, minified, run at once. It starts
 * the entry module named by its `data-entry` attribute (a build's page; the dev
 * server's page loads its entry itself).
 */
export async function bootstrapScript(): Promise<string> {
  const file = clientFile("boot/first-requests.ts");
  const { code } = await transformWithOxc(readFileSync(file, "utf8"), file, { lang: "ts" });
  const script = `(function(){${
    code.replace(/^export /gm, "")
  }\nstartFirstRequests(window, document.currentScript.dataset.entry);})();`;
  return (await minify("first-requests.js", script, {})).code.trim();
}

const ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

/**
 * A built page: the entry's script tag becomes a preload, and the bootstrap starts
 * the entry (after painting a kept snapshot, when there is one).
 */
export function entryStartedByBootstrap(html: string): string {
  const entry = ENTRY_TAG.exec(html)?.[1];
  if (entry === undefined) throw new Error("The built page has no entry script to start");
  return html
    .replace(ENTRY_TAG, `<link rel="modulepreload" crossorigin href="${entry}">`)
    .replace("<script>(function(){", `<script data-entry="${entry}">(function(){`);
}

interface ChunkFacts {
  fileName: string;
  isEntry: boolean;
  imports: readonly string[];
  moduleIds: readonly string[];
}

/** The chunks each part needs beyond what the entry loads, from the bundle's chunks. */
export function firstScreenAssets(chunks: readonly ChunkFacts[]): FirstScreenAssets {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (names: readonly string[], into = new Set<string>()) => {
    for (const name of names) {
      if (into.has(name) || !byName.has(name)) continue;
      into.add(name);
      closure(byName.get(name)!.imports, into);
    }
    return into;
  };
  const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const chunkOf = (path: string) =>
    chunks.find((chunk) => chunk.moduleIds.includes(clientFile(path)))?.fileName;
  const needs = (paths: readonly string[]) => {
    const names = paths.map(chunkOf).filter((name): name is string => name !== undefined);
    return [...closure(names)].filter((name) => !entry.has(name)).map((name) => `/${name}`);
  };
  return {
    layouts: {
      staff: needs(LAYOUTS.staff),
      portal: needs(LAYOUTS.portal),
      public: needs(LAYOUTS.public),
      guest: needs(LAYOUTS.guest),
    },
    screen: needs(SCREEN),
    widgets: Object.fromEntries(WIDGET_TYPES.map((type) => {
      const group = widgetGroupOf(type);
      return [
        type,
        needs([
          `widgets/${type}.tsx`,
          ...(group === "common" ? [] : [`renderer/${group}-widget-validator.ts`]),
        ]),
      ];
    })),
  };
}

/** The plugin. */
export function firstScreenPlugin(): Plugin {
  return {
    name: "opsuite:first-screen",
    transformIndexHtml: {
      order: "post",
      async handler(html, context) {
        const bootstrap = `<script>${await bootstrapScript()}</script>`;
        const page = html.replace("</body>", `  ${bootstrap}\n  </body>`);
        return context.bundle === undefined ? page : entryStartedByBootstrap(page);
      },
    },
    generateBundle(_options, bundle) {
      if (this.environment?.config.command === "serve") return;
      const chunks: ChunkFacts[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type === "chunk") chunks.push(output);
      }
      this.emitFile({
        type: "asset",
        fileName: "first-screen.json",
        source: JSON.stringify(firstScreenAssets(chunks)),
      });
    },
  };
}
