import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReportChart } from "./report-chart.tsx";

/** The texts of the value axis's ticks (the left one). */
function valueTicks(container: HTMLElement): string[] {
  const axis = container.querySelector(".visx-axis-left");
  return [...(axis?.querySelectorAll(".chart-tick") ?? [])].map((t) => t.textContent ?? "");
}

describe("a report's bar chart", () => {
  it("counts on whole ticks only, however small they are", () => {
    const { container } = render(
      <ReportChart
        kind="bar"
        title="Open obligations by kind"
        figure="Count"
        points={["Payroll", "Tax filing", "Licence"].map((label) => ({ label, value: 1 }))}
      />,
    );
    const ticks = valueTicks(container);
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.every((t) => /^\d+$/.test(t))).toBe(true);
  });

  it("keeps fractional ticks for figures that are not whole", () => {
    const { container } = render(
      <ReportChart
        kind="bar"
        title="Average hours"
        figure="Average"
        points={[{ label: "A", value: 0.5 }, { label: "B", value: 1.25 }]}
      />,
    );
    expect(valueTicks(container).some((t) => t.includes("."))).toBe(true);
  });
});
