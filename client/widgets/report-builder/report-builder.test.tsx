import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, fakeServer } from "../../testing/fake-server.ts";
import { taskMeta } from "../../testing/record-fixture.ts";
import { renderScreen, screenOf } from "../../testing/render-screen.tsx";
import { reportBuilderNode } from "../../testing/report-builder-fixture.ts";

const TASKS = "/api/records/task";
const REPORTS = "/api/records/report";

function builderScreen(reportId?: string) {
  return screenOf(reportBuilderNode(reportId));
}

const META = {
  [`GET ${TASKS}/meta`]: { meta: taskMeta(), options: {} },
  [`GET ${REPORTS}/meta`]: {
    meta: taskMeta({ id: "report" }),
    options: { role: [{ value: "finance", label: "Finance" }] },
  },
};

describe("the report-builder widget", () => {
  it("previews the groups and figures chosen, in words, with a totals row", async () => {
    const server = fakeServer({
      ...META,
      [`POST ${TASKS}/query`]: (request) => {
        const body = request.body as { group_by?: unknown[] };
        return body.group_by
          ? {
            rows: [
              { status: "open", count: 3, sum_budget: 1200.5 },
              { status: "done", count: 2, sum_budget: 800 },
            ],
            more: false,
          }
          : { rows: [{ count: 5 }], more: false };
      },
    });
    await renderScreen(builderScreen());
    const preview = await screen.findByRole("region", { name: "Preview" });
    fireEvent.click(await screen.findByRole("button", { name: "Add group" }));
    fireEvent.change(screen.getByLabelText("Group 1", { exact: true }), {
      target: { value: "status" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Add figure" }));
    const table = await within(preview).findByRole("table");
    await waitFor(() => expect(within(table).getByRole("cell", { name: "Open" })).toBeTruthy());
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Status",
      "Count",
      "Sum of budget",
    ]);
    // Money keeps its cents; the totals row sums the figures.
    expect(within(table).getByRole("cell", { name: "1,200.50" })).toBeTruthy();
    const total = within(table).getByRole("cell", { name: "Total" }).closest("tr")!;
    expect([...total.querySelectorAll("td")].map((td) => td.textContent)).toEqual([
      "Total",
      "5",
      "2,000.50",
    ]);
    const asked = server.requests.filter((r) => r.path === `${TASKS}/query`).at(-1)!.body;
    expect(asked).toEqual({
      group_by: [{ field: "status" }],
      aggregates: [{ fn: "count", as: "count" }, { fn: "sum", field: "budget", as: "sum_budget" }],
      limit: 2000,
    });
  });

  it("drills a group down to its records and back", async () => {
    const server = fakeServer({
      ...META,
      [`POST ${TASKS}/query`]: (request) => {
        const body = request.body as { group_by?: unknown[] };
        return body.group_by
          ? { rows: [{ status: "open", count: 1 }], more: false }
          : { rows: [{ id: "t1", name: "TSK-1", title: "Write the spec" }], more: false };
      },
    });
    await renderScreen(builderScreen());
    fireEvent.click(await screen.findByRole("button", { name: "Add group" }));
    fireEvent.change(screen.getByLabelText("Group 1", { exact: true }), {
      target: { value: "status" },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Open" }));
    expect(await screen.findByRole("cell", { name: "Write the spec" })).toBeTruthy();
    await waitFor(() =>
      expect(server.requests.at(-1)!.body).toMatchObject({
        filters: [{ field: "status", op: "eq", value: "open" }],
      })
    );
    fireEvent.click(screen.getByRole("button", { name: "Back to the groups" }));
    expect(await screen.findByRole("button", { name: "Open" })).toBeTruthy();
  });

  it("saves only a named report, and shows the server's reason when it refuses", async () => {
    const server = fakeServer({
      ...META,
      [`POST ${TASKS}/query`]: { rows: [{ count: 4 }], more: false },
      [`POST ${REPORTS}`]: apiError(400, "invalid_input", "The report's query: Unknown field", {
        fields: { definition: "The report's query: Unknown field" },
      }),
    });
    await renderScreen(builderScreen());
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Give the report a name before saving it",
    );
    expect(server.requests.some((r) => r.method === "POST" && r.path === REPORTS)).toBe(false);
    fireEvent.change(screen.getByLabelText("Name", { exact: true }), {
      target: { value: "Open work" },
    });
    fireEvent.change(screen.getByLabelText("Shared with"), { target: { value: "roles" } });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Finance" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("The report's query: Unknown field")
    );
    const sent = server.requests.find((r) => r.method === "POST" && r.path === REPORTS)!.body as {
      values: Record<string, unknown>;
    };
    expect(sent.values).toMatchObject({
      name: "Open work",
      record_type: "task",
      sharing: "roles",
      shared_roles: [{ role: "finance" }],
    });
    expect(JSON.parse(String(sent.values.definition))).toEqual({
      aggregates: [{ fn: "count", as: "count" }],
    });
  });

  it("opens a report shared with the caller to explore, with no Save of theirs", async () => {
    fakeServer({
      ...META,
      [`GET ${REPORTS}/r1`]: {
        record: {
          id: "r1",
          version: 2,
          name: "Open work",
          title: "Open work",
          record_type: "task",
          definition: JSON.stringify({ aggregates: [{ fn: "count", as: "count" }] }),
          chart: "table",
          sharing: "organization",
          shared_roles: [],
        },
        actions: [],
        read_only_fields: [],
        read_only_reason: "Only its owner changes this report",
        makes: [],
        waiting_for: null,
      },
      [`POST ${TASKS}/query`]: { rows: [{ count: 7 }], more: false },
    });
    await renderScreen(builderScreen("r1"), { params: { id: "r1" } });
    expect(await screen.findByText(/Shared with you\. Only its owner changes this report/))
      .toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.getByRole("button", { name: "Save a copy" })).toBeTruthy();
    expect(await screen.findByRole("cell", { name: "7" })).toBeTruthy();
  });

  it("orders groups by a figure and keeps the top N, and a saved order and limit survive a re-save", async () => {
    const definition = {
      group_by: [{ field: "status" }],
      aggregates: [{ fn: "count", as: "count" }, { fn: "sum", field: "budget", as: "sum_budget" }],
      sort: [{ field: "sum_budget", dir: "desc" }],
      limit: 3,
    };
    const server = fakeServer({
      ...META,
      [`GET ${REPORTS}/r2`]: {
        record: {
          id: "r2",
          version: 4,
          name: "Top budgets",
          title: "Top budgets",
          record_type: "task",
          definition: JSON.stringify(definition),
          chart: "table",
          sharing: "private",
          shared_roles: [],
        },
        actions: [],
        read_only_fields: [],
        makes: [],
        waiting_for: null,
      },
      [`POST ${TASKS}/query`]: {
        rows: [{ status: "open", count: 3, sum_budget: 10 }],
        more: false,
      },
      [`PATCH ${REPORTS}/r2`]: { record: { id: "r2", version: 5 } },
    });
    await renderScreen(builderScreen("r2"), { params: { id: "r2" } });
    const order = await screen.findByRole("combobox", { name: "Order by" });
    await waitFor(() =>
      expect((order as HTMLSelectElement).selectedOptions[0].textContent).toBe("Sum of budget")
    );
    // The choices read as the result's columns once the type's fields have loaded.
    await waitFor(() =>
      expect([...(order as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
        "As they come",
        "Status",
        "Count",
        "Sum of budget",
      ])
    );
    expect((screen.getByRole("spinbutton", { name: "At most (rows)" }) as HTMLInputElement).value)
      .toBe("3");
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === `${TASKS}/query`).at(-1)?.body)
        .toMatchObject({ sort: [{ field: "sum_budget", dir: "desc" }], limit: 3 })
    );

    // Re-saved unchanged, the report keeps its order and its limit.
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(server.requests.some((r) => r.method === "PATCH" && r.path === `${REPORTS}/r2`))
        .toBe(true)
    );
    const patched = server.requests.find((r) => r.method === "PATCH")!.body as {
      values: Record<string, unknown>;
    };
    expect(JSON.parse(String(patched.values.definition))).toEqual(definition);

    // Ordered by count ascending, with no limit: the preview asks so, and reads every group.
    fireEvent.change(order, { target: { value: "count" } });
    fireEvent.change(screen.getByRole("combobox", { name: "Direction" }), {
      target: { value: "asc" },
    });
    fireEvent.change(screen.getByRole("spinbutton", { name: "At most (rows)" }), {
      target: { value: "" },
    });
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === `${TASKS}/query`).at(-1)?.body)
        .toMatchObject({ sort: [{ field: "count", dir: "asc" }], limit: 2000 })
    );
  });
});
