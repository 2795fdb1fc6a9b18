/**
 * Walks every screen one caller may open, as the client would show it, over the
 * demo data: each route of the route table is requested with real ids of the
 * records it shows (every record of the caller's first page of each type, and
 * every record with a timeline), its sources are called as the client calls
 * them (route params, initial state, a picked project for the sources that wait
 * for one, every tab's sources) and its record widgets load their records, lists
 * and timelines. What each would show as text is checked for internals.
 */
import type { TestApp } from "../../server/testing/test-app.ts";
import type { Vocabulary } from "./shown-internals.ts";
import { idShownIn } from "./shown-internals.ts";
import { shownValueProblems } from "./shown-values.ts";
import { recordWidgetProblems } from "./shown-records.ts";
import type { ExternalOptions } from "../../client/records/field-display.tsx";
import type { RecordTypeMeta } from "../../schemas/records/meta.ts";

type Json = Record<string, unknown>;
type Route = { path: string; screen: string; audience: string };

/** State a screen waits for before it loads (the project picked on analytics screens). */
const SAMPLE_STATE: Json = { projectId: "prj_northwind_erp" };
/** Params that are not record ids. */
const OTHER_PARAMS: Record<string, string> = { reportType: "summary" };
/** Routes whose `:id` is a record of a type other than a form's: the type's API. */
const ROUTE_RECORDS: Record<string, string> = {
  "lead-detail": "/api/records/lead",
  "invoices/print": "/api/records/invoice",
};
/** Routes whose `:id` names no record (modules not built yet): walked with a made-up id. */
const NO_RECORD = "no-such-record";
/** Props of a node whose literal strings are shown as they are. */
const SHOWN_PROPS = new Set([
  "text",
  "title",
  "subtitle",
  "label",
  "description",
  "caption",
  "hint",
  "emptyText",
  "emptyTitle",
]);
/** Ids of records to walk per type and caller, besides those with a timeline. */
const RECORDS_PER_TYPE = 20;

/** One caller's walk. */
export interface Walker {
  t: TestApp;
  token: string;
  vocabulary: Vocabulary;
  /** Ids of records with a timeline (audit entries or comments), by record type. */
  withHistory: ReadonlyMap<string, readonly string[]>;
}

/** Every problem of every screen `walker`'s caller may open, and how many screens were walked. */
export async function walkScreens(walker: Walker): Promise<{ problems: string[]; walked: number }> {
  const { t, token } = walker;
  const routes = (await (await t.call("GET", "/ui/routes", { token })).json()).routes as Route[];
  const reader = {
    t,
    token,
    ids: walker.vocabulary.ids,
    metas: new Map<string, { meta: RecordTypeMeta; options: ExternalOptions }>(),
  };
  const problems: string[] = [];
  let walked = 0;
  for (const route of routes) {
    const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
    const probe = Object.fromEntries(names.map((n) => [n, OTHER_PARAMS[n] ?? NO_RECORD]));
    const screen = await screenOf(t, token, route, probe);
    if (!screen) continue;
    const ids = names.includes("id") ? await idsFor(walker, route, screen) : [NO_RECORD];
    for (const id of ids) {
      const params = { ...probe, ...(names.includes("id") ? { id } : {}) };
      const shown = id === NO_RECORD ? screen : await screenOf(t, token, route, params);
      if (!shown) continue;
      walked++;
      const where = names.includes("id") ? `${route.path} (${id})` : route.path;
      const state: Json = { ...SAMPLE_STATE, ...(shown.state as Json | undefined) };
      const sources = await loadSources(t, token, shown, params, state);
      const fill = (template: unknown) => fillTemplate(template, params, state);
      problems.push(
        ...shownValueProblems(shown.body, sources, walker.vocabulary).map((p) => `${where}: ${p}`),
        ...literalProblems(shown.body, walker.vocabulary.ids).map((p) => `${where}: ${p}`),
        ...(await recordWidgetProblems(reader, shown.body, "body", fill)).map((p) =>
          `${where}: ${p}`
        ),
      );
    }
  }
  return { problems: [...new Set(problems)], walked };
}

