import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

describe("the progress-bar widget", () => {
  it("words its figure as the percent format does, so a stat beside it reads the same", async () => {
    fakeServer({ "POST /progress": { project: { progress_percentage: 48.5 } } });
    await renderScreen(screenOf(
      {
        type: "page",
        children: [
          {
            type: "stat",
            label: "Progress",
            value: { $bind: "progress", path: "project.progress_percentage", format: "percent" },
          },
          {
            type: "progress-bar",
            label: "Overall progress",
            value: { $bind: "progress", path: "project.progress_percentage" },
            max: 100,
          },
        ],
      },
      { sources: { progress: { method: "POST", path: "/progress" } } },
    ));
    const bar = await screen.findByText("Overall progress");
    expect(bar.parentElement?.querySelector(".progress-value")?.textContent).toBe("48.5%");
    expect(screen.getAllByText("48.5%")).toHaveLength(2);
  });
});
