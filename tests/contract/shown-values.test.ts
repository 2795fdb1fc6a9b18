/**
 * Contract: no screen shows a stored code. For every demo account, every screen the
 * route table offers is loaded, its sources are called as the client calls them
 * (route params, initial state, a sample project for sources that wait for one),
 * and the descriptor is walked over the answers: an enumerated value must carry
 * the server's labels, a boolean must say what it means.
 */
import { ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../server/testing/test-app.ts";
import { PEOPLE } from "../../server/db/seed/demo-people.ts";
import { VALUE_LABELS } from "../../server/ui/value-labels.ts";
import { shownValueProblems } from "./shown-values.ts";

const SAMPLE_PARAMS: Record<string, string> = {
  id: "led_acme_001",
  reportType: "summary",
};
/** State a screen waits for before it loads (the project picked on analytics screens). */
const SAMPLE_STATE: Record<string, string> = { projectId: "prj_northwind_erp" };
/** Params of a portal user's screens: their own project. */
const PORTAL_PARAMS: Record<string, string> = { id: "prj_northwind_erp" };

const KNOWN_CODES = new Set(
  Object.entries(VALUE_LABELS).filter(([kind]) =>
    !["YES_NO", "ON_SCHEDULE", "ENABLED"].includes(kind)
  )
    .flatMap(([, labels]) => Object.keys(labels)).filter((code) => /^[a-z_]+$/.test(code)),
);

type Json = Record<string, unknown>;

function fill(template: unknown, params: Record<string, string>, state: Json): unknown {
  if (Array.isArray(template)) return template.map((t) => fill(t, params, state));
  if (template === null || typeof template !== "object") return template;
  const t = template as Json;
  if (typeof t.$param === "string") return params[t.$param] ?? null;
  if (typeof t.$state === "string") return state[t.$state] ?? null;
  const out: Json = {};
  for (const [key, value] of Object.entries(t)) {
    const filled = fill(value, params, state);
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

/** The selected answers of a screen's sources that load now. */
async function loadSources(
  t: TestApp,
  token: string,
  screen: Json,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const state: Json = { ...SAMPLE_STATE, ...(screen.state as Json | undefined) };
  const values: Record<string, unknown> = {};
  for (const [name, source] of Object.entries((screen.sources ?? {}) as Record<string, Json>)) {
    const path = (source.path as string).replace(
      /\{([A-Za-z0-9_]+)\}/g,
      (_m, key: string) => encodeURIComponent(String(state[key] ?? params[key] ?? "")),
    );
    const res = await t.call(source.method as string, path, {
      token,
      body: source.method === "POST" ? fill(source.body ?? {}, params, state) : undefined,
    });
    if (res.status !== 200) {
      await res.body?.cancel();
      continue;
    }
    values[name] = valueAt(await res.json(), source.select as string | undefined);
  }
  return values;
}

const accounts = PEOPLE.filter((p) => p.login);

for (const person of accounts) {
  Deno.test(`no screen shows a stored code or a bare true/false to ${person.email}`, async () => {
    const t = await createTestApp();
    try {
      const token = await t.tokenFor(person.email);
      const routes = await (await t.call("GET", "/ui/routes", { token })).json();
      const problems: string[] = [];
      let walked = 0;
      for (const route of routes.routes as { path: string; screen: string; audience: string }[]) {
        const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
        const samples = route.audience === "portal" ? PORTAL_PARAMS : SAMPLE_PARAMS;
        const params = Object.fromEntries(names.map((n) => [n, samples[n]]));
        const query = route.screen === "module"
          ? "?id=tasks"
          : names.length
          ? "?" + names.map((n) => `${n}=${params[n]}`).join("&")
          : "";
        const res = await t.call("GET", `/ui/screens/${route.screen}${query}`, { token });
        if (res.status !== 200) {
          await res.body?.cancel();
          continue;
        }
        const screen = await res.json();
        const sources = await loadSources(t, token, screen, params);
        walked++;
        problems.push(
          ...shownValueProblems(screen.body, sources, KNOWN_CODES).map((p) =>
            `${route.path}: ${p}`
          ),
        );
      }
      ok(walked > 3, `only ${walked} screens were walked`);
      ok(problems.length === 0, `codes shown to ${person.email}:\n${problems.join("\n")}`);
    } finally {
      await t.close();
    }
  });
}
