/**
 * The record timeline as a person sees it: bars from start to end date for the
 * tasks overlapping the window, a dependency arrow, a bar moved by keyboard in one
 * PATCH of both dates, a refused move put back with its reason, and the list's
 * Timeline layout saved as a view.
 */
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { taskMeta, taskRow } from "../testing/record-fixture.ts";
import { apiError, fakeServer, type RecordedRequest } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/task";

type Filter = { field: string; op: string; value: string };

/** Three tasks of December 2026; the third waits on the first. One of November is outside. */
function timelineServer(patch?: (r: RecordedRequest) => unknown) {
  const rows = [
    taskRow("t1", { start_date: "2026-12-07", due_date: "2026-12-09" }),
    taskRow("t2", { start_date: "2026-11-20", due_date: "2026-12-02", title: "Second task" }),
    taskRow("t3", { start_date: "2026-12-10", due_date: "2026-12-14", title: "Third task" }),
    taskRow("t4", { start_date: "2026-11-02", due_date: "2026-11-06", title: "Done in November" }),
  ];
  const overlapping = (filters: Filter[]) => {
    const last = filters.find((f) => f.field === "start_date" && f.op === "lte")?.value ?? "9";
    const first = filters.find((f) => f.field === "due_date" && f.op === "gte")?.value ?? "";
    return rows.filter((row) =>
      (row.start_date as string) <= last && (row.due_date as string) >= first
    );
  };
  return fakeServer({
    [`POST ${API}/list`]: (r) => {
      const items = overlapping((r.body as { filters: Filter[] }).filters);
      return { items, next_cursor: null, total: { count: items.length, exact: true } };
    },
    [`POST ${API}/query`]: (r) => {
      const shown = overlapping((r.body as { filters: Filter[] }).filters).map((row) => row.id);
      const links = [{ id: "t3", "dependencies.depends_on": "t1" }];
      return { rows: links.filter((l) => shown.includes(l.id)), more: false };
    },
    [`PATCH ${API}/t1`]: (r) => {
      const refused = patch?.(r);
      if (refused) return refused;
      const values = (r.body as { values: Record<string, string> }).values;
      rows[0] = { ...rows[0], ...values, version: 2 };
      return { record: rows[0] };
    },
  });
}

function timeline(movable = true) {
  return screenOf({
    type: "record-timeline-view",
    api: API,
    meta: taskMeta(),
    start: { id: "start_date", label: "Start date" },
    end: { id: "due_date", label: "Due date" },
    movable,
    dependencies: { field: "dependencies", link: "depends_on", label: "Depends on" },
  });
}

function bar(name: RegExp | string): HTMLElement {
  return screen.getByRole("link", { name });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 11, 8, 10, 0));
});
afterEach(() => vi.useRealTimers());

