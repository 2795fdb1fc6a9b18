import { describe, expect, it, vi } from "vitest";
import { type BootWindow, startFirstRequests } from "./first-requests.ts";

function pageWith(data: unknown, stored: Record<string, string>) {
  document.documentElement.removeAttribute("data-theme");
  document.head.innerHTML = data === undefined
    ? ""
    : `<script type="application/json" id="opsuite-boot">${JSON.stringify(data)}</script>`;
  document.body.innerHTML = `<div id="root"></div>`;
  const frames: (() => void)[] = [];
  const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response("{}")));
  const storage = { getItem: (key: string) => stored[key] ?? null } as Storage;
  const w: BootWindow = {
    document,
    localStorage: storage,
    location: { pathname: "/app/invoices/inv_1", search: "" },
    innerWidth: 1440,
    matchMedia: () => ({ matches: true }),
    fetch,
    requestAnimationFrame: (callback) => frames.push(callback),
    setTimeout: (callback) => callback(),
  };
  return { w, fetch, frames };
}

/** An access token of the shape the server signs (the bootstrap reads, never checks, its claims). */
function tokenOf(sub: string, sid: string): string {
  return `h.${btoa(JSON.stringify({ sub, sid })).replace(/=+$/, "")}.s`;
}

const entryScripts = () =>
  [...document.head.querySelectorAll("script[type=module]")].map((s) =>
    (s as HTMLScriptElement).src
  );

const FIRST = {
  routes: { routes: [] },
  build: "b1",
  first: {
    audience: "staff",
    screen: "/ui/screens/invoices/form?id=inv_1",
    screenId: "invoices/form",
    params: { id: "inv_1" },
  },
};

describe("the page's bootstrap", () => {
  it("starts the user, shell and screen requests at once with the stored token", () => {
    const { w, fetch } = pageWith(FIRST, { access_token: "tok", theme: "light" });
    startFirstRequests(w);
    expect(fetch.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      "POST /auth/me",
      "GET /ui/shell",
      "GET /ui/screens/invoices/form?id=inv_1",
    ]);
    for (const [, init] of fetch.mock.calls) {
      expect((init?.headers as Record<string, string>).Authorization).toBe("Bearer tok");
      expect(init?.cache).toBe("no-cache");
    }
    expect(Object.keys(w.opsuiteBoot!.started)).toEqual([
      "POST /auth/me",
      "GET /ui/shell",
      "GET /ui/screens/invoices/form?id=inv_1",
    ]);
    expect(document.documentElement.dataset.theme).toBe("light");
  });

  it("starts nothing for a signed-out visitor, or on a page that opens no signed-in screen", () => {
    const signedOut = pageWith(FIRST, {});
    startFirstRequests(signedOut.w);
    expect(signedOut.fetch).not.toHaveBeenCalled();
    expect(signedOut.w.opsuiteBoot?.data).toEqual(FIRST);
    // The system's preference stands when none is remembered.
    expect(document.documentElement.dataset.theme).toBe("dark");

    const publicPage = pageWith({ routes: { routes: [] } }, { access_token: "tok" });
    startFirstRequests(publicPage.w);
    expect(publicPage.fetch).not.toHaveBeenCalled();

    const devServer = pageWith(undefined, { access_token: "tok" });
    startFirstRequests(devServer.w);
    expect(devServer.fetch).not.toHaveBeenCalled();
    expect(devServer.w.opsuiteBoot?.data).toBeNull();
  });

  it("paints the snapshot this session kept of the address, inert, and starts the app after its first frame", () => {
    const token = tokenOf("usr_1", "ses_1");
    const kept = (session: string, build = "b1") =>
      JSON.stringify({ build, session, at: 1, width: 1440, html: `<nav id="sidebar">Kept</nav>` });
    const { w, frames } = pageWith(FIRST, {
      access_token: token,
      "opsuite.snapshot:/app/invoices/inv_1": kept("usr_1|ses_1"),
    });
    startFirstRequests(w, "/assets/index-x.js");
    const painted = document.getElementById("first-paint")!;
    expect(painted.textContent).toBe("Kept");
    expect(painted.inert).toBe(true);
    expect(painted.getAttribute("aria-hidden")).toBe("true");
    expect(painted.nextElementSibling?.id).toBe("root");
    expect(w.opsuiteBoot?.snapshot).toBe(painted);
    expect(entryScripts()).toEqual([]);
    frames.forEach((frame) => frame());
    expect(entryScripts()).toEqual([new URL("/assets/index-x.js", location.href).href]);
  });

  it("paints nothing kept by another session, another build or at another width, and starts the app at once", () => {
    const token = tokenOf("usr_1", "ses_2");
    for (
      const kept of [
        JSON.stringify({
          build: "b1",
          session: "usr_1|ses_1",
          at: 1,
          width: 1440,
          html: "Old session",
        }),
        JSON.stringify({
          build: "b0",
          session: "usr_1|ses_2",
          at: 1,
          width: 1440,
          html: "Old build",
        }),
        JSON.stringify({ build: "b1", session: "usr_1|ses_2", at: 1, width: 390, html: "A phone" }),
      ]
    ) {
      const { w } = pageWith(FIRST, {
        access_token: token,
        "opsuite.snapshot:/app/invoices/inv_1": kept,
      });
      startFirstRequests(w, "/assets/index-x.js");
      expect(document.getElementById("first-paint")).toBeNull();
      expect(entryScripts()).toHaveLength(1);
    }
  });
});
