import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const chart = {
  type: "grouped-bar-chart",
  source: "capacity",
  path: "series",
  x: "week",
  groupBy: "member",
  series: [
    { key: "capacity_hours", label: "Capacity (h)", tone: "info" },
    { key: "allocated_hours", label: "Allocated (h)", tone: "warning" },
  ],
  title: "Capacity",
  emptyText: "Nobody on the team",
};

describe("the grouped bar chart", () => {
  it("draws one small chart per group with one bar per series in each category", async () => {
    fakeServer({
      "GET /capacity": {
        series: [
          { member: "Maya", week: "2026-W10", capacity_hours: 32, allocated_hours: 39 },
          { member: "Maya", week: "2026-W11", capacity_hours: 32, allocated_hours: 15 },
          { member: "Tom", week: "2026-W10", capacity_hours: 40, allocated_hours: 0 },
          { member: "Tom", week: "2026-W11", capacity_hours: 40, allocated_hours: 0 },
        ],
      },
    });
    await renderScreen(screenOf({ type: "page", children: [chart] }, {
      sources: { capacity: { method: "GET", path: "/capacity" } },
    }));
    const maya = await screen.findByRole("img", { name: "Capacity: Maya" });
    expect(maya.querySelectorAll(".chart-bar")).toHaveLength(4);
    expect(maya.querySelectorAll(".chart-bar.tone-warning")).toHaveLength(2);
    expect(screen.getByRole("img", { name: "Capacity: Tom" })).toBeTruthy();
    expect(document.querySelector(".chart-legend")?.textContent).toBe("Capacity (h)Allocated (h)");
    const table = document.querySelector(".chart table");
    expect(table?.querySelector("caption")?.textContent).toBe("Capacity");
    expect(table?.querySelectorAll("tbody tr")).toHaveLength(4);
  });

  it("shows the empty text without points", async () => {
    fakeServer({ "GET /capacity": { series: [] } });
    await renderScreen(screenOf({ type: "page", children: [chart] }, {
      sources: { capacity: { method: "GET", path: "/capacity" } },
    }));
    expect(await screen.findByText("Nobody on the team")).toBeTruthy();
  });
});
