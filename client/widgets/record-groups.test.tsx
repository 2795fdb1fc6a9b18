import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { taskMeta } from "../testing/record-fixture.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const TASKS = "/api/records/task";

describe("the record-groups widget", () => {
  it("asks one grouped query over the list's filters and shows each group's count and sums in words, with totals", async () => {
    const server = fakeServer({
      [`POST ${TASKS}/query`]: {
        rows: [
          { priority: 1, due_date: "2026-03", count: 2, sum_budget: 1000 },
          { priority: 4, due_date: "2026-04", count: 1, sum_budget: 250.5 },
        ],
        more: false,
      },
    });
    await renderScreen(screenOf({
      type: "record-groups",
      api: TASKS,
      meta: taskMeta(),
      fields: [{ id: "priority", label: "Priority" }, {
        id: "due_date",
        label: "Due date",
        date: true,
      }],
      sums: [{ id: "budget", label: "Budget" }],
      by: ["priority", "due_date"],
      filters: [{ field: "billable", op: "eq", value: true }],
      search: "spec",
    }));
    const groups = await screen.findByRole("region", {
      name: "Tasks by priority and due date",
    });
    const table = within(groups).getByRole("table");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Priority",
      "Due date (month)",
      "Count",
      "Sum of budget",
    ]);
    expect(within(table).getByRole("cell", { name: "Mar 2026" })).toBeTruthy();
    const total = within(table).getByRole("cell", { name: "Total" }).closest("tr")!;
    expect([...total.querySelectorAll("td")].map((td) => td.textContent)).toEqual([
      "Total",
      "",
      "3",
      "1,250.50",
    ]);
    expect(server.to("POST", `${TASKS}/query`)[0].body).toEqual({
      filters: [{ field: "billable", op: "eq", value: true }],
      group_by: [{ field: "priority" }, { field: "due_date", bucket: "month" }],
      aggregates: [
        { fn: "count", as: "count" },
        { fn: "sum", field: "budget", as: "sum_budget" },
      ],
      limit: 2000,
      search: "spec",
      sort: [{ field: "priority", dir: "asc" }, { field: "due_date", dir: "asc" }],
    });
  });
});
