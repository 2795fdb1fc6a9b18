import { afterEach, describe, expect, it } from "vitest";
import { apiRequest } from "./api-client.ts";
import { clearTokens, storeTokens } from "./tokens.ts";
import { fakeServer } from "../testing/fake-server.ts";

afterEach(() => {
  delete (globalThis as { opsuiteBoot?: unknown }).opsuiteBoot;
  clearTokens();
});

describe("answers of the page's bootstrap", () => {
  it("are taken once by the same call with the same token; the next goes to the network", async () => {
    storeTokens({ access_token: "tok", refresh_token: "ref" });
    const server = fakeServer({ "GET /ui/shell": { from: "network" } });
    (globalThis as { opsuiteBoot?: unknown }).opsuiteBoot = {
      token: "tok",
      data: null,
      started: {
        "GET /ui/shell": Promise.resolve(Response.json({ from: "bootstrap" })),
      },
    };
    expect(await apiRequest("/ui/shell")).toEqual({ from: "bootstrap" });
    expect(server.requests).toHaveLength(0);
    expect(await apiRequest("/ui/shell")).toEqual({ from: "network" });
    expect(server.requests).toHaveLength(1);
  });

  it("are not taken with another token (the session changed since the page started)", async () => {
    storeTokens({ access_token: "new", refresh_token: "ref" });
    const server = fakeServer({ "GET /ui/shell": { from: "network" } });
    (globalThis as { opsuiteBoot?: unknown }).opsuiteBoot = {
      token: "old",
      data: null,
      started: { "GET /ui/shell": Promise.resolve(Response.json({ from: "bootstrap" })) },
    };
    expect(await apiRequest("/ui/shell")).toEqual({ from: "network" });
    expect(server.requests).toHaveLength(1);
  });
});
