import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { RecordTypeMeta } from "../../schemas/records/meta.ts";
import { taskMeta, taskRow } from "../testing/record-fixture.ts";
import { apiError, fakeServer, type RecordedRequest } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/task";

function boardMeta(): RecordTypeMeta {
  const meta = taskMeta();
  meta.fields.push({
    id: "stage",
    label: "Stage",
    type: "select",
    filterable: true,
    options: [
      { value: "new", label: "New", tone: "info" },
      { value: "contacted", label: "Contacted", tone: "info" },
      { value: "won", label: "Won", tone: "success" },
    ],
  });
  return meta;
}

const SETUP = {
  fields: [{
    id: "stage",
    label: "Stage",
    columns: [
      { value: "new", label: "New", tone: "info" as const },
      { value: "contacted", label: "Contacted", tone: "info" as const },
      { value: "won", label: "Won", tone: "success" as const },
    ],
  }],
  sum: { field: "budget", label: "Budget" },
  cards: ["stage", "project", "priority", "budget"],
};

/** A server holding three tasks by stage: the grouped query and the lists read what it holds. */
function boardServer(patch?: (r: RecordedRequest) => unknown) {
  const rows = [
    taskRow("t1", { stage: "new", budget: 100 }),
    taskRow("t2", { stage: "new", budget: 200, title: "Second task" }),
    taskRow("t3", { stage: "contacted", budget: 50, title: "Third task" }),
  ];
  const server = fakeServer({
    [`POST ${API}/query`]: () => {
      const groups = new Map<string, { stage: string; count: number; sum: number }>();
      for (const row of rows) {
        const g = groups.get(row.stage as string) ??
          { stage: row.stage as string, count: 0, sum: 0 };
        g.count += 1;
        g.sum += row.budget as number;
        groups.set(g.stage, g);
      }
      return { rows: [...groups.values()], more: false };
    },
    [`POST ${API}/list`]: (r) => {
      const filter = (r.body as { filters: { field: string; value: string }[] }).filters
        .find((f) => f.field === "stage");
      const items = rows.filter((row) => row.stage === filter?.value);
      return { items, next_cursor: null, total: { count: items.length, exact: true } };
    },
    [`PATCH ${API}/t1`]: (r) => {
      const refused = patch?.(r);
      if (refused) return refused;
      const values = (r.body as { values: { stage: string } }).values;
      rows[0] = { ...rows[0], stage: values.stage, version: 2 };
      return { record: rows[0] };
    },
  });
  return server;
}

function board() {
  return screenOf({ type: "record-board", api: API, meta: boardMeta(), ...SETUP });
}

function column(name: string): HTMLElement {
  return screen.getByRole("region", { name, exact: true });
}

