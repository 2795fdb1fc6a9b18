import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const chart = {
  type: "timeline-chart",
  source: "schedule",
  path: "tasks",
  label: "title",
  sortBy: "proposed_start",
  title: "Schedule",
  bars: [
    { start: "current_start", end: "current_due", label: "Dates today", tone: "neutral" },
    {
      start: "proposed_start",
      end: "proposed_due",
      label: "Proposed",
      tone: "info",
      emphasis: { field: "critical", tone: "danger", label: "Critical" },
    },
  ],
  emptyText: "No open tasks to schedule",
};

function render(tasks: unknown[], extra: Record<string, unknown> = {}) {
  fakeServer({ "GET /schedule": { tasks } });
  return renderScreen(screenOf({ type: "page", children: [{ ...chart, ...extra }] }, {
    sources: { schedule: { method: "GET", path: "/schedule" } },
  }));
}

const TASKS = [
  {
    title: "Build",
    critical: false,
    current_start: null,
    current_due: null,
    proposed_start: "2026-03-09",
    proposed_due: "2026-03-13",
  },
  {
    title: "Design",
    critical: true,
    current_start: "2026-03-02",
    current_due: "2026-03-04",
    proposed_start: "2026-03-02",
    proposed_due: "2026-03-06",
  },
];

describe("the timeline chart", () => {
  it("draws a row per item in order, with each bar's dates, emphasis and legend", async () => {
    await render(TASKS);
    const svg = await screen.findByRole("img", { name: "Schedule" });
    const labels = [...document.querySelectorAll(".timeline-labels li")].map((li) =>
      li.textContent
    );
    expect(labels).toEqual(["Design", "Build"]);
    const titles = [...svg.querySelectorAll(".chart-bar title")].map((t) => t.textContent);
    expect(titles).toEqual([
      "Design: Dates today Mar 2, 2026 – Mar 4, 2026",
      "Design: Critical Mar 2, 2026 – Mar 6, 2026",
      "Build: Proposed Mar 9, 2026 – Mar 13, 2026",
    ]);
    expect(svg.querySelectorAll(".chart-bar.tone-danger")).toHaveLength(1);
    expect(svg.querySelectorAll(".chart-bar.tone-neutral")).toHaveLength(1);
    expect(document.querySelector(".chart-legend")?.textContent).toBe(
      "Dates todayProposedCritical",
    );
    const rows = [...document.querySelectorAll(".chart table tbody tr")].map((r) => r.textContent);
    expect(rows[1]).toBe("Build——Mar 9, 2026Mar 13, 2026");
  });

  it("draws a longer bar for a longer span", async () => {
    await render(TASKS);
    const svg = await screen.findByRole("img", { name: "Schedule" });
    const [today, critical, build] = [...svg.querySelectorAll(".chart-bar")].map((b) =>
      Number(b.getAttribute("width"))
    );
    expect(critical).toBeGreaterThan(today);
    expect(Math.round(critical / 5)).toBe(Math.round(build / 5));
  });

  it("counts the rows it leaves out", async () => {
    await render(TASKS, { maxRows: 1 });
    await screen.findByRole("img", { name: "Schedule" });
    expect(document.querySelectorAll(".timeline-labels li")).toHaveLength(1);
    expect(screen.getByText("Showing the first 1 of 2 rows.")).toBeTruthy();
  });

  it("shows the empty text when no row has dates", async () => {
    await render([]);
    expect(await screen.findByText("No open tasks to schedule")).toBeTruthy();
  });
});