async function screenOf(
  t: TestApp,
  token: string,
  route: Route,
  params: Record<string, string>,
): Promise<Json | undefined> {
  const names = Object.keys(params);
  const query = route.screen === "module"
    ? "?id=tasks"
    : names.length
    ? "?" + names.map((n) => `${n}=${encodeURIComponent(params[n])}`).join("&")
    : "";
  const res = await t.call("GET", `/ui/screens/${route.screen}${query}`, { token });
  if (res.status !== 200) {
    await res.body?.cancel();
    return undefined;
  }
  return await res.json();
}

/** The record ids a route with `:id` is walked with, as the caller may read them. */
async function idsFor(walker: Walker, route: Route, screen: Json): Promise<string[]> {
  const { t, token } = walker;
  if (route.audience === "portal") {
    const res = await t.call("POST", "/portal/projects", { token, body: {} });
    if (res.status !== 200) return [];
    return ((await res.json()).projects as Json[]).map((p) => String(p.id));
  }
  const api = ROUTE_RECORDS[route.screen] ?? formApiOf(screen.body);
  if (!api) return [NO_RECORD];
  const res = await t.call("POST", `${api}/list`, {
    token,
    body: { limit: RECORDS_PER_TYPE, fields: ["name"] },
  });
  if (res.status !== 200) {
    await res.body?.cancel();
    return [];
  }
  const listed = ((await res.json()).items as Json[]).map((r) => String(r.id));
  const type = api.split("/").pop()!;
  return [...new Set([...listed, ...(walker.withHistory.get(type) ?? [])])];
}

/** The API of the record form a screen is built around, if any. */
function formApiOf(node: unknown): string | undefined {
  if (node === null || typeof node !== "object") return undefined;
  const n = node as Json;
  if (n.type === "record-form") return n.api as string;
  for (const child of (n.children as unknown[] | undefined) ?? []) {
    const api = formApiOf(child);
    if (api) return api;
  }
  return undefined;
}

function fillTemplate(template: unknown, params: Record<string, string>, state: Json): unknown {
  if (Array.isArray(template)) return template.map((t) => fillTemplate(t, params, state));
  if (template === null || typeof template !== "object") return template;
  const t = template as Json;
  if (typeof t.$param === "string") return params[t.$param] ?? null;
  if (typeof t.$state === "string") return state[t.$state] ?? null;
  const out: Json = {};
  for (const [key, value] of Object.entries(t)) {
    const filled = fillTemplate(value, params, state);
    if (filled === null && typeof value === "object" && value !== null) continue;
    out[key] = filled;
  }
  return out;
}

function valueAt(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  return path.split(".").reduce<unknown>(
    (v, step) => v !== null && typeof v === "object" ? (v as Json)[step] : undefined,
    value,
  );
}

/** The selected answers of a screen's sources, every tab's included. */
async function loadSources(
  t: TestApp,
  token: string,
  screen: Json,
  params: Record<string, string>,
  state: Json,
): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const [name, source] of Object.entries((screen.sources ?? {}) as Record<string, Json>)) {
    const path = (source.path as string).replace(
      /\{([A-Za-z0-9_]+)\}/g,
      (_m, key: string) => encodeURIComponent(String(state[key] ?? params[key] ?? "")),
    );
    const res = await t.call(source.method as string, path, {
      token,
      body: source.method === "POST" ? fillTemplate(source.body ?? {}, params, state) : undefined,
    });
    if (res.status !== 200) {
      await res.body?.cancel();
      continue;
    }
    values[name] = valueAt(await res.json(), source.select as string | undefined);
  }
  return values;
}

/** Ids in the literal texts of a descriptor (a badge reading "id: …"). */
function literalProblems(node: unknown, ids: ReadonlySet<string>, where = "body"): string[] {
  if (Array.isArray(node)) return node.flatMap((n, i) => literalProblems(n, ids, `${where}[${i}]`));
  if (node === null || typeof node !== "object") return [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node as Json)) {
    if (typeof value === "string" && SHOWN_PROPS.has(key)) {
      const id = idShownIn(value, ids);
      if (id) problems.push(`${where}.${key}: id "${id}" is written into the screen`);
    } else if (typeof value === "object") {
      problems.push(...literalProblems(value, ids, `${where}.${key}`));
    }
  }
  return problems;
}
