import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { taskMeta, taskRow } from "../testing/record-fixture.ts";
import { apiError, fakeServer, type RecordedRequest } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/task";

/** Three tasks of December 2026: two on Monday the 7th, one on Wednesday the 9th. */
function calendarServer(patch?: (r: RecordedRequest) => unknown) {
  const rows = [
    taskRow("t1", { due_date: "2026-12-07" }),
    taskRow("t2", { due_date: "2026-12-07", title: "Second task" }),
    taskRow("t3", { due_date: "2026-12-09", title: "Third task" }),
  ];
  return fakeServer({
    [`POST ${API}/list`]: (r) => {
      // The list's own page asks for no range: every task.
      const range = (r.body as { filters?: { field: string; value: string[] }[] }).filters
        ?.find((f) => f.field === "due_date")?.value ?? ["", "9"];
      const items = rows.filter((row) =>
        (row.due_date as string) >= range[0] && (row.due_date as string) <= range[1]
      );
      return { items, next_cursor: null, total: { count: items.length, exact: true } };
    },
    [`PATCH ${API}/t1`]: (r) => {
      const refused = patch?.(r);
      if (refused) return refused;
      const values = (r.body as { values: { due_date: string } }).values;
      rows[0] = { ...rows[0], due_date: values.due_date, version: 2 };
      return { record: rows[0] };
    },
  });
}

function calendar(span: "month" | "week" = "month", movable = true) {
  return screenOf({
    type: "record-calendar",
    api: API,
    meta: taskMeta(),
    fields: [{ id: "due_date", label: "Due date", type: "date", movable }],
    span,
  });
}

function day(name: string): HTMLElement {
  return screen.getByRole("listitem", { name });
}

function chip(name: string): HTMLElement {
  return screen.getByRole("link", { name });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 11, 8, 10, 0));
});
afterEach(() => vi.useRealTimers());

