/**
 * What the page sent for an address carries besides the built index.html: the
 * route table (the same for every visitor), which screen the address opens and
 * with which params (the page's bootstrap starts a signed-in visitor's requests
 * for it), and `modulepreload` links for the code that screen needs beyond the
 * entry — its layout, the screen validation and its widgets (those it was last
 * built with, by anyone: a screen's widgets hardly depend on who opens it).
 */
import type { FirstScreenAssets } from "../../schemas/descriptor/first-screen-assets.ts";
import type { RouteEntry, RoutesDescriptor } from "../../schemas/descriptor/mod.ts";
import { screenDescriptorUrl, screenParamsOf } from "../../schemas/descriptor/screen-address.ts";
import { widgetTypesOf } from "../../schemas/descriptor/screen-tree.ts";

/** The screen an address opens, and its params as the client names them. */
export interface MatchedScreen {
  entry: RouteEntry;
  params: Record<string, string>;
}

function segments(path: string): string[] {
  return path.split("/").filter((part) => part !== "");
}

/**
 * The route an address opens, ranked as the client's router ranks them: a static
 * segment beats a parameter, which beats the splat; redirects and unknown
 * addresses open none here (the client sends them on).
 */
export function matchScreen(routes: RoutesDescriptor, pathname: string): MatchedScreen | null {
  let path: string[];
  try {
    path = segments(pathname).map(decodeURIComponent);
  } catch {
    return null;
  }
  if (routes.redirects.some((r) => matches(segments(r.from), path) !== null)) return null;
  let best: { score: number; match: MatchedScreen } | null = null;
  for (const entry of routes.routes) {
    const pattern = segments(entry.path);
    const params = matches(pattern, path);
    if (params === null) continue;
    const score = pattern.reduce(
      (sum, part) => sum + (part === "*" ? 1 : part.startsWith(":") ? 3 : 10),
      0,
    );
    if (best === null || score > best.score) {
      best = { score, match: { entry, params: screenParamsOf(params) } };
    }
  }
  return best?.match ?? null;
}

function matches(pattern: string[], path: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i];
    if (part === "*") {
      params["*"] = path.slice(i).join("/");
      return params;
    }
    if (i >= path.length) return null;
    if (part.startsWith(":")) params[part.slice(1)] = path[i];
    else if (part !== path[i]) return null;
  }
  return pattern.length === path.length ? params : null;
}

/** The widget types each screen was last built with. */
export class ScreenWidgets {
  #types = new Map<string, readonly string[]>();

  /** Notes the widget types of a screen body just built. */
  note(screenId: string, body: unknown): void {
    // Bounded by the screen registry: one entry per screen id.
    this.#types.set(screenId, [...widgetTypesOf(body)].sort());
  }

  /** The widget types of a screen, or none when it was not built yet. */
  of(screenId: string): readonly string[] {
    return this.#types.get(screenId) ?? [];
  }
}

/** Writes what the page carries for an address, to go right after `<head>`. */
export function firstScreenHead(
  pathname: string,
  deps: {
    routes: RoutesDescriptor;
    assets: FirstScreenAssets | null;
    widgets: ScreenWidgets;
    /** The client build's identity (kept snapshots of another build are not painted). */
    build: string | null;
  },
): string {
  const matched = matchScreen(deps.routes, pathname);
  const signedIn = matched !== null &&
    (matched.entry.audience === "staff" || matched.entry.audience === "portal");
  const data = {
    routes: deps.routes,
    ...(deps.build === null ? {} : { build: deps.build }),
    ...(signedIn
      ? {
        first: {
          audience: matched.entry.audience,
          screen: screenDescriptorUrl(matched.entry.screen, matched.params),
          screenId: matched.entry.screen,
          params: matched.params,
        },
      }
      : {}),
  };
  const preload = new Set<string>();
  if (deps.assets !== null && matched !== null) {
    for (const path of deps.assets.layouts[matched.entry.audience]) preload.add(path);
    for (const path of deps.assets.screen) preload.add(path);
    for (const type of deps.widgets.of(matched.entry.screen)) {
      for (const path of deps.assets.widgets[type] ?? []) preload.add(path);
    }
  }
  // The JSON is data, never run; "<" is escaped so no text in it can close the element.
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return `<script type="application/json" id="opsuite-boot">${json}</script>${
    [...preload].map((path) => `<link rel="modulepreload" crossorigin href="${path}">`).join("")
  }`;
}