describe("the record-board widget", () => {
  it("shows a column per stage with its count and sum, and cards with values in the user's words", async () => {
    const server = boardServer();
    await renderScreen(board());
    const card = await screen.findByRole("button", { name: "Task t1" });
    expect(within(column("New")).getByText("2")).toBeTruthy();
    expect(within(column("New")).getByText("$300.00")).toBeTruthy();
    expect(within(column("Contacted")).getByText("1")).toBeTruthy();
    expect(within(column("Won")).getByText("No records")).toBeTruthy();
    // A priority by its label, a project by its title, money formatted; no codes.
    expect(within(card).getByText("High")).toBeTruthy();
    expect(within(card).getByText("Apollo")).toBeTruthy();
    expect(within(card).getByText("$100.00")).toBeTruthy();
    expect(card.textContent).not.toContain("p1");
    // One grouped query for every column's count and sum; each column its own page.
    expect(server.to("POST", `${API}/query`)[0].body).toMatchObject({
      group_by: [{ field: "stage" }],
      aggregates: [{ fn: "count", as: "count" }, { fn: "sum", field: "budget", as: "sum" }],
    });
    expect(server.to("POST", `${API}/list`).map((r) => (r.body as { limit: number }).limit))
      .toEqual([20, 20, 20]);
  });

  it("shows each column's weighted sum as the grouped query weighs it when the field's values carry weights", async () => {
    const server = fakeServer({
      [`POST ${API}/query`]: () => ({
        rows: [
          { stage: "new", count: 2, sum: 300, weighted: 30 },
          { stage: "contacted", count: 1, sum: 50, weighted: 10 },
        ],
        more: false,
      }),
      [`POST ${API}/list`]: () => ({
        items: [],
        next_cursor: null,
        total: { count: 0, exact: true },
      }),
    });
    const weighted = { ...SETUP, fields: [{ ...SETUP.fields[0], weighted: true }] };
    await renderScreen(
      screenOf({ type: "record-board", api: API, meta: boardMeta(), ...weighted }),
    );
    expect(await within(column("New")).findByText("Weighted $30.00")).toBeTruthy();
    expect(within(column("New")).getByText("$300.00")).toBeTruthy();
    expect(within(column("Contacted")).getByText("Weighted $10.00")).toBeTruthy();
    // A column no record is in weighs nothing.
    expect(within(column("Won")).queryByText(/Weighted/)).toBeNull();
    expect(server.to("POST", `${API}/query`)[0].body).toMatchObject({
      aggregates: [
        { fn: "count", as: "count" },
        { fn: "sum", field: "budget", as: "sum" },
        { fn: "sum", field: "budget", weight: "stage", as: "weighted" },
      ],
    });
  });

  it("asks for no weighted sum when the field's values carry no weights", async () => {
    const server = boardServer();
    await renderScreen(board());
    await screen.findByRole("button", { name: "Task t1" });
    expect(screen.queryByText(/Weighted/)).toBeNull();
    expect(
      (server.to("POST", `${API}/query`)[0].body as { aggregates: unknown[] }).aggregates,
    ).toHaveLength(2);
  });

  it("moves a focused card by keyboard with one PATCH at its version, announcing each step", async () => {
    const server = boardServer();
    await renderScreen(board());
    const card = await screen.findByRole("button", { name: "Task t1" });
    card.focus();
    fireEvent.keyDown(card, { key: " " });
    expect(screen.getByText(/Task t1 picked up in New/)).toBeTruthy();
    expect(card.getAttribute("aria-pressed")).toBe("true");
    fireEvent.keyDown(card, { key: "ArrowRight" });
    expect(screen.getByText("Task t1 over Contacted, column 2 of 3.")).toBeTruthy();
    fireEvent.keyDown(card, { key: " " });
    await waitFor(() => expect(server.to("PATCH", `${API}/t1`)).toHaveLength(1));
    expect(server.to("PATCH", `${API}/t1`)[0].body).toEqual({
      version: 1,
      values: { stage: "contacted" },
    });
    expect(await screen.findByText("Task t1 moved to Contacted")).toBeTruthy();
    await waitFor(() =>
      expect(within(column("Contacted")).getByRole("button", { name: "Task t1" })).toBeTruthy()
    );
    expect(within(column("New")).queryByRole("button", { name: "Task t1" })).toBeNull();
    expect(within(column("Contacted")).getByText("$150.00")).toBeTruthy();
    expect(within(column("New")).getByText("1")).toBeTruthy();
  });

  it("Escape puts a lifted card back without asking the server", async () => {
    const server = boardServer();
    await renderScreen(board());
    const card = await screen.findByRole("button", { name: "Task t1" });
    fireEvent.keyDown(card, { key: " " });
    fireEvent.keyDown(card, { key: "ArrowRight" });
    fireEvent.keyDown(card, { key: "Escape" });
    expect(screen.getByText("Move cancelled. Task t1 stays in New.")).toBeTruthy();
    expect(server.to("PATCH", `${API}/t1`)).toHaveLength(0);
    expect(card.getAttribute("aria-pressed")).toBe("false");
  });

  it("puts a refused card back and shows the server's reason", async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    boardServer(async () => {
      await answered;
      return apiError(403, "forbidden", "Only people allowed to win leads may mark a lead won", {
        fields: { stage: "Only people allowed to win leads may mark a lead won" },
      });
    });
    await renderScreen(board());
    const card = await screen.findByRole("button", { name: "Task t1" });
    const menu = within(card.parentElement!).getByRole("combobox", { name: "Move Task t1 to" });
    fireEvent.change(menu, { target: { value: "won" } });
    // On its way, the card shows where it goes and the counts follow.
    await waitFor(() =>
      expect(within(column("Won")).getByRole("button", { name: "Task t1" })).toBeTruthy()
    );
    expect(within(column("Won")).getByText("1")).toBeTruthy();
    await act(async () => {
      release();
      await answered;
    });
    expect(
      (await screen.findByRole("alert")).textContent,
    ).toContain("Task t1 stays in New: Only people allowed to win leads may mark a lead won");
    await waitFor(() =>
      expect(within(column("New")).getByRole("button", { name: "Task t1" })).toBeTruthy()
    );
    expect(within(column("Won")).queryByRole("button", { name: "Task t1" })).toBeNull();
    expect(within(column("New")).getByText("2")).toBeTruthy();
  });

  it("a stale version puts the card back and says the board now shows the latest", async () => {
    boardServer(() =>
      apiError(409, "conflict", "Task TSK-t1 was changed by someone else", { current_version: 3 })
    );
    await renderScreen(board());
    const card = await screen.findByRole("button", { name: "Task t1" });
    fireEvent.keyDown(card, { key: " " });
    fireEvent.keyDown(card, { key: "ArrowRight" });
    fireEvent.keyDown(card, { key: " " });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Task TSK-t1 was changed by someone else. The board shows the latest now; try again.",
    );
    await waitFor(() =>
      expect(within(column("New")).getByRole("button", { name: "Task t1" })).toBeTruthy()
    );
  });
});

