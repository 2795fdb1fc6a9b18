import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeServer } from "../testing/fake-server.ts";
import { apiRequest } from "./api-client.ts";
import { ApiError } from "./api-error.ts";
import { onSessionEnded } from "./session-events.ts";
import { forgetSignOutNotice, readSignOutNotice } from "./sign-out-notice.ts";
import { readAccessToken, readRefreshToken, storeTokens } from "./tokens.ts";

/** The error a call fails with (the test fails if it succeeds). */
async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error("expected the call to fail");
}

const fresh = {
  access_token: "new-access",
  refresh_token: "new-refresh",
  token_type: "bearer",
  expires_in: 900,
};

describe("apiRequest", () => {
  let ended: string[];
  let stop: () => void;
  beforeEach(() => {
    storeTokens({ access_token: "old-access", refresh_token: "old-refresh" });
    ended = [];
    stop = onSessionEnded((reason) => ended.push(reason));
  });
  afterEach(() => stop());

  it("sends the bearer token and JSON, and returns the parsed answer", async () => {
    const server = fakeServer({ "POST /leads": { leads: [] } });
    expect(await apiRequest("/leads", { method: "POST", body: { filters: {} } })).toEqual({
      leads: [],
    });
    expect(server.requests[0].headers.authorization).toBe("Bearer old-access");
    expect(server.requests[0].body).toEqual({ filters: {} });
  });

  it("turns an error answer into an ApiError with status, code, message and details", async () => {
    fakeServer({
      "POST /leads": apiError(400, "invalid_input", "Invalid input", { fields: { email: "Bad" } }),
    });
    const error = await failureOf(apiRequest("/leads", { method: "POST", body: {} }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "invalid_input", message: "Invalid input" });
    expect(error.details).toEqual({ fields: { email: "Bad" } });
  });

  it("refreshes once on 401 and retries with the new token", async () => {
    const server = fakeServer({
      "POST /auth/me": (r) =>
        r.headers.authorization === "Bearer new-access"
          ? { id: 1 }
          : apiError(401, "unauthenticated", "Not signed in"),
      "POST /auth/refresh": fresh,
    });
    expect(await apiRequest("/auth/me", { method: "POST", body: {} })).toEqual({ id: 1 });
    expect(server.to("POST", "/auth/refresh")).toHaveLength(1);
    expect(server.to("POST", "/auth/refresh")[0].body).toEqual({ refresh_token: "old-refresh" });
    expect(readAccessToken()).toBe("new-access");
    expect(readRefreshToken()).toBe("new-refresh");
    expect(ended).toEqual([]);
  });

  it("signs out when the refresh is refused", async () => {
    const server = fakeServer({
      "POST /auth/me": apiError(401, "unauthenticated", "Not signed in"),
      "POST /auth/refresh": apiError(401, "invalid_token", "Refresh token revoked"),
    });
    const error = await failureOf(apiRequest("/auth/me", { method: "POST", body: {} }));
    expect(error).toMatchObject({ status: 401 });
    expect(server.to("POST", "/auth/me")).toHaveLength(1);
    expect(ended).toEqual(["expired"]);
    expect(readAccessToken()).toBeNull();
    expect(readRefreshToken()).toBeNull();
  });

  it("keeps the server's reason when the server ended the session, for the sign-in page", async () => {
    forgetSignOutNotice();
    fakeServer({
      "POST /auth/me": apiError(
        401,
        "session_idle",
        "You were signed out after 12 seconds without activity.",
      ),
      "POST /auth/refresh": apiError(
        401,
        "session_idle",
        "You were signed out after 12 seconds without activity.",
      ),
    });
    await failureOf(apiRequest("/auth/me", { method: "POST", body: {} }));
    expect(ended).toEqual(["expired"]);
    expect(readSignOutNotice()).toBe("You were signed out after 12 seconds without activity.");
  });

  it("gives no reason when a refresh token was simply not valid", async () => {
    forgetSignOutNotice();
    fakeServer({
      "POST /auth/me": apiError(401, "unauthenticated", "Not signed in"),
      "POST /auth/refresh": apiError(401, "unauthenticated", "Refresh token is not valid"),
    });
    await failureOf(apiRequest("/auth/me", { method: "POST", body: {} }));
    expect(readSignOutNotice()).toBeNull();
  });

  it("signs out when the retry is still refused, without a second refresh", async () => {
    const server = fakeServer({
      "POST /auth/me": apiError(401, "unauthenticated", "Not signed in"),
      "POST /auth/refresh": fresh,
    });
    await apiRequest("/auth/me", { method: "POST", body: {} }).catch(() => undefined);
    expect(server.to("POST", "/auth/me")).toHaveLength(2);
    expect(server.to("POST", "/auth/refresh")).toHaveLength(1);
    expect(ended).toEqual(["expired"]);
  });

  it("shares one refresh between calls refused at the same time", async () => {
    const server = fakeServer({
      "POST /a": (r) =>
        r.headers.authorization === "Bearer new-access" ? "a" : apiError(401, "x", "x"),
      "POST /b": (r) =>
        r.headers.authorization === "Bearer new-access" ? "b" : apiError(401, "x", "x"),
      "POST /auth/refresh": fresh,
    });
    const answers = await Promise.all([
      apiRequest("/a", { body: {} }),
      apiRequest("/b", { body: {} }),
    ]);
    expect(answers).toEqual(["a", "b"]);
    expect(server.to("POST", "/auth/refresh")).toHaveLength(1);
  });

  it("leaves a visitor without a session alone on 401", async () => {
    localStorage.clear();
    const server = fakeServer({
      "POST /auth/login": apiError(401, "invalid_credentials", "Wrong password"),
    });
    const error = await failureOf(apiRequest("/auth/login", {
      body: { email: "a", password: "b" },
      auth: false,
    }));
    expect(error.message).toBe("Wrong password");
    expect(server.to("POST", "/auth/refresh")).toHaveLength(0);
    expect(ended).toEqual([]);
  });

  it("reports a time-out as an ApiError", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new DOMException("timed out", "TimeoutError"))),
    );
    const error = await failureOf(apiRequest("/slow", { timeoutMs: 10 }));
    expect(error).toMatchObject({ status: 0, code: "timeout" });
  });
});
