/**
 * The template engine of email templates: LiquidJS, configured so a template can
 * only read the values it is given. It reads no files (no `include`, `render` or
 * `layout`, and a file system that has nothing), only a value's own properties,
 * knows only LiquidJS's own filters (an unknown one is a syntax error), and is
 * bounded in parse size, render time and memory, so a template cannot hang or
 * exhaust the server. The HTML engine escapes every value it writes out;
 * the text engine (subjects, plain-text bodies) writes values as they are.
 */
import { Liquid, type Template } from "liquidjs";

/** Tags that read other templates from files: none exist for email templates. */
const FILE_TAGS = ["include", "render", "layout"];

/** A file system that holds nothing, so no template is ever read from disk. */
const NO_FILES = {
  exists: () => Promise.resolve(false),
  existsSync: () => false,
  readFile: (file: string) => Promise.reject(new Error(`No template file "${file}"`)),
  readFileSync: (file: string): string => {
    throw new Error(`No template file "${file}"`);
  },
  resolve: (_root: string, file: string) => file,
  contains: () => Promise.resolve(false),
  containsSync: () => false,
};

function engine(escape: boolean): Liquid {
  const liquid = new Liquid({
    fs: NO_FILES,
    root: [],
    partials: [],
    layouts: [],
    relativeReference: false,
    dynamicPartials: false,
    ownPropertyOnly: true,
    strictFilters: true,
    // Checked when the template is saved (merge-fields.ts); a value left empty renders as nothing.
    strictVariables: false,
    outputEscape: escape ? "escape" : undefined,
    parseLimit: 200_000,
    renderLimit: 2_000,
    memoryLimit: 20_000_000,
  });
  for (const tag of FILE_TAGS) delete (liquid.tags as Record<string, unknown>)[tag];
  return liquid;
}

/** The engine for HTML bodies: every value written out is HTML-escaped. */
export const HTML_LIQUID = engine(true);
/** The engine for subjects and plain-text bodies: values as they are. */
export const TEXT_LIQUID = engine(false);

/** A syntax error of a template, with the line it is on (1 for a one-line subject). */
export class TemplateSyntaxError extends Error {
  readonly line: number;

  constructor(message: string, line: number) {
    super(message);
    this.name = "TemplateSyntaxError";
    this.line = line;
  }
}

/** Parses a template, or throws a TemplateSyntaxError naming its line. */
export function parseTemplate(liquid: Liquid, source: string): Template[] {
  try {
    return liquid.parse(source);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const at = /,? line:(\d+), col:\d+/.exec(message);
    const first = message.split("\n")[0].replace(/,? line:\d+, col:\d+/, "").trim();
    throw new TemplateSyntaxError(first, at ? Number(at[1]) : 1);
  }
}
