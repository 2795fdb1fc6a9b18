import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { STORED_AT } from "../api/descriptor-store.ts";
import { clearTokens, storeTokens } from "../api/tokens.ts";
import { keepSnapshots, MAX_SNAPSHOT_MS, replaceSnapshotWhenSettled } from "./first-paint.ts";

function tokenOf(sub: string, sid: string): string {
  return `h.${btoa(JSON.stringify({ sub, sid })).replace(/=+$/, "")}.s`;
}

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
  clearTokens();
  delete (globalThis as { opsuiteBoot?: unknown }).opsuiteBoot;
});

function page(): { root: HTMLElement; snapshot: HTMLElement } {
  document.body.innerHTML = `<div id="first-paint" inert>Kept</div><div id="root"></div>`;
  return {
    root: document.getElementById("root")!,
    snapshot: document.getElementById("first-paint")!,
  };
}

describe("the first paint of a repeat visit", () => {
  it("keeps the app out of the page until its kept descriptors are revalidated and nothing loads", async () => {
    const { root, snapshot } = page();
    const client = new QueryClient();
    client.setQueryData(["shell"], { kept: true }, { updatedAt: STORED_AT });
    replaceSnapshotWhenSettled(client, root, snapshot);
    expect(root.isConnected).toBe(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(snapshot.isConnected).toBe(true);

    client.setQueryData(["shell"], { kept: false });
    await vi.waitFor(() => expect(root.isConnected).toBe(true));
    expect(snapshot.isConnected).toBe(false);
    expect(document.body.firstElementChild).toBe(root);
  });

  it("gives way after a short while at most, when the first screen is slow", () => {
    vi.useFakeTimers();
    const { root, snapshot } = page();
    const client = new QueryClient();
    client.setQueryData(["shell"], { kept: true }, { updatedAt: STORED_AT });
    replaceSnapshotWhenSettled(client, root, snapshot);
    vi.advanceTimersByTime(MAX_SNAPSHOT_MS - 1);
    expect(root.isConnected).toBe(false);
    vi.advanceTimersByTime(1);
    expect(root.isConnected).toBe(true);
  });

  it("keeps a settled signed-in page when it is left, and nothing for a signed-out one", () => {
    (globalThis as { opsuiteBoot?: unknown }).opsuiteBoot = {
      token: null,
      data: { routes: {}, build: "b1" },
      started: {},
    };
    const { root } = page();
    root.innerHTML = `<div class="shell"><nav>Menu</nav></div>`;
    const stop = keepSnapshots(root);
    dispatchEvent(new Event("pagehide"));
    expect(Object.keys(localStorage)).toEqual([]);

    storeTokens({ access_token: tokenOf("usr_1", "ses_1"), refresh_token: "r" });
    root.querySelector(".shell")!.setAttribute("inert", "");
    dispatchEvent(new Event("pagehide"));
    expect(Object.keys(localStorage).filter((k) => k.startsWith("opsuite.snapshot:"))).toEqual(
      [],
    );

    root.querySelector(".shell")!.removeAttribute("inert");
    dispatchEvent(new Event("pagehide"));
    const kept = JSON.parse(localStorage.getItem(`opsuite.snapshot:${location.pathname}`)!);
    expect(kept).toMatchObject({ build: "b1", session: "usr_1|ses_1", width: innerWidth });
    expect(kept.html).toContain("<nav>Menu</nav>");
    stop();
  });
});