describe("the record-calendar widget", () => {
  it("shows the month around today with each task on its due day, in words, read in one range", async () => {
    const server = calendarServer();
    await renderScreen(calendar());
    expect(screen.getByRole("heading", { name: "December 2026" })).toBeTruthy();
    await waitFor(() => expect(within(day("Monday 7 December 2026")).getAllByRole("link")));
    expect(within(day("Monday 7 December 2026")).getAllByRole("link").map((l) => l.textContent))
      .toEqual(["Task t1", "Second task"]);
    expect(within(day("Wednesday 9 December 2026")).getByRole("link").textContent)
      .toBe("Third task");
    expect(day("Tuesday 8 December 2026").getAttribute("aria-current")).toBe("date");
    expect(chip("Task t1").getAttribute("href")).toBe("/app/tasks/t1");
    // The grid runs from the Monday before the 1st to the Sunday after the 31st.
    expect(server.to("POST", `${API}/list`)[0].body).toMatchObject({
      filters: [{ field: "due_date", op: "between", value: ["2026-11-30", "2027-01-03"] }],
      limit: 500,
    });
    fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    expect(screen.getByRole("heading", { name: "January 2027" })).toBeTruthy();
    await waitFor(() => expect(server.to("POST", `${API}/list`)).toHaveLength(2));
  });

  it("a week shows its seven days and the records on them", async () => {
    calendarServer();
    await renderScreen(calendar("week"));
    expect(screen.getByRole("heading", { name: "7 – 13 Dec 2026" })).toBeTruthy();
    await waitFor(() => expect(chip("Third task")).toBeTruthy());
    expect(screen.getAllByRole("listitem").filter((e) => e.dataset.day)).toHaveLength(7);
    expect(screen.getByText("Mon 7 Dec")).toBeTruthy();
  });

  it("moves a focused task by keyboard with one PATCH of its date at its version, announcing each step", async () => {
    const server = calendarServer();
    await renderScreen(calendar());
    await waitFor(() => expect(chip("Task t1")).toBeTruthy());
    const task = chip("Task t1");
    task.focus();
    fireEvent.keyDown(task, { key: " " });
    expect(screen.getByText(/Task t1 picked up on Monday 7 December 2026/)).toBeTruthy();
    fireEvent.keyDown(task, { key: "ArrowRight" });
    fireEvent.keyDown(task, { key: "ArrowRight" });
    expect(screen.getByText("Task t1 over Wednesday 9 December 2026.")).toBeTruthy();
    expect(day("Wednesday 9 December 2026").className).toContain("is-target");
    fireEvent.keyDown(task, { key: " " });
    await waitFor(() => expect(server.to("PATCH", `${API}/t1`)).toHaveLength(1));
    expect(server.to("PATCH", `${API}/t1`)[0].body).toEqual({
      version: 1,
      values: { due_date: "2026-12-09" },
    });
    expect(await screen.findByText("Task t1 moved to Wednesday 9 December 2026")).toBeTruthy();
    await waitFor(() =>
      expect(within(day("Wednesday 9 December 2026")).getByRole("link", { name: "Task t1" }))
        .toBeTruthy()
    );
    expect(within(day("Monday 7 December 2026")).queryByRole("link", { name: "Task t1" }))
      .toBeNull();
  });

  it("moves a task through its Move date, and puts a refused one back with the server's reason", async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    calendarServer(async () => {
      await answered;
      return apiError(403, "forbidden", "Only project managers may move a due date", {
        fields: { due_date: "Only project managers may move a due date" },
      });
    });
    await renderScreen(calendar("week"));
    await waitFor(() => expect(chip("Task t1")).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Move Task t1 to another day" }));
    fireEvent.change(screen.getByLabelText("Move Task t1 to"), {
      target: { value: "2026-12-11" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Move" }));
    // On its way it shows on its new day.
    await waitFor(() =>
      expect(within(day("Friday 11 December 2026")).getByRole("link", { name: "Task t1" }))
        .toBeTruthy()
    );
    await act(async () => {
      release();
      await answered;
    });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Task t1 stays on Monday 7 December 2026: Only project managers may move a due date",
    );
    await waitFor(() =>
      expect(within(day("Monday 7 December 2026")).getByRole("link", { name: "Task t1" }))
        .toBeTruthy()
    );
  });

  it("a stale version puts the task back and says the calendar now shows the latest", async () => {
    calendarServer(() =>
      apiError(409, "conflict", "Task TSK-t1 was changed by someone else", { current_version: 3 })
    );
    await renderScreen(calendar());
    await waitFor(() => expect(chip("Task t1")).toBeTruthy());
    const task = chip("Task t1");
    fireEvent.keyDown(task, { key: " " });
    fireEvent.keyDown(task, { key: "ArrowDown" });
    fireEvent.keyDown(task, { key: "Enter" });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Task t1 was changed by someone else meanwhile, so it stays on Monday 7 December 2026",
    );
    await waitFor(() =>
      expect(within(day("Monday 7 December 2026")).getByRole("link", { name: "Task t1" }))
        .toBeTruthy()
    );
  });

  it("offers no move to a caller who may not change the date", async () => {
    const server = calendarServer();
    await renderScreen(calendar("month", false));
    await waitFor(() => expect(chip("Task t1")).toBeTruthy());
    expect(screen.queryByRole("button", { name: /Move Task t1/ })).toBeNull();
    expect(chip("Task t1").getAttribute("draggable")).toBe("false");
    fireEvent.keyDown(chip("Task t1"), { key: " " });
    fireEvent.keyDown(chip("Task t1"), { key: "ArrowRight" });
    fireEvent.keyDown(chip("Task t1"), { key: " " });
    expect(server.to("PATCH", `${API}/t1`)).toHaveLength(0);
  });

  it("a month's day shows three records and says how many more, showing them when asked", async () => {
    fakeServer({
      [`POST ${API}/list`]: () => {
        const items = [1, 2, 3, 4, 5].map((n) =>
          taskRow(`m${n}`, { due_date: "2026-12-15", title: `Busy ${n}` })
        );
        return { items, next_cursor: null, total: { count: 5, exact: true } };
      },
    });
    await renderScreen(calendar());
    const busy = () => day("Tuesday 15 December 2026");
    const more = await within(busy()).findByRole("button", {
      name: "2 more on Tuesday 15 December 2026",
    });
    expect(within(busy()).getAllByRole("link")).toHaveLength(3);
    fireEvent.click(more);
    expect(within(busy()).getAllByRole("link")).toHaveLength(5);
  });
});

describe("a calendar of more records than it reads", () => {
  it("reads every page up to its bound and says how many it leaves out", async () => {
    const server = fakeServer({
      [`POST ${API}/list`]: (r) => {
        const page = Number((r.body as { cursor?: string }).cursor ?? 0);
        return {
          items: [taskRow(`p${page}`, { due_date: "2026-12-09" })],
          next_cursor: String(page + 1),
          total: { count: 6000, exact: true },
        };
      },
    });
    await renderScreen(calendar());
    expect(
      (await screen.findByRole("status")).textContent,
    ).toBe(
      "5,990 more tasks in these days are not shown; narrow the list with a filter to see them.",
    );
    expect(server.to("POST", `${API}/list`)).toHaveLength(10);
  });
});

describe("a calendar by a datetime", () => {
  it("reads whole days and keeps a moved record's time of day", async () => {
    const meta = taskMeta();
    meta.fields.push({ id: "meets_at", label: "Meeting", type: "datetime", filterable: true });
    const server = fakeServer({
      [`POST ${API}/list`]: {
        items: [taskRow("t1", { meets_at: "2026-12-07T09:30:00.000Z" })],
        next_cursor: null,
        total: { count: 1, exact: true },
      },
      [`PATCH ${API}/t1`]: { record: taskRow("t1", { meets_at: "2026-12-08T09:30:00.000Z" }) },
    });
    await renderScreen(screenOf({
      type: "record-calendar",
      api: API,
      meta,
      fields: [{ id: "meets_at", label: "Meeting", type: "datetime", movable: true }],
      span: "week",
    }));
    const task = await within(day("Monday 7 December 2026")).findByRole("link", {
      name: "Task t1",
    });
    expect(server.to("POST", `${API}/list`)[0].body).toMatchObject({
      filters: [{
        field: "meets_at",
        op: "between",
        value: ["2026-12-07T00:00:00.000Z", "2026-12-13T23:59:59.999Z"],
      }],
    });
    fireEvent.keyDown(task, { key: " " });
    fireEvent.keyDown(task, { key: "ArrowRight" });
    fireEvent.keyDown(task, { key: " " });
    await waitFor(() => expect(server.to("PATCH", `${API}/t1`)).toHaveLength(1));
    expect(server.to("PATCH", `${API}/t1`)[0].body).toEqual({
      version: 1,
      values: { meets_at: "2026-12-08T09:30:00.000Z" },
    });
  });
});

describe("the record-list widget with a calendar", () => {
  const CALENDAR = { fields: [{ id: "due_date", label: "Due date", type: "date", movable: true }] };

  it("offers Calendar, and saves it as a view with its date that opens as a calendar", async () => {
    const server = calendarServer();
    server.on(`POST ${API}/views`, {
      view: { id: "v9", label: "Deadlines", layout: "calendar", calendar_field: "due_date" },
    });
    await renderScreen(
      screenOf({ type: "record-list", api: API, meta: taskMeta(), calendar: CALENDAR }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Calendar" }));
    expect(await screen.findByRole("region", { name: "Tasks by Due date" })).toBeTruthy();
    expect(await screen.findByRole("link", { name: "Third task" })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save view" }));
    fireEvent.change(screen.getByRole("textbox", { name: "View name" }), {
      target: { value: "Deadlines" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("POST", `${API}/views`)).toHaveLength(1));
    expect(server.to("POST", `${API}/views`)[0].body).toMatchObject({
      label: "Deadlines",
      layout: "calendar",
      calendar_field: "due_date",
    });
    fireEvent.click(screen.getByRole("button", { name: "List" }));
    expect(await screen.findByRole("table")).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "View" }), { target: { value: "" } });
    fireEvent.change(screen.getByRole("combobox", { name: "View" }), { target: { value: "v9" } });
    expect(await screen.findByRole("region", { name: "Tasks by Due date" })).toBeTruthy();
  });
});
