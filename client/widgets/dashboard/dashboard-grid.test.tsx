import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeServer } from "../../testing/fake-server.ts";
import { taskMeta } from "../../testing/record-fixture.ts";
import { renderScreen, screenOf } from "../../testing/render-screen.tsx";

const SHOWN = "/api/dashboards/shown/operations-dashboard";
const RUN = (id: string) => `/api/records/report/${id}/run`;

function gridScreen() {
  return screenOf({
    type: "dashboard-grid",
    dashboardPath: SHOWN,
    runPath: "/api/records/report/{id}/run",
    typePath: "/api/records/{type}",
    reportRoute: "/app/report-builder/{id}",
    editRoute: "/app/insights-manager/{id}",
    pin: {
      path: "/api/dashboards/pin",
      mine: "/api/dashboards/mine",
      dashboardRoute: "/app/dashboards/{id}",
    },
    empty: {
      title: "No dashboard here yet",
      text: "Pin reports to a dashboard.",
      link: { label: "Open Insights Manager", to: "/app/insights-manager" },
    },
  });
}

/** An IntersectionObserver the test drives: `show(el)` brings an element into view. */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly targets: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.all.push(this);
  }
  observe(el: Element) {
    this.targets.push(el);
  }
  disconnect() {
    this.targets.length = 0;
  }
  unobserve() {}
  static show(el: Element) {
    for (const o of FakeObserver.all.filter((o) => o.targets.includes(el))) {
      o.callback([{ isIntersecting: true, target: el } as IntersectionObserverEntry], o as never);
    }
  }
}

const DASHBOARD = {
  dashboard: {
    id: "dsh_ops",
    name: "Operations",
    description: "Delivery across all projects.",
    owned: false,
    cards: [
      { report: "r_status", title: "Tasks by status", width: "wide" },
      { report: "r_open", title: "Open tasks", width: "narrow" },
      { report: "r_money", title: "Budget by status", width: "narrow" },
    ],
  },
};

const run = (id: string, chart: string, definition: unknown, rows: unknown[]) => ({
  report: { id, title: id, record_type: "task", chart, sharing: "organization", owned: false },
  definition,
  rows,
  more: false,
});

