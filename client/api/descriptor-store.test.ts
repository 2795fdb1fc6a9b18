import { afterEach, describe, expect, it } from "vitest";
import { clearStored, MAX_STORED, readStored, writeStored } from "./descriptor-store.ts";
import { endSession } from "./session-events.ts";
import { startSession } from "./session.ts";
import { clearTokens, storeTokens } from "./tokens.ts";

/** An access token of the shape the server signs (the client reads, never checks, its claims). */
function tokenOf(sub: string, sid: string): string {
  const payload = btoa(JSON.stringify({ sub, sid, typ: "access" })).replace(/=+$/, "");
  return `header.${payload}.signature`;
}

afterEach(() => {
  clearStored();
  clearTokens();
});

describe("the kept descriptors", () => {
  it("are read back only by the session that kept them", () => {
    storeTokens({ access_token: tokenOf("usr_1", "ses_1"), refresh_token: "r" });
    writeStored(["shell"], { sidebar: "one" });
    expect(readStored(["shell"])).toEqual({ sidebar: "one" });
    // Another person, or another sign-in of the same person, reads nothing.
    storeTokens({ access_token: tokenOf("usr_2", "ses_2"), refresh_token: "r" });
    expect(readStored(["shell"])).toBeUndefined();
    storeTokens({ access_token: tokenOf("usr_1", "ses_3"), refresh_token: "r" });
    expect(readStored(["shell"])).toBeUndefined();
  });

  it("are never kept for a signed-out browser, and go when the session ends or a new one starts", () => {
    writeStored(["shell"], { sidebar: "anyone" });
    expect(Object.keys(localStorage).filter((k) => k.startsWith("opsuite."))).toEqual([]);

    storeTokens({ access_token: tokenOf("usr_1", "ses_1"), refresh_token: "r" });
    writeStored(["shell"], { sidebar: "one" });
    endSession("signed-out");
    expect(Object.keys(localStorage).filter((k) => k.startsWith("opsuite."))).toEqual([]);

    storeTokens({ access_token: tokenOf("usr_1", "ses_1"), refresh_token: "r" });
    writeStored(["shell"], { sidebar: "one" });
    startSession({ access_token: tokenOf("usr_1", "ses_1"), refresh_token: "r" });
    expect(readStored(["shell"])).toBeUndefined();
  });

  it("keep the most recent screens only", () => {
    storeTokens({ access_token: tokenOf("usr_1", "ses_1"), refresh_token: "r" });
    for (let i = 0; i < MAX_STORED + 5; i++) writeStored(["screen", `s${i}`, {}], { i });
    const kept = Object.keys(localStorage).filter((k) => k.startsWith("opsuite.descriptor:"));
    expect(kept).toHaveLength(MAX_STORED);
    expect(readStored(["screen", `s${MAX_STORED + 4}`, {}])).toEqual({ i: MAX_STORED + 4 });
  });
});
