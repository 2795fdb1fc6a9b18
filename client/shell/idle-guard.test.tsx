import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { markTokensRefreshed } from "../api/api-client.ts";
import { onSessionEnded } from "../api/session-events.ts";
import { storeTokens } from "../api/tokens.ts";
import { fakeServer } from "../testing/fake-server.ts";
import { shellFixture } from "../testing/shell-fixture.ts";
import { IdleGuard } from "./idle-guard.tsx";
import "./idle-warning.tsx";

const SECOND = 1_000;
const policy = {
  ...shellFixture().session,
  idleTimeoutMs: 60 * SECOND,
  warningMs: 10 * SECOND,
  refreshIntervalMs: 240 * SECOND,
};

/** Advances the fake clock, then lets the lazily loaded dialog render. */
async function advance(ms: number) {
  act(() => vi.advanceTimersByTime(ms));
  await flush();
}

async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

describe("the idle guard", () => {
  let ended: string[];
  let stop: () => void;
  let server: ReturnType<typeof fakeServer>;

  beforeEach(() => {
    vi.useFakeTimers();
    storeTokens({ access_token: "a", refresh_token: "r" });
    markTokensRefreshed(Date.now());
    server = fakeServer({
      "POST /auth/logout": { ok: true },
      "POST /auth/refresh": { access_token: "a2", refresh_token: "r2" },
    });
    ended = [];
    stop = onSessionEnded((reason) => ended.push(reason));
    render(<IdleGuard policy={policy} />);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it("warns warningMs before the timeout and counts down", async () => {
    await advance(49 * SECOND);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await advance(1 * SECOND);
    const dialog = screen.getByRole("alertdialog", { name: "Are you still there?" });
    expect(dialog.textContent).toContain("0:10");
    await advance(3 * SECOND);
    expect(dialog.textContent).toContain("0:07");
  });

  it("cancels the warning on any activity and starts over", async () => {
    await advance(55 * SECOND);
    expect(screen.getByRole("alertdialog")).toBeTruthy();
    act(() => {
      fireEvent.mouseMove(window);
    });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await advance(49 * SECOND);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(ended).toEqual([]);
    await advance(1 * SECOND);
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });

  it("focuses Stay Logged In, so Enter keeps the session", async () => {
    await advance(50 * SECOND);
    expect(document.activeElement?.textContent).toBe("Stay Logged In");
  });

  it("cancels the warning with Stay Logged In", async () => {
    await advance(50 * SECOND);
    fireEvent.click(screen.getByRole("button", { name: "Stay Logged In" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    await advance(30 * SECOND);
    expect(ended).toEqual([]);
  });

  it("signs out at once with Logout Now", async () => {
    await advance(50 * SECOND);
    fireEvent.click(screen.getByRole("button", { name: "Logout Now" }));
    await flush();
    expect(server.to("POST", "/auth/logout")[0].body).toEqual({ refresh_token: "r" });
    expect(ended).toEqual(["signed-out"]);
  });

  it("signs out at the timeout", async () => {
    await advance(60 * SECOND);
    await flush();
    expect(ended).toEqual(["idle"]);
    expect(localStorage.getItem("access_token")).toBeNull();
    expect(sessionStorage.getItem("signed-out-notice")).toBe(policy.idleSignedOutText);
  });

  it("refreshes the tokens on activity once the refresh interval has passed", async () => {
    await advance(30 * SECOND);
    act(() => {
      fireEvent.keyDown(window, { key: "a" });
    });
    await flush();
    expect(server.to("POST", "/auth/refresh")).toHaveLength(0);
    for (let t = 30; t < 240; t += 30) {
      await advance(30 * SECOND);
      act(() => {
        fireEvent.mouseDown(window);
      });
    }
    await flush();
    expect(server.to("POST", "/auth/refresh")).toHaveLength(1);
    expect(localStorage.getItem("access_token")).toBe("a2");
  });
});
