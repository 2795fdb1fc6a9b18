import { act, fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { taskMeta, taskRow } from "../testing/record-fixture.ts";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/task";

function lines(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `l${i}`,
    idx: i,
    item: `Item ${i}`,
    qty: 1,
    amount: 10,
  }));
}

async function openLines(count: number) {
  const server = fakeServer({
    [`GET ${API}/t1`]: {
      record: taskRow("t1", { version: 3, lines: lines(count) }),
      actions: [{ id: "update", label: "Edit" }],
      read_only_fields: [],
    },
    [`PATCH ${API}/t1`]: { record: taskRow("t1", { version: 4 }) },
  });
  const view = await renderScreen(
    screenOf({ type: "record-form", api: API, meta: taskMeta(), recordId: "t1" }),
  );
  fireEvent.click(await screen.findByRole("tab", { name: "Lines" }));
  return { ...view, server, grid: screen.getByRole("table", { name: "Lines" }) };
}

function totalOf(grid: HTMLElement, column: string): string | null {
  return grid.querySelector(`[data-total="${column}"]`)?.textContent ?? null;
}

describe("the child-row grid of a record form", () => {
  it("adds and removes rows, keeps running totals, and saves the rows", async () => {
    const { server, grid } = await openLines(2);
    expect(totalOf(grid, "amount")).toBe("$20.00");
    fireEvent.click(screen.getByRole("button", { name: "Add row" }));
    fireEvent.change(within(grid).getByLabelText("Amount row 3"), { target: { value: "5.5" } });
    expect(totalOf(grid, "amount")).toBe("$25.50");
    // Only what the record sums is totalled: a quantity (or a rate) has no total.
    expect(totalOf(grid, "qty")).toBe("");
    fireEvent.click(within(grid).getByRole("button", { name: "Remove row 1" }));
    expect(totalOf(grid, "amount")).toBe("$15.50");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await screen.findByRole("button", { name: "Save" });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(server.to("PATCH", `${API}/t1`)[0].body).toEqual({
      version: 3,
      values: {
        lines: [
          { id: "l1", idx: 1, item: "Item 1", qty: 1, amount: 10 },
          { amount: 5.5 },
        ],
      },
    });
  });

  it("moves between cells with the arrow keys and Enter, adding a row at the end", async () => {
    const { grid } = await openLines(2);
    const first = within(grid).getByLabelText("Quantity row 1");
    first.focus();
    fireEvent.keyDown(first, { key: "ArrowDown" });
    expect(document.activeElement).toBe(within(grid).getByLabelText("Quantity row 2"));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    expect(document.activeElement).toBe(within(grid).getByLabelText("Item row 2"));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    expect(document.activeElement).toBe(within(grid).getByLabelText("Item row 1"));
    const item = document.activeElement as HTMLInputElement;
    item.setSelectionRange(item.value.length, item.value.length);
    fireEvent.keyDown(item, { key: "ArrowRight" });
    expect(document.activeElement).toBe(within(grid).getByLabelText("Quantity row 1"));
    fireEvent.keyDown(document.activeElement!, { key: "Enter" });
    fireEvent.keyDown(document.activeElement!, { key: "Enter" });
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(document.activeElement).toBe(within(grid).getByLabelText("Quantity row 3"));
  });

  it(
    "accepts typing in a record of 1,000 rows as in one of 10, keeping its other rows",
    async () => {
      const timings: string[] = [];
      for (const count of [10, 1000]) {
        const opened = performance.now();
        const { grid, unmount } = await openLines(count);
        const openMs = performance.now() - opened;
        expect(grid.querySelectorAll("tbody tr")).toHaveLength(count);
        const cellOf = (row: number) =>
          grid.querySelector<HTMLInputElement>(`td[data-row="${row}"][data-col="2"] input`)!;
        const first = cellOf(0);
        const last = cellOf(count - 1);
        const typed = performance.now();
        for (const value of ["1", "12", "123"]) fireEvent.change(last, { target: { value } });
        const typeMs = (performance.now() - typed) / 3;
        expect(cellOf(count - 1).value).toBe("123");
        expect(cellOf(0)).toBe(first);
        expect(totalOf(grid, "amount")).toBe(
          `$${(10 * (count - 1) + 123).toLocaleString("en-US")}.00`,
        );
        timings.push(
          `${count} rows: open ${openMs.toFixed(0)} ms, keystroke ${typeMs.toFixed(1)} ms`,
        );
        unmount();
      }
      console.info(`child grid (jsdom, development React): ${timings.join("; ")}`);
    },
    60_000,
  );
});
