/**
 * A screen descriptor: a tree of widgets bound to named data sources. Each source
 * loads, fails and empties on its own; only a `critical` source's failure replaces
 * the whole screen with its error panel.
 */
import { z } from "zod";
import { JsonTemplate } from "./value.ts";
import { Node } from "./widgets.ts";

/** The descriptor language's version; bumped on breaking changes. */
export const SCHEMA_VERSION = 1;

/** Cache classes of the spec, in minutes. */
export const CacheClass = z.enum(["static", "semi-static", "dynamic"]);
export type CacheClass = z.input<typeof CacheClass>;

/** A named data call of a screen. */
export const Source = z.object({
  method: z.enum(["GET", "POST"]),
  path: z.string().regex(/^\//, "must start with /").describe("may hold {param} placeholders"),
  body: z.record(z.string(), JsonTemplate).optional().describe(
    "request body; {$param}, {$query}, {$state} objects are replaced; keys whose reference is null or empty are left out",
  ),
  select: z.string().optional().describe("dot path of the value inside the answer"),
  critical: z.boolean().optional(),
  timeoutMs: z.number().int().positive().max(300_000).optional(),
  enabledWhen: z.array(z.string()).optional().describe("state keys that must be set to load"),
  emptyWhen: z.string().optional().describe("dot path that is empty when the source is empty"),
  label: z.string().optional().describe("name of the section, for error summaries"),
  loadingText: z.string().optional(),
  errorText: z.string().optional(),
  emptyText: z.string().optional(),
  missingText: z.string().optional().describe("error text when the answer has no value at select"),
  errorFormat: z.string().optional().describe(
    "how a failed answer reads, with {status}, {statusText} and {body}, e.g. 'API Error: {status} {statusText} - {body}'",
  ),
  refreshMs: z.number().int().positive().optional(),
  follows: z.array(z.string()).optional().describe(
    "record types whose changes (the live records events) reload this source, as lists of them reload; a source reading /api/records/<type>/… follows its type anyway",
  ),
}).strict();
export type Source = z.input<typeof Source>;

/** A screen. */
export const ScreenDescriptor = z.object({
  schemaVersion: z.literal(SCHEMA_VERSION),
  id: z.string().min(1),
  title: z.string(),
  cache: CacheClass,
  requires: z.object({
    permission: z.string().optional(),
    module: z.string().optional(),
    role: z.string().optional(),
  }).strict().optional(),
  state: z.record(z.string(), JsonTemplate).optional().describe("initial screen state"),
  urlState: z.array(z.string()).optional().describe(
    "state keys kept in the URL's search params (as text), so reload and Back keep the place",
  ),
  sources: z.record(z.string(), Source).optional(),
  loading: z.object({ title: z.string(), text: z.string() }).strict().optional(),
  timeout: z.object({ ms: z.number().int().positive(), text: z.string() }).strict().optional(),
  errorPanel: z.object({ title: z.string(), text: z.string(), retryLabel: z.string() }).strict()
    .optional(),
  emptyPanel: z.object({ title: z.string(), text: z.string().optional(), source: z.string() })
    .strict()
    .optional().describe("shown instead of the body when this source answers empty"),
  body: Node,
}).strict();
export type ScreenDescriptor = z.input<typeof ScreenDescriptor>;

/** What a refused screen answers: the error and a screen to show instead. */
export const ScreenRefusal = z.object({
  error: z.object({ code: z.string(), message: z.string() }).strict(),
  descriptor: ScreenDescriptor,
}).strict();
export type ScreenRefusal = z.input<typeof ScreenRefusal>;
