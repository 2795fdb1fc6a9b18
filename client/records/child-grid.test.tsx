import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { taskMeta, taskRow } from "../testing/record-fixture.ts";
import { localToday } from "./conditions.ts";
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

/** The task fixture with a dated line and a receipt per line (as an expense claim's). */
function datedMeta() {
  const meta = taskMeta();
  return {
    ...meta,
    fields: meta.fields.map((f) =>
      f.id === "lines"
        ? {
          ...f,
          fields: [
            { id: "date", label: "Date", type: "date" as const, default: "@today" },
            ...(f.fields ?? []),
            { id: "receipt", label: "Receipt", type: "attach" as const },
          ],
        }
        : f
    ),
  };
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

  it("dates a new row today and takes a receipt per row, uploaded at once and saved with it", async () => {
    const server = fakeServer({
      [`GET ${API}/t1`]: {
        record: taskRow("t1", {
          version: 3,
          lines: [{
            id: "l0",
            date: "2031-02-10",
            item: "Taxi",
            qty: 1,
            amount: 40,
            receipt: "f0",
          }],
        }),
        actions: [{ id: "update", label: "Edit" }],
        read_only_fields: [],
      },
      [`POST ${API}/files`]: {
        file: { id: "f1", name: "hotel.pdf", content_type: "application/pdf", size: 4 },
      },
      [`GET ${API}/t1/files/lines.receipt?row=l0`]: new Response("taxi", {
        headers: { "content-type": "text/plain" },
      }),
      [`PATCH ${API}/t1`]: { record: taskRow("t1", { version: 4 }) },
    });
    await renderScreen(
      screenOf({ type: "record-form", api: API, meta: datedMeta(), recordId: "t1" }),
    );
    fireEvent.click(await screen.findByRole("tab", { name: "Lines" }));
    const grid = screen.getByRole("table", { name: "Lines" });
    fireEvent.click(screen.getByRole("button", { name: "Add row" }));
    expect((within(grid).getByLabelText("Date row 2") as HTMLInputElement).value).toBe(
      localToday(),
    );
    const file = new File(["%PDF"], "hotel.pdf", { type: "application/pdf" });
    fireEvent.change(within(grid).getByLabelText("Receipt row 2"), { target: { files: [file] } });
    expect(await within(grid).findByText("hotel.pdf")).toBeTruthy();
    fireEvent.click(within(grid).getByRole("button", { name: "Download Receipt row 1" }));
    await waitFor(() =>
      expect(server.to("GET", `${API}/t1/files/lines.receipt`).map((r) => r.url)).toEqual([
        `${API}/t1/files/lines.receipt?row=l0`,
      ])
    );
    fireEvent.change(within(grid).getByLabelText("Amount row 2"), { target: { value: "180" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("PATCH", `${API}/t1`)).toHaveLength(1));
    const sent = server.to("PATCH", `${API}/t1`)[0].body as { values: { lines: unknown[] } };
    expect(sent.values.lines[1]).toEqual({
      date: localToday(),
      receipt: "f1",
      amount: 180,
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
