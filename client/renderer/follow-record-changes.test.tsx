import { act, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { publishRecordChange } from "../api/record-events.ts";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";
import { followedTypes } from "./follow-record-changes.ts";
import { FOLLOW_WAIT_MS } from "./reload-gatherer.ts";

function figures(source: Record<string, unknown>) {
  return screenOf(
    {
      type: "page",
      title: "Leads",
      children: [{
        type: "stat",
        label: "Total leads",
        value: { $bind: "stats", path: "total", format: "integer" },
      }],
    },
    { sources: { stats: source } },
  );
}

describe("figure cards that follow record changes", () => {
  it("show the new figure after records of their type change, without a reload", async () => {
    let total = 3;
    const server = fakeServer({ "POST /api/leads/stats": () => ({ total }) });
    await renderScreen(
      figures({ method: "POST", path: "/api/leads/stats", body: {}, follows: ["lead"] }),
    );
    expect(await screen.findByText("3")).toBeTruthy();
    total = 1_003;
    act(() => publishRecordChange({ recordType: "lead", id: null }));
    expect(await screen.findByText("1,003")).toBeTruthy();
    expect(server.to("POST", "/api/leads/stats")).toHaveLength(2);
  });

  it("reload once for a burst of a thousand changes, not once per change", async () => {
    const server = fakeServer({ "POST /api/leads/stats": { total: 1 } });
    await renderScreen(
      figures({ method: "POST", path: "/api/leads/stats", body: {}, follows: ["lead"] }),
    );
    expect(await screen.findByText("1")).toBeTruthy();
    act(() => {
      for (let i = 0; i < 1_000; i++) {
        publishRecordChange({ recordType: "lead", id: `led_${i}`, version: 1 });
      }
    });
    await waitFor(() => expect(server.to("POST", "/api/leads/stats")).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_WAIT_MS * 2));
    expect(server.to("POST", "/api/leads/stats")).toHaveLength(2);
  });

  it("leave alone when other types change", async () => {
    const server = fakeServer({ "POST /api/leads/stats": { total: 1 } });
    await renderScreen(
      figures({ method: "POST", path: "/api/leads/stats", body: {}, follows: ["lead"] }),
    );
    expect(await screen.findByText("1")).toBeTruthy();
    act(() => publishRecordChange({ recordType: "task", id: null }));
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_WAIT_MS * 2));
    expect(server.to("POST", "/api/leads/stats")).toHaveLength(1);
  });

  it("follow the type of the record API they read, besides what they name", () => {
    expect(followedTypes({ method: "POST", path: "/api/records/client/list" })).toEqual([
      "client",
    ]);
    expect(
      followedTypes({ method: "POST", path: "/dashboard/summary", follows: ["task", "lead"] }),
    ).toEqual(["task", "lead"]);
    expect(followedTypes({ method: "POST", path: "/clients/portal-users" })).toEqual([]);
  });
});