describe("the dashboard-grid widget", () => {
  beforeEach(() => {
    FakeObserver.all = [];
    vi.stubGlobal("IntersectionObserver", FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("runs a card's report only when the card comes into view, and draws it in words", async () => {
    const server = fakeServer({
      [`GET ${SHOWN}`]: DASHBOARD,
      [`GET /api/records/task/meta`]: { meta: taskMeta(), options: {} },
      [`POST ${RUN("r_status")}`]: run(
        "r_status",
        "table",
        { group_by: [{ field: "status" }], aggregates: [{ fn: "count", as: "count" }] },
        [{ status: "open", count: 3 }, { status: "done", count: 2 }],
      ),
      [`POST ${RUN("r_open")}`]: apiError(403, "forbidden", "You may not read tasks"),
    });
    await renderScreen(gridScreen());
    const first = await screen.findByRole("article", { name: "Tasks by status" });
    expect(screen.getByRole("article", { name: "Open tasks" })).toBeTruthy();
    expect(screen.getByText("Shared with you")).toBeTruthy();
    expect(server.requests.filter((r) => r.path.endsWith("/run"))).toEqual([]);

    FakeObserver.show(first);
    const table = await within(first).findByRole("table");
    await waitFor(() => expect(within(table).getByRole("cell", { name: "Open" })).toBeTruthy());
    expect(within(table).getByRole("cell", { name: "Done" })).toBeTruthy();
    expect(server.requests.filter((r) => r.path.endsWith("/run")).map((r) => r.path)).toEqual([
      RUN("r_status"),
    ]);

    // A card whose records the reader may not read says so; the others are unaffected.
    const second = screen.getByRole("article", { name: "Open tasks" });
    FakeObserver.show(second);
    expect(
      await within(second).findByText("Your role may not read the records this report counts."),
    ).toBeTruthy();
    expect(within(first).getByRole("cell", { name: "Open" })).toBeTruthy();
    expect(server.to("POST", RUN("r_money"))).toEqual([]);
  });

  it("shows a short list's dates as people read them, not as stored", async () => {
    fakeServer({
      [`GET ${SHOWN}`]: {
        dashboard: {
          ...DASHBOARD.dashboard,
          cards: [{ report: "r_due", title: "Due soon", width: "full" }],
        },
      },
      [`GET /api/records/task/meta`]: { meta: taskMeta(), options: {} },
      [`POST ${RUN("r_due")}`]: run(
        "r_due",
        "table",
        { columns: ["title", "due_date"] },
        [{ id: "t1", title: "Payroll filing", due_date: "2026-12-03" }],
      ),
    });
    await renderScreen(gridScreen());
    const card = await screen.findByRole("article", { name: "Due soon" });
    FakeObserver.show(card);
    const table = await within(card).findByRole("table");
    await waitFor(() =>
      expect(within(table).getByRole("cell", { name: "Dec 3, 2026" })).toBeTruthy()
    );
    expect(within(table).queryByText("2026-12-03")).toBeNull();
  });

  it("says what to do when no dashboard is shown here yet", async () => {
    fakeServer({ [`GET ${SHOWN}`]: { dashboard: null } });
    await renderScreen(gridScreen());
    expect(await screen.findByText("No dashboard here yet")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open Insights Manager" }).getAttribute("href"))
      .toBe("/app/insights-manager");
  });

  it("pins a card's report to a new dashboard of one's own and links to it", async () => {
    const server = fakeServer({
      [`GET ${SHOWN}`]: DASHBOARD,
      [`GET /api/dashboards/mine`]: { dashboards: [{ id: "d1", name: "Mine" }] },
      [`POST /api/dashboards/pin`]: { dashboard: { id: "d2", name: "Delivery" }, pinned: true },
    });
    await renderScreen(gridScreen());
    fireEvent.click(
      await screen.findByRole("button", { name: "Pin Open tasks to a dashboard of yours" }),
    );
    const dialog = await screen.findByRole("dialog", { name: "Pin “Open tasks”" });
    expect(await within(dialog).findByRole("radio", { name: "Mine" })).toHaveProperty(
      "checked",
      true,
    );
    fireEvent.click(within(dialog).getByRole("radio", { name: "A new dashboard" }));
    fireEvent.change(within(dialog).getByLabelText("Its name"), { target: { value: "Delivery" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Pin" }));
    expect(await within(dialog).findByText("Pinned to Delivery.")).toBeTruthy();
    expect(server.to("POST", "/api/dashboards/pin")[0].body).toEqual({
      report: "r_open",
      name: "Delivery",
    });
    expect(within(dialog).getByRole("link", { name: "Open Delivery" }).getAttribute("href"))
      .toBe("/app/dashboards/d2");
  });

  it("draws a standard figure from its own query, options in the organisation's words", async () => {
    const meta = taskMeta();
    meta.fields.push({ id: "source", label: "Source", type: "select", filterable: true });
    const server = fakeServer({
      [`GET /api/records/task/meta`]: {
        meta,
        options: { source: [{ value: "cold_outreach", label: "Cold outreach" }] },
      },
      [`POST /api/records/task/query`]: {
        rows: [{ source: "cold_outreach", count: 4 }, { source: "event", count: 1 }],
        more: false,
      },
    });
    const query = { group_by: [{ field: "source" }], aggregates: [{ fn: "count", as: "count" }] };
    await renderScreen(screenOf({
      type: "query-card",
      title: "Tasks by source",
      recordType: "task",
      queryPath: "/api/records/task/query",
      typePath: "/api/records/{type}",
      query,
      chart: "table",
    }));
    const card = await screen.findByRole("article", { name: "Tasks by source" });
    FakeObserver.show(card);
    expect(await within(card).findByRole("cell", { name: "Cold outreach" })).toBeTruthy();
    expect(within(card).getByRole("cell", { name: "event" })).toBeTruthy();
    expect(server.to("POST", "/api/records/task/query")[0].body).toEqual(query);
  });
});
