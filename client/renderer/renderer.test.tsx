import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { configureErrorReporting } from "../api/error-report.ts";
import { apiError, fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";
import { WIDGET_REGISTRY } from "../widgets/registry.ts";

const page = (...children: unknown[]) => ({ type: "page", title: "Board", children });
const stats = { method: "POST", path: "/stats", body: {} };

beforeEach(() => {
  configureErrorReporting("/ui/errors");
});

describe("bindings", () => {
  it("shows a bound value formatted, with prefix and suffix", async () => {
    fakeServer({
      "POST /stats": { data: { completion: 72.46, budget: 1234.5, tasks: [1, 2, 3] } },
    });
    await renderScreen(screenOf(
      page(
        {
          type: "text",
          text: { $bind: "stats", path: "data.completion", format: "percent", prefix: "Done: " },
        },
        { type: "text", text: { $bind: "stats", path: "data.budget", format: "currency" } },
        {
          type: "text",
          text: { $bind: "stats", path: "data.tasks", format: "count", suffix: " tasks" },
        },
      ),
      { sources: { stats } },
    ));
    expect(await screen.findByText("Done: 72.5%")).toBeTruthy();
    expect(await screen.findByText("$1,234.50")).toBeTruthy();
    expect(await screen.findByText("3 tasks")).toBeTruthy();
  });

  it("shows the binding's fallback text when the value is missing", async () => {
    fakeServer({ "POST /stats": { data: {} } });
    await renderScreen(screenOf(
      page({
        type: "text",
        text: { $bind: "stats", path: "data.last_updated", format: "date", fallback: "Never" },
      }),
      { sources: { stats } },
    ));
    expect(await screen.findByText("Never")).toBeTruthy();
  });

  it("reads item fields inside table rows", async () => {
    fakeServer({ "POST /leads": { leads: [{ id: 1, name: "Acme", score: 0.42 }] } });
    await renderScreen(screenOf(
      page({
        type: "table",
        source: "leads",
        path: "leads",
        emptyText: "No leads",
        columns: [{ key: "name", label: "Name" }, {
          key: "score",
          label: "Score",
          format: "fraction-percent",
        }],
      }),
      { sources: { leads: { method: "POST", path: "/leads" } } },
    ));
    const row = (await screen.findByText("Acme")).closest("tr")!;
    expect(within(row).getByText("42%")).toBeTruthy();
  });
});

describe("text rules", () => {
  it("picks a text by case, then by threshold, else otherwise", async () => {
    fakeServer({
      "POST /stats": {
        members: [{ name: "Ana", done: 3 }, { name: "Bo", done: 0 }],
        status: "late",
      },
    });
    const activity = {
      $text: {
        value: { $field: "done" },
        thresholds: [{ min: 1, text: "Active" }],
        otherwise: "Getting Started",
      },
    };
    await renderScreen(screenOf(
      page(
        {
          type: "text",
          text: {
            $text: {
              value: { $bind: "stats", path: "status" },
              cases: { late: "Behind Schedule" },
              otherwise: "On Schedule",
            },
          },
        },
        {
          type: "table",
          source: "stats",
          path: "members",
          emptyText: "None",
          columns: [{ key: "name", label: "Member" }, {
            key: "done",
            label: "Badge",
            text: activity,
          }],
        },
      ),
      { sources: { stats } },
    ));
    expect(await screen.findByText("Behind Schedule")).toBeTruthy();
    expect(within((await screen.findByText("Ana")).closest("tr")!).getByText("Active"))
      .toBeTruthy();
    expect(within((await screen.findByText("Bo")).closest("tr")!).getByText("Getting Started"))
      .toBeTruthy();
  });
});

describe("tone rules", () => {
  const badge = (value: number) => ({
    type: "badge",
    text: `${value}`,
    tone: {
      $rule: {
        value: { $bind: "stats", path: `v${value}` },
        thresholds: [{ min: 80, tone: "success" }, { min: 50, tone: "warning" }],
        otherwise: "danger",
      },
    },
  });

  it("gives the tone of the first threshold the value reaches", async () => {
    fakeServer({ "POST /stats": { v85: 85, v80: 80, v50: 50, v10: 10 } });
    await renderScreen(
      screenOf(page(badge(85), badge(80), badge(50), badge(10)), { sources: { stats } }),
    );
    expect((await screen.findByText("85")).dataset.tone).toBe("success");
    expect((await screen.findByText("80")).dataset.tone).toBe("success");
    expect((await screen.findByText("50")).dataset.tone).toBe("warning");
    expect((await screen.findByText("10")).dataset.tone).toBe("danger");
  });

  it("treats an exclusive threshold as strictly above", async () => {
    fakeServer({ "POST /stats": { v: 80 } });
    await renderScreen(screenOf(
      page({
        type: "badge",
        text: "score",
        tone: {
          $rule: {
            value: { $bind: "stats", path: "v" },
            thresholds: [{ min: 80, exclusive: true, tone: "success" }],
            otherwise: "neutral",
          },
        },
      }),
      { sources: { stats } },
    ));
    expect((await screen.findByText("score")).dataset.tone).toBe("neutral");
  });

  it("matches a value to its case, else otherwise", async () => {
    fakeServer({ "POST /stats": { status: "at_risk" } });
    await renderScreen(screenOf(
      page({
        type: "badge",
        text: { $bind: "stats", path: "status" },
        tone: {
          $match: {
            value: { $bind: "stats", path: "status" },
            cases: { at_risk: "danger" },
            otherwise: "info",
          },
        },
      }),
      { sources: { stats } },
    ));
    expect((await screen.findByText("at_risk")).dataset.tone).toBe("danger");
  });
});

describe("actions", () => {
  it("navigates to a path filled from the row, the state and the params", async () => {
    fakeServer({ "POST /leads": [{ id: 42, name: "Acme" }] });
    const { router } = await renderScreen(
      screenOf(
        page({
          type: "list",
          source: "leads",
          title: { $field: "name" },
          emptyText: "None",
          action: { kind: "navigate", to: "/app/lead-detail/{id}?org={org}&tab={tab}" },
        }),
        { sources: { leads: { method: "POST", path: "/leads" } }, state: { tab: "notes" } },
      ),
      { params: { org: "o1" } },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Acme" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/lead-detail/42"));
    expect(router.state.location.search).toBe("?org=o1&tab=notes");
  });

  it("sets screen state, which shows and hides nodes", async () => {
    await renderScreen(screenOf(
      page(
        {
          type: "button",
          label: "Show details",
          action: { kind: "set-state", values: { open: true } },
        },
        {
          type: "button",
          label: "Hide details",
          action: { kind: "set-state", values: {}, clear: ["open"] },
        },
        { type: "text", text: "The details", visibleWhen: { state: "open", equals: true } },
      ),
      { state: { open: false } },
    ));
    const show = await screen.findByRole("button", { name: "Show details" });
    expect(screen.queryByText("The details")).toBeNull();
    fireEvent.click(show);
    expect(await screen.findByText("The details")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Hide details" }));
    await waitFor(() => expect(screen.queryByText("The details")).toBeNull());
  });

  it("opens a dialog and closes it with its close action or Escape", async () => {
    await renderScreen(screenOf(page(
      { type: "button", label: "New lead", action: { kind: "open-dialog", id: "new" } },
      {
        type: "dialog",
        id: "new",
        title: "Create lead",
        children: [{
          type: "button",
          label: "Cancel",
          action: { kind: "close-dialog", id: "new" },
        }],
      },
    )));
    fireEvent.click(await screen.findByRole("button", { name: "New lead" }));
    const dialog = await screen.findByRole("dialog", { name: "Create lead" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(await screen.findByRole("button", { name: "New lead" }));
    fireEvent.keyDown(await screen.findByRole("dialog"), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("calls the API with a filled body, then reloads the named sources and shows the toast", async () => {
    let count = 1;
    const server = fakeServer({
      "POST /counter": () => ({ value: count }),
      "POST /counter/7/bump": () => {
        count += 1;
        return { ok: true };
      },
    });
    const { toasts } = await renderScreen(
      screenOf(
        page(
          { type: "text", text: { $bind: "counter", path: "value", prefix: "Count " } },
          {
            type: "button",
            label: "Bump",
            action: {
              kind: "call",
              method: "POST",
              path: "/counter/{id}/bump",
              body: { by: { $state: "step" }, id: { $param: "id" } },
              invalidate: ["counter"],
              toast: "Bumped",
            },
          },
        ),
        { sources: { counter: { method: "POST", path: "/counter" } }, state: { step: 2 } },
      ),
      { params: { id: "7" } },
    );
    expect(await screen.findByText("Count 1")).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Bump" }));
    expect(await screen.findByText("Count 2")).toBeTruthy();
    expect(server.to("POST", "/counter/7/bump")[0].body).toEqual({ by: 2, id: "7" });
    expect(toasts).toEqual(["Bumped"]);
  });

  it("shows the server's message when a call fails", async () => {
    fakeServer({ "DELETE /leads/1": apiError(403, "forbidden", "You may not delete leads") });
    const { toasts } = await renderScreen(screenOf(page({
      type: "button",
      label: "Delete",
      action: { kind: "call", method: "DELETE", path: "/leads/1", toast: "Deleted" },
    })));
    fireEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toasts).toEqual(["You may not delete leads"]));
  });

  it("goes back, or home when there is no history", async () => {
    const { router } = await renderScreen(
      screenOf(page({ type: "button", label: "Go Back", action: { kind: "go-back" } })),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Go Back" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
  });

  it("downloads a source as CSV", async () => {
    fakeServer({ "POST /rows": [{ name: "A, Inc", n: 1 }, { name: 'Say "hi"', n: 2 }] });
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:x";
    });
    URL.revokeObjectURL = vi.fn();
    await renderScreen(screenOf(
      page(
        { type: "text", text: { $bind: "rows", path: "0.name" } },
        {
          type: "button",
          label: "Export",
          action: { kind: "download", source: "rows", filename: "rows.csv", format: "csv" },
        },
      ),
      { sources: { rows: { method: "POST", path: "/rows" } } },
    ));
    await screen.findByText("A, Inc");
    fireEvent.click(await screen.findByRole("button", { name: "Export" }));
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(await blobs[0].text()).toBe('name,n\r\n"A, Inc",1\r\n"Say ""hi""",2\r\n');
  });

  it("saves a downloaded file under the name the server gives it, else the descriptor's", async () => {
    fakeServer({
      "GET /files/inv_0gzz/pdf": new Response("%PDF-", {
        headers: {
          "Content-Type": "application/pdf",
          "Content-Disposition":
            `attachment; filename="INV-2026-00012.pdf"; filename*=UTF-8''INV-2026-00012.pdf`,
        },
      }),
      "GET /files/plain/pdf": new Response("%PDF-", {
        headers: { "Content-Type": "application/pdf" },
      }),
    });
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(
      function (this: HTMLAnchorElement) {
        saved.push(this.download);
      },
    );
    const button = (label: string, id: string) => ({
      type: "button" as const,
      label,
      action: {
        kind: "download" as const,
        format: "file" as const,
        source: `/files/${id}/pdf`,
        filename: "invoice.pdf",
      },
    });
    await renderScreen(screenOf(page(button("Named", "inv_0gzz"), button("Unnamed", "plain"))));
    fireEvent.click(await screen.findByRole("button", { name: "Named" }));
    await waitFor(() => expect(saved).toEqual(["INV-2026-00012.pdf"]));
    fireEvent.click(screen.getByRole("button", { name: "Unnamed" }));
    await waitFor(() => expect(saved).toEqual(["INV-2026-00012.pdf", "invoice.pdf"]));
    click.mockRestore();
  });
});

describe("per-source states", () => {
  it("shows a loading skeleton only where the loading source is bound", async () => {
    let release: (value: unknown) => void = () => undefined;
    fakeServer({
      "POST /slow": () => new Promise((resolve) => (release = resolve)),
      "POST /fast": { n: 5 },
    });
    await renderScreen(screenOf(
      page(
        { type: "stat", label: "Slow", value: { $bind: "slow", path: "n" } },
        { type: "stat", label: "Fast", value: { $bind: "fast", path: "n" } },
        { type: "heading", text: "Always here" },
      ),
      {
        sources: {
          slow: { method: "POST", path: "/slow", loadingText: "Loading projects..." },
          fast: { method: "POST", path: "/fast" },
        },
      },
    ));
    expect(await screen.findByText("Always here")).toBeTruthy();
    expect(await screen.findByText("Loading projects...")).toBeTruthy();
    expect(await screen.findByText("5")).toBeTruthy();
    expect(screen.queryByText("Slow")).toBeNull();
    act(() => release({ n: 9 }));
    expect(await screen.findByText("9")).toBeTruthy();
    expect(screen.queryByText("Loading projects...")).toBeNull();
  });

  it("shows a failed source's error text with Retry, and the rest of the screen", async () => {
    let fail = true;
    fakeServer({
      "POST /health": () => fail ? apiError(500, "boom", "Internal error") : { score: 77 },
      "POST /fast": { n: 5 },
    });
    await renderScreen(screenOf(
      page(
        { type: "stat", label: "Health", value: { $bind: "health", path: "score" } },
        { type: "stat", label: "Fast", value: { $bind: "fast", path: "n" } },
      ),
      {
        sources: {
          health: { method: "POST", path: "/health", errorText: "Health is unavailable" },
          fast: { method: "POST", path: "/fast" },
        },
      },
    ));
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Health is unavailable")).toBeTruthy();
    expect(await screen.findByText("Fast")).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("77")).toBeTruthy();
  });

  it("shows the source's empty text when emptyWhen is empty", async () => {
    fakeServer({ "POST /risks": { items: [], total: 0 } });
    await renderScreen(screenOf(
      page({
        type: "list",
        source: "risks",
        path: "items",
        title: { $field: "name" },
        emptyText: "No risks",
      }),
      {
        sources: {
          risks: {
            method: "POST",
            path: "/risks",
            emptyWhen: "items",
            emptyText: "No major health risks detected",
          },
        },
      },
    ));
    expect(await screen.findByText("No major health risks detected")).toBeTruthy();
  });

  it("words a failure with the source's errorFormat under its errorText", async () => {
    fakeServer({
      "POST /analytics": new Response("upstream down", {
        status: 503,
        statusText: "Service Unavailable",
      }),
    });
    await renderScreen(screenOf(
      page({ type: "text", text: { $bind: "analytics", path: "total" } }),
      {
        sources: {
          analytics: {
            method: "POST",
            path: "/analytics",
            errorText: "Failed to load dashboard analytics data",
            errorFormat: "Analytics API error: {status} {statusText}",
          },
        },
      },
    ));
    expect(
      await screen.findByText("Failed to load dashboard analytics data", {}, { timeout: 8_000 }),
    ).toBeTruthy();
    expect(await screen.findByText("Analytics API error: 503 Service Unavailable")).toBeTruthy();
  });

  it("shows the screen's empty panel when its source is empty", async () => {
    fakeServer({ "POST /progress": { tasks: [] } });
    await renderScreen(screenOf(
      page({ type: "text", text: "Body" }),
      {
        sources: { progress: { method: "POST", path: "/progress", emptyWhen: "tasks" } },
        emptyPanel: { title: "No Analytics Data Available", source: "progress" },
      },
    ));
    expect(await screen.findByText("No Analytics Data Available")).toBeTruthy();
    expect(screen.queryByText("Body")).toBeNull();
  });

  it("shows missingText when the answer lacks the selected value", async () => {
    fakeServer({ "POST /analytics": { success: true } });
    await renderScreen(screenOf(
      page({ type: "text", text: { $bind: "analytics", path: "total" } }),
      {
        sources: {
          analytics: {
            method: "POST",
            path: "/analytics",
            select: "data",
            missingText: "No Analytics Data Available",
          },
        },
      },
    ));
    expect(await screen.findByText("No Analytics Data Available")).toBeTruthy();
  });

  it("waits for the state keys of enabledWhen, then sends them in the body", async () => {
    const server = fakeServer({ "POST /progress": { pct: 64 } });
    await renderScreen(screenOf(
      page(
        {
          type: "button",
          label: "Pick project 3",
          action: { kind: "set-state", values: { projectId: "3" } },
        },
        {
          type: "text",
          text: { $bind: "progress", path: "pct", format: "percent", fallback: "No project" },
        },
      ),
      {
        sources: {
          progress: {
            method: "POST",
            path: "/progress",
            body: { project_id: { $state: "projectId" } },
            enabledWhen: ["projectId"],
          },
        },
      },
    ));
    expect(await screen.findByText("No project")).toBeTruthy();
    expect(server.to("POST", "/progress")).toHaveLength(0);
    fireEvent.click(await screen.findByRole("button", { name: "Pick project 3" }));
    expect(await screen.findByText("64%")).toBeTruthy();
    expect(server.to("POST", "/progress")[0].body).toEqual({ project_id: "3" });
  });

  it("replaces the screen with its error panel when a critical source fails", async () => {
    let fail = true;
    fakeServer({
      "POST /progress": () => fail ? apiError(502, "upstream", "Bad gateway") : { pct: 10 },
    });
    await renderScreen(screenOf(
      page({ type: "text", text: { $bind: "progress", path: "pct", format: "percent" } }),
      {
        sources: { progress: { method: "POST", path: "/progress", critical: true } },
        errorPanel: {
          title: "Error Loading Analytics",
          text: "Please try again.",
          retryLabel: "Retry",
        },
      },
    ));
    expect(await screen.findByText("Error Loading Analytics")).toBeTruthy();
    expect(screen.queryByText("Board")).toBeNull();
    fail = false;
    fireEvent.click(await screen.findByRole("button", { name: "Retry" }));
    expect(await screen.findByText("10%")).toBeTruthy();
  });

  it("shows the screen's loading panel while a critical source loads", async () => {
    fakeServer({ "POST /progress": () => new Promise(() => undefined) });
    await renderScreen(screenOf(
      page({ type: "text", text: { $bind: "progress", path: "pct" } }),
      {
        sources: { progress: { method: "POST", path: "/progress", critical: true } },
        loading: { title: "Loading Analytics", text: "Fetching project data..." },
      },
    ));
    expect(await screen.findByText("Loading Analytics")).toBeTruthy();
    expect(await screen.findByText("Fetching project data...")).toBeTruthy();
  });
});

describe("robustness", () => {
  it("renders an unknown widget type as its fallback, reports it, and renders the rest", async () => {
    const server = fakeServer({ "POST /ui/errors": { received: true } });
    await renderScreen(screenOf(page(
      { type: "heading", text: "Before" },
      { type: "sparkline", points: [1, 2], fallback: "Chart unavailable" },
      { type: "heading", text: "After" },
    )));
    expect(await screen.findByText("Chart unavailable")).toBeTruthy();
    expect(await screen.findByText("Before")).toBeTruthy();
    expect(await screen.findByText("After")).toBeTruthy();
    await waitFor(() => expect(server.to("POST", "/ui/errors")).toHaveLength(1));
    const report = server.to("POST", "/ui/errors")[0].body as Record<string, string>;
    expect(report.message).toBe('Unknown widget type "sparkline"');
    expect(report.component).toContain("/body/children/1");
  });

  it("renders an invalid node as a generic fallback and keeps its valid siblings", async () => {
    const server = fakeServer({ "POST /ui/errors": { received: true } });
    const { invalidNodes } = await renderScreen(screenOf(page(
      { type: "card", title: "Valid card", children: [{ type: "badge", tone: "success" }] },
      { type: "text", text: "Still here" },
    )));
    expect([...invalidNodes.keys()]).toEqual(["/body/children/0/children/0"]);
    expect(await screen.findByText("Valid card")).toBeTruthy();
    expect(await screen.findByText("This part of the page cannot be shown.")).toBeTruthy();
    expect(await screen.findByText("Still here")).toBeTruthy();
    await waitFor(() => expect(server.to("POST", "/ui/errors")).toHaveLength(1));
    expect((server.to("POST", "/ui/errors")[0].body as { message: string }).message).toContain(
      "text",
    );
  });

  it("contains a widget that throws while rendering", async () => {
    fakeServer({ "POST /ui/errors": { received: true } });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    function Broken(): never {
      throw new Error("kaboom");
    }
    await renderScreen(
      screenOf(
        page({ type: "heading", text: "Broken", fallback: "Heading failed" }, {
          type: "text",
          text: "Fine",
        }),
      ),
      { registry: { ...WIDGET_REGISTRY, heading: Broken } },
    );
    expect(await screen.findByText("Heading failed")).toBeTruthy();
    expect(await screen.findByText("Fine")).toBeTruthy();
  });
});