describe("a column of more cards than a page", () => {
  /** What each observer watches, and against which scrolled window. */
  const watched: { root: Element | Document | null | undefined; target: Element; fire(): void }[] =
    [];

  class WatchingObserver {
    constructor(
      private readonly callback: IntersectionObserverCallback,
      private readonly options: IntersectionObserverInit = {},
    ) {}
    observe(target: Element) {
      watched.push({
        root: this.options.root,
        target,
        fire: () =>
          this.callback(
            [{ isIntersecting: true, target } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          ),
      });
    }
    disconnect() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }

  it("loads the next page when the end of its cards scrolls near the column's own window, not before", async () => {
    vi.stubGlobal("IntersectionObserver", WatchingObserver);
    try {
      const rows = Array.from(
        { length: 25 },
        (_, i) => taskRow(`n${i}`, { stage: "new", title: `Card ${i}` }),
      );
      const server = fakeServer({
        [`POST ${API}/query`]: { rows: [{ stage: "new", count: 25 }], more: false },
        [`POST ${API}/list`]: (r) => {
          const body = r.body as { filters: { field: string; value: string }[]; cursor?: string };
          if (body.filters.find((f) => f.field === "stage")?.value !== "new") {
            return { items: [], next_cursor: null, total: { count: 0, exact: true } };
          }
          const items = body.cursor ? rows.slice(20) : rows.slice(0, 20);
          return {
            items,
            next_cursor: body.cursor ? null : "page-2",
            total: { count: 25, exact: true },
          };
        },
      });
      await renderScreen(board());
      await screen.findByRole("button", { name: "Card 19" });
      const cards = within(column("New")).getByRole("list");
      const watching = watched.filter((w) => cards.contains(w.target));
      expect(watching.length).toBeGreaterThan(0);
      // The loader watches the end of the cards inside the column's scrolled list: the cards
      // scroll there, so watching the column's foot would load page after page unscrolled.
      expect(watching.every((w) => w.root === cards)).toBe(true);
      expect(server.to("POST", `${API}/list`).filter((r) => (r.body as { cursor?: string }).cursor))
        .toEqual([]);
      act(() => watching.at(-1)!.fire());
      await screen.findByRole("button", { name: "Card 24" });
      expect(
        server.to("POST", `${API}/list`).map((r) => (r.body as { cursor?: string }).cursor)
          .filter(Boolean),
      ).toEqual(["page-2"]);
    } finally {
      vi.unstubAllGlobals();
      watched.length = 0;
    }
  });
});

describe("a board keeping its cards' order", () => {
  const RANKED = { ...SETUP, rank: "board_rank" };

  function rankedServer() {
    const rows = [
      taskRow("t1", { stage: "new", board_rank: "c" }),
      taskRow("t2", { stage: "new", board_rank: "b", title: "Second task" }),
      taskRow("t3", { stage: "contacted", board_rank: "k", title: "Third task" }),
    ];
    return fakeServer({
      [`POST ${API}/query`]: {
        rows: [{ stage: "new", count: 2 }, { stage: "contacted", count: 1 }],
        more: false,
      },
      [`POST ${API}/list`]: (r) => {
        const body = r.body as { filters: { field: string; value: string }[]; sort: unknown };
        const stage = body.filters.find((f) => f.field === "stage")?.value;
        const items = rows.filter((row) => row.stage === stage)
          .sort((a, b) => String(b.board_rank).localeCompare(String(a.board_rank)));
        return { items, next_cursor: null, total: { count: items.length, exact: true } };
      },
      [`PATCH ${API}/t1`]: (r) => ({
        record: { ...rows[0], ...(r.body as { values: object }).values },
      }),
      [`PATCH ${API}/t2`]: (r) => ({
        record: { ...rows[1], ...(r.body as { values: object }).values },
      }),
    });
  }

  it("reads each column by its order key, highest first", async () => {
    const server = rankedServer();
    await renderScreen(screenOf({ type: "record-board", api: API, meta: boardMeta(), ...RANKED }));
    await screen.findByRole("button", { name: "Task t1" });
    expect(server.to("POST", `${API}/list`)[0].body).toMatchObject({
      sort: [{ field: "board_rank", dir: "desc" }],
    });
    const titles = within(column("New")).getAllByRole("button", { name: /task/i })
      .map((b) => b.getAttribute("aria-label"));
    expect(titles).toEqual(["Task t1", "Second task"]);
  });

  it("moves a card up within its column by keyboard: one PATCH of its order key only", async () => {
    const server = rankedServer();
    await renderScreen(screenOf({ type: "record-board", api: API, meta: boardMeta(), ...RANKED }));
    const card = await screen.findByRole("button", { name: "Second task" });
    fireEvent.keyDown(card, { key: " " });
    fireEvent.keyDown(card, { key: "ArrowUp" });
    expect(screen.getByText("Second task over New, position 1 of 2.")).toBeTruthy();
    fireEvent.keyDown(card, { key: " " });
    await waitFor(() => expect(server.to("PATCH", `${API}/t2`)).toHaveLength(1));
    const sent = server.to("PATCH", `${API}/t2`)[0].body as {
      values: Record<string, string>;
    };
    expect(Object.keys(sent.values)).toEqual(["board_rank"]);
    expect(sent.values.board_rank > "c").toBe(true);
  });

  it("moves a card to another column's second place with its value and a key between its new neighbours", async () => {
    const server = rankedServer();
    await renderScreen(screenOf({ type: "record-board", api: API, meta: boardMeta(), ...RANKED }));
    const card = await screen.findByRole("button", { name: "Task t1" });
    fireEvent.keyDown(card, { key: " " });
    fireEvent.keyDown(card, { key: "ArrowRight" });
    fireEvent.keyDown(card, { key: "ArrowDown" });
    expect(screen.getByText("Task t1 over Contacted, position 2 of 2.")).toBeTruthy();
    fireEvent.keyDown(card, { key: " " });
    await waitFor(() => expect(server.to("PATCH", `${API}/t1`)).toHaveLength(1));
    const sent = server.to("PATCH", `${API}/t1`)[0].body as {
      values: Record<string, string>;
    };
    expect(sent.values.stage).toBe("contacted");
    expect(sent.values.board_rank < "k").toBe(true);
  });
});

describe("the record-list widget with a board", () => {
  it("offers List and Board, and shows the board's columns when Board is chosen", async () => {
    boardServer();
    await renderScreen(
      screenOf({ type: "record-list", api: API, meta: boardMeta(), board: SETUP }),
    );
    const boardButton = await screen.findByRole("button", { name: "Board" });
    expect(screen.getByRole("button", { name: "List" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(boardButton);
    expect(await screen.findByRole("region", { name: "Tasks by Stage" })).toBeTruthy();
    expect(boardButton.getAttribute("aria-pressed")).toBe("true");
    expect(await screen.findByRole("button", { name: "Task t1" })).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("saves the board as a view, and a view saved as a board opens as one", async () => {
    const server = boardServer();
    server.on(`POST ${API}/views`, {
      view: { id: "v9", label: "Pipeline", layout: "board", board_field: "stage" },
    });
    await renderScreen(
      screenOf({ type: "record-list", api: API, meta: boardMeta(), board: SETUP }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Board" }));
    // The board's own chunk loads first (a slow machine would otherwise redraw the toolbar mid-way).
    expect(await screen.findByRole("region", { name: "Tasks by Stage" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save view" }));
    fireEvent.change(screen.getByRole("textbox", { name: "View name" }), {
      target: { value: "Pipeline" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("POST", `${API}/views`)).toHaveLength(1));
    expect(server.to("POST", `${API}/views`)[0].body).toMatchObject({
      label: "Pipeline",
      layout: "board",
      board_field: "stage",
    });
    fireEvent.click(screen.getByRole("button", { name: "List" }));
    expect(await screen.findByRole("table")).toBeTruthy();
    fireEvent.change(screen.getByRole("combobox", { name: "View" }), { target: { value: "" } });
    fireEvent.change(screen.getByRole("combobox", { name: "View" }), { target: { value: "v9" } });
    expect(await screen.findByRole("region", { name: "Tasks by Stage" })).toBeTruthy();
  });
});
