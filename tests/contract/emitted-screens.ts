/**
 * Every screen the route table offers, as one caller gets it: each route's screen
 * requested once, with sample values for its params (a catch-all module route asks
 * for the tasks module).
 */
import type { TestApp } from "../../server/testing/test-app.ts";

/** Sample values of route params: a seeded lead, a report type. */
export const SAMPLE_PARAMS: Readonly<Record<string, string>> = {
  id: "led_acme_001",
  reportType: "summary",
};

/** One screen as answered: which route offered it, the status and the JSON body. */
export interface EmittedScreen {
  /** The request, e.g. `lead-detail?id=led_acme_001`. */
  screen: string;
  /** The route path that offers it. */
  route: string;
  status: number;
  body: unknown;
}

/** Requests every screen of `routes` with the caller's token. */
export async function emittedScreens(
  t: TestApp,
  routes: { routes: { path: string; screen: string }[] },
  token: string | undefined,
): Promise<EmittedScreen[]> {
  const requests = new Map<string, string>();
  for (const route of routes.routes) {
    const names = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
    const query = route.screen === "module"
      ? "?id=tasks"
      : names.length
      ? "?" + names.map((n) => `${n}=${SAMPLE_PARAMS[n]}`).join("&")
      : "";
    requests.set(`${route.screen}${query}`, route.path);
  }
  const screens: EmittedScreen[] = [];
  for (const [screen, route] of requests) {
    const res = await t.call("GET", `/ui/screens/${screen}`, { token });
    screens.push({ screen, route, status: res.status, body: await res.json() });
  }
  return screens;
}
