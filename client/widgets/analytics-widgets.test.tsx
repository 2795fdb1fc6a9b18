import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const page = (...children: unknown[]) => ({ type: "page", children });
const progress = { method: "POST", path: "/progress" };

describe("the analytics widgets", () => {
  it("draws one bar per point and labels every n-th", async () => {
    fakeServer({
      "POST /progress": { history: [1, 2, 3, 4, 5, 6].map((day) => ({ day, velocity: day * 2 })) },
    });
    await renderScreen(screenOf(
      page({
        type: "bar-chart",
        source: "velocity",
        path: "history",
        x: "day",
        y: "velocity",
        xLabel: "Day",
        labelEvery: 5,
        title: "Velocity history",
        emptyText: "No velocity yet",
      }),
      { sources: { velocity: progress } },
    ));
    const chart = await screen.findByRole("img", { name: "Velocity history" });
    expect(chart.querySelectorAll(".chart-bar")).toHaveLength(6);
    const labels = [...chart.querySelectorAll(".chart-tick")].map((t) => t.textContent).filter((
      t,
    ) => t?.startsWith("Day"));
    expect(labels).toEqual(["Day 1", "Day 6"]);
    expect(await screen.findByRole("table", { name: "Velocity history" })).toBeTruthy();
  });

  it("shortens category labels wider than their slot, keeping the full names in its table", async () => {
    const categories = ["Training", "Software and subscriptions", "Meals and entertainment"];
    fakeServer({
      "POST /progress": {
        spend: [...categories, "Travel", "Lodging", "Hardware", "Office supplies"].map((
          category,
          i,
        ) => ({ category, amount: 100 * (i + 1) })),
      },
    });
    await renderScreen(screenOf(
      page({
        type: "bar-chart",
        source: "spend",
        path: "spend",
        x: "category",
        y: "amount",
        title: "Spend",
        emptyText: "Nothing spent",
      }),
      { sources: { spend: progress } },
    ));
    const chart = await screen.findByRole("img", { name: "Spend" });
    const ticks = [...chart.querySelectorAll(".chart-tick")].map((t) => t.textContent);
    // Seven categories in the test's 600px: a slot holds about a dozen characters.
    expect(ticks).toContain("Training");
    expect(ticks).not.toContain("Software and subscriptions");
    const shortened = ticks.filter((t) => t?.endsWith("…"));
    expect(shortened.map((t) => t!.slice(0, 5))).toEqual(["Softw", "Meals", "Offic"]);
    for (const tick of shortened) expect(tick!.length).toBeLessThan(16);
    const table = await screen.findByRole("table", { name: "Spend" });
    expect(table.textContent).toContain("Software and subscriptions");
    // Its headings name the fields in words, not as the codes the descriptor uses.
    expect([...table.querySelectorAll("th")].map((th) => th.textContent)).toEqual([
      "Category",
      "Amount",
    ]);
  });

  it("draws one bar per key of a record, and the empty state for a null or empty one", async () => {
    fakeServer({
      "POST /progress": {
        by_status: { active: 5, completed: 1, on_hold: 2 },
        none: null,
        empty: {},
      },
    });
    const chart = (path: string, title: string) => ({
      type: "bar-chart",
      source: "dashboard",
      path,
      record: true,
      x: "key",
      y: "value",
      title,
      emptyText: `No ${title}`,
    });
    await renderScreen(screenOf(
      page(chart("by_status", "Projects"), chart("none", "Leads"), chart("empty", "Stages")),
      { sources: { dashboard: progress } },
    ));
    const bars = await screen.findByRole("img", { name: "Projects" });
    expect(bars.querySelectorAll(".chart-bar")).toHaveLength(3);
    const table = await screen.findByRole("table", { name: "Projects" });
    expect([...table.querySelectorAll("tr")].slice(1).map((row) => row.textContent)).toEqual([
      "active5",
      "completed1",
      "on_hold2",
    ]);
    const ticks = [...bars.querySelectorAll(".chart-tick")].map((t) => t.textContent);
    expect(ticks).toContain("5");
    expect(ticks.some((t) => t?.includes("."))).toBe(false);
    expect(await screen.findByText("No Leads")).toBeTruthy();
    expect(await screen.findByText("No Stages")).toBeTruthy();
  });

  it("shows a bar chart's empty state", async () => {
    fakeServer({ "POST /progress": { history: [] } });
    await renderScreen(screenOf(
      page({
        type: "bar-chart",
        source: "velocity",
        path: "history",
        x: "day",
        y: "velocity",
        emptyTitle: "Velocity Data Unavailable",
        emptyText: "Complete some tasks first.",
      }),
      { sources: { velocity: progress } },
    ));
    expect(await screen.findByText("Velocity Data Unavailable")).toBeTruthy();
  });

  it("draws a line per series with a legend", async () => {
    fakeServer({
      "POST /progress": {
        points: [{ d: 1, remaining: 10, ideal: 10 }, { d: 2, remaining: 8, ideal: 5 }],
      },
    });
    await renderScreen(screenOf(
      page({
        type: "line-chart",
        source: "burndown",
        path: "points",
        x: "d",
        series: [{ key: "remaining", label: "Remaining" }, {
          key: "ideal",
          label: "Ideal",
          dashed: true,
        }],
        title: "Burndown",
        emptyText: "No burndown",
      }),
      { sources: { burndown: progress } },
    ));
    const chart = await screen.findByRole("img", { name: "Burndown" });
    expect(chart.querySelectorAll(".chart-line")).toHaveLength(2);
    expect(chart.querySelectorAll(".chart-line")[1].getAttribute("stroke-dasharray")).toBe("6 4");
    expect((await screen.findByRole("list")).textContent).toBe("RemainingIdeal");
  });

  it("shows trends, capped risk and scenario confidence", async () => {
    fakeServer({ "POST /progress": { trend: "declining", risk: 140, probability: 0.8 } });
    await renderScreen(screenOf(
      page(
        { type: "trend-arrow", label: "Velocity", value: { $bind: "p", path: "trend" } },
        { type: "risk-bar", label: "Risk score", value: { $bind: "p", path: "risk" } },
        { type: "tone-dot", tone: "danger", label: "High risk" },
        {
          type: "scenario-card",
          title: "Pessimistic",
          date: "Mar 1, 2027",
          probability: { $bind: "p", path: "probability" },
          factor: 1.5,
        },
      ),
      { sources: { p: progress } },
    ));
    expect((await screen.findByText("declining")).closest(".trend")?.getAttribute("data-tone"))
      .toBe("danger");
    const meter = await screen.findByRole("meter", { name: "Risk score" });
    expect(meter.getAttribute("aria-valuenow")).toBe("100");
    expect(await screen.findByText("100")).toBeTruthy();
    expect(await screen.findByText("High risk")).toBeTruthy();
    expect(await screen.findByText("Confidence: 100%")).toBeTruthy();
  });
});