describe("the record-timeline-view widget", () => {
  it("shows the month's tasks as bars from start to due date, each a link, read as those overlapping the month", async () => {
    const server = timelineServer();
    await renderScreen(timeline());
    expect(screen.getByRole("heading", { name: "December 2026" })).toBeTruthy();
    await waitFor(() => expect(bar(/^Task t1/)).toBeTruthy());
    expect(bar(/^Task t1/).getAttribute("aria-label")).toBe(
      "Task t1: Monday 7 December 2026 to Wednesday 9 December 2026",
    );
    expect(bar(/^Task t1/).getAttribute("href")).toBe("/app/tasks/t1");
    // A task begun in November shows cut at the month's first day.
    expect(bar(/^Second task/).className).toContain("is-cut-start");
    expect(screen.queryByRole("link", { name: /Done in November/ })).toBeNull();
    expect(server.to("POST", `${API}/list`)[0].body).toMatchObject({
      filters: [
        { field: "start_date", op: "lte", value: "2026-12-31" },
        { field: "due_date", op: "gte", value: "2026-12-01" },
      ],
      sort: [{ field: "start_date", dir: "asc" }],
      limit: 500,
    });
    expect(document.querySelector(".timeline-view-today")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    expect(screen.getByRole("heading", { name: "November 2026" })).toBeTruthy();
    await waitFor(() => expect(bar(/^Done in November/)).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Quarter" }));
    expect(screen.getByRole("heading", { name: "Q4 2026" })).toBeTruthy();
    await waitFor(() => expect(bar(/^Third task/)).toBeTruthy());
  });

  it("draws an arrow from a predecessor to its successor and names it in the hidden table", async () => {
    const server = timelineServer();
    await renderScreen(timeline());
    await waitFor(() => expect(document.querySelector('[data-link="t1>t3"]')).toBeTruthy());
    expect(server.to("POST", `${API}/query`)[0].body).toMatchObject({
      columns: ["dependencies.depends_on"],
    });
    const table = screen.getByRole("table", { name: "Tasks from start date to due date" });
    const row = [...table.querySelectorAll("tr")].find((r) => r.textContent?.startsWith("Third"));
    expect([...row!.querySelectorAll("td")].map((c) => c.textContent)).toEqual([
      "Third task",
      "Thursday 10 December 2026",
      "Monday 14 December 2026",
      "Task t1",
    ]);
  });

  it("moves a focused bar a day by Shift and an arrow with one PATCH of both dates at its version", async () => {
    const server = timelineServer();
    await renderScreen(timeline());
    await waitFor(() => expect(bar(/^Task t1/)).toBeTruthy());
    bar(/^Task t1/).focus();
    fireEvent.keyDown(bar(/^Task t1/), { key: "ArrowRight", shiftKey: true });
    await waitFor(() => expect(server.to("PATCH", `${API}/t1`)).toHaveLength(1));
    expect(server.to("PATCH", `${API}/t1`)[0].body).toEqual({
      version: 1,
      values: { start_date: "2026-12-08", due_date: "2026-12-10" },
    });
    expect(
      await screen.findByText(
        "Task t1 moved to Tuesday 8 December 2026 – Thursday 10 December 2026",
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect(bar(/^Task t1/).getAttribute("aria-label")).toBe(
        "Task t1: Tuesday 8 December 2026 to Thursday 10 December 2026",
      )
    );
  });

  it("puts a refused move back with the server's reason", async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    timelineServer(async () => {
      await answered;
      return apiError(409, "conflict", "Task TSK-t1 is completed and cannot be changed");
    });
    await renderScreen(timeline());
    await waitFor(() => expect(bar(/^Task t1/)).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Move Task t1 a day earlier" }));
    // On its way it shows at its new dates.
    await waitFor(() =>
      expect(bar(/^Task t1/).getAttribute("aria-label")).toContain("Sunday 6 December 2026")
    );
    await act(async () => {
      release();
      await answered;
    });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Task t1 stays from Monday 7 December 2026 to Wednesday 9 December 2026: " +
        "Task TSK-t1 is completed and cannot be changed",
    );
    await waitFor(() =>
      expect(bar(/^Task t1/).getAttribute("aria-label")).toBe(
        "Task t1: Monday 7 December 2026 to Wednesday 9 December 2026",
      )
    );
  });

  it("offers no move to a caller who may not change the dates", async () => {
    const server = timelineServer();
    await renderScreen(timeline(false));
    await waitFor(() => expect(bar(/^Task t1/)).toBeTruthy());
    expect(screen.queryByRole("button", { name: /Move Task t1/ })).toBeNull();
    fireEvent.keyDown(bar(/^Task t1/), { key: "ArrowRight", shiftKey: true });
    expect(server.to("PATCH", `${API}/t1`)).toHaveLength(0);
  });
});

describe("the record-list widget with a timeline", () => {
  const TIMELINE = {
    start: { id: "start_date", label: "Start date" },
    end: { id: "due_date", label: "Due date" },
    movable: true,
  };

  it("offers Timeline, and saves it as a view that opens as a timeline", async () => {
    const server = timelineServer();
    server.on(`POST ${API}/views`, {
      view: {
        id: "v9",
        label: "Plan",
        layout: "timeline",
        timeline_start: "start_date",
        timeline_end: "due_date",
      },
    });
    await renderScreen(
      screenOf({ type: "record-list", api: API, meta: taskMeta(), timeline: TIMELINE }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Timeline" }));
    const region = "Tasks from start date to due date";
    expect(await screen.findByRole("region", { name: region })).toBeTruthy();
    expect(await screen.findByRole("link", { name: /^Third task/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save view" }));
    fireEvent.change(screen.getByRole("textbox", { name: "View name" }), {
      target: { value: "Plan" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("POST", `${API}/views`)).toHaveLength(1));
    expect(server.to("POST", `${API}/views`)[0].body).toMatchObject({
      label: "Plan",
      layout: "timeline",
      timeline_start: "start_date",
      timeline_end: "due_date",
    });
    fireEvent.click(screen.getByRole("button", { name: "List" }));
    await waitFor(() => expect(screen.queryByRole("region", { name: region })).toBeNull());
    fireEvent.change(screen.getByRole("combobox", { name: "View" }), { target: { value: "" } });
    fireEvent.change(screen.getByRole("combobox", { name: "View" }), { target: { value: "v9" } });
    expect(await screen.findByRole("region", { name: region })).toBeTruthy();
  });
});
