import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { storeTokens } from "../api/tokens.ts";
import { onRecordChange, type RecordChange } from "../api/record-events.ts";
import { useLiveEvents } from "./live-events.ts";

function Live() {
  useLiveEvents("/ui/events");
  return null;
}

function stream(text: string): Response {
  return new Response(text, { headers: { "Content-Type": "text/event-stream" } });
}

describe("live events", () => {
  it("reloads descriptors on a change event, not on the greeting", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    let calls = 0;
    const fetchMock = vi.fn((_url: string, init: RequestInit) => {
      calls += 1;
      expect(new Headers(init.headers).get("Authorization")).toBe("Bearer a");
      return Promise.resolve(
        calls === 1
          ? stream(
            'event: hello\ndata: {"v":1}\n\n: keep-alive\n\nevent: change\ndata: {"kind":"module"}\n\n',
          )
          : new Response(null, { status: 404 }),
      );
    });
    vi.stubGlobal("fetch", fetchMock);
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    render(
      <QueryClientProvider client={queryClient}>
        <Live />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ["shell"] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["routes"] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["screen"] });
    expect(
      invalidate.mock.calls.filter(([arg]) => JSON.stringify(arg) === '{"queryKey":["shell"]}'),
    ).toHaveLength(1);
  });

  it("hands a record's change to the record widgets and reloads the notifications, not the descriptors", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    let calls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(() => {
        calls += 1;
        return Promise.resolve(
          calls === 1
            ? stream(
              'event: records\ndata: {"type":"records","organization_id":"o1","records":[{"type":"task","id":"t1","version":4},{"type":"lead","id":null}],"at":"2026-11-23T18:00:00Z"}\n\n',
            )
            : new Response(null, { status: 404 }),
        );
      }),
    );
    const heard: RecordChange[] = [];
    const stop = onRecordChange((change) => heard.push(change));
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    render(
      <QueryClientProvider client={queryClient}>
        <Live />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(heard).toEqual([
        { recordType: "task", id: "t1", version: 4 },
        { recordType: "lead", id: null },
      ])
    );
    stop();
    // Only the notifications reload (a notice is written with the change that causes it).
    expect(invalidate.mock.calls).toEqual([[{ queryKey: ["shell", "notifications"] }]]);
  });
});
