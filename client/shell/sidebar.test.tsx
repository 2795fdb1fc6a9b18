import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { useLayoutEffect } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { shellFixture } from "../testing/shell-fixture.ts";
import { scoreName } from "./search-ranking.ts";
import { Sidebar } from "./sidebar.tsx";
import { useSidebarState } from "./use-sidebar-state.ts";

const scoring = shellFixture().sidebar.search;

function SidebarHarness({ onFirstCommit }: { onFirstCommit?(): void }) {
  const state = useSidebarState(10);
  return (
    <>
      <input aria-label="Other field" />
      <Sidebar sidebar={shellFixture().sidebar} state={state} />
      {onFirstCommit ? <FirstCommit run={onFirstCommit} /> : null}
    </>
  );
}

/** Runs once the sidebar's first render is in the page (a sibling's layout effect). */
function FirstCommit({ run }: { run(): void }) {
  useLayoutEffect(() => run(), [run]);
  return null;
}

function renderSidebar(path = "/app/dashboard", onFirstCommit?: () => void) {
  const router = createMemoryRouter([{
    path: "*",
    element: <SidebarHarness onFirstCommit={onFirstCommit} />,
  }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

/** The text of an element without its decorative (aria-hidden) parts. */
function spoken(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll("[aria-hidden='true']").forEach((hidden) => hidden.remove());
  return copy.textContent?.trim() ?? "";
}

function resultNames(): string[] {
  return within(screen.getByRole("listbox", { name: "Search results" })).queryAllByRole("option")
    .map(spoken);
}

describe("sidebar search ranking", () => {
  it("scores exact 100, prefix 80, whole word 60 and substring 40", () => {
    expect(scoreName("Tasks", "tasks", scoring)).toBe(100);
    expect(scoreName("Task Status Management", "task", scoring)).toBe(80);
    expect(scoreName("My Tasks", "tasks", scoring)).toBe(60);
    expect(scoreName("Sales Dashboard", "shboa", scoring)).toBe(40);
  });

  it("matches substrings only from five characters", () => {
    expect(scoreName("Sales Dashboard", "shbo", scoring)).toBe(0);
    expect(scoreName("Sales Dashboard", "shboa", scoring)).toBe(40);
  });

  it("lists results best first", () => {
    renderSidebar();
    fireEvent.change(screen.getByRole("combobox", { name: "Search modules" }), {
      target: { value: "dashboard" },
    });
    expect(resultNames()).toEqual(["Dashboard", "Sales Dashboard"]);
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "tasks" } });
    expect(resultNames()).toEqual(["Tasks", "My Tasks"]);
  });

  it("says so when nothing matches", () => {
    renderSidebar();
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "zzz" } });
    expect(screen.getByText("No modules match")).toBeTruthy();
  });
});

describe("sidebar search keyboard", () => {
  it("focuses the search on / unless the user is typing in a field", () => {
    renderSidebar();
    const search = screen.getByRole("combobox", { name: "Search modules" });
    const other = screen.getByRole("textbox", { name: "Other field" });
    other.focus();
    fireEvent.keyDown(other, { key: "/" });
    expect(document.activeElement).toBe(other);
    other.blur();
    fireEvent.keyDown(document.body, { key: "/" });
    expect(document.activeElement).toBe(search);
  });

  it("moves through results with the arrow keys and opens one with Enter", async () => {
    const router = renderSidebar();
    const search = screen.getByRole("combobox");
    fireEvent.change(search, { target: { value: "dashboard" } });
    fireEvent.keyDown(search, { key: "ArrowDown" });
    expect(screen.getByRole("option", { selected: true }).textContent).toContain("Sales Dashboard");
    fireEvent.keyDown(search, { key: "ArrowUp" });
    expect(screen.getByRole("option", { selected: true }).textContent).toContain("Dashboard");
    fireEvent.keyDown(search, { key: "ArrowUp" });
    expect(screen.getByRole("option", { selected: true }).textContent).toContain("Sales Dashboard");
    act(() => {
      fireEvent.keyDown(search, { key: "Enter" });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/sales-dashboard"));
    expect(router.state.location.pathname).toBe("/app/sales-dashboard");
    expect((search as HTMLInputElement).value).toBe("");
  });

  it("clears the search on Escape", () => {
    renderSidebar();
    const search = screen.getByRole("combobox") as HTMLInputElement;
    fireEvent.change(search, { target: { value: "lead" } });
    expect(resultNames()).toEqual(["Leads", "Lead Scoring"]);
    fireEvent.keyDown(search, { key: "Escape" });
    expect(search.value).toBe("");
  });
});

describe("sidebar state", () => {
  it("stars favourites and remembers them", () => {
    renderSidebar();
    fireEvent.click(screen.getByRole("button", { name: "Add Invoices to favorites" }));
    const favorites = screen.getByRole("heading", { name: "Favorites" }).parentElement!;
    expect(within(favorites).getByRole("link", { name: "Invoices" })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem("sidebar-favorites")!)).toEqual(["invoices"]);
  });

  it("records recent items, newest first, keeping 10 and showing 5", async () => {
    const router = renderSidebar("/app/dashboard");
    for (
      const id of [
        "tasks",
        "my-tasks",
        "leads",
        "lead-scoring",
        "sales-dashboard",
        "invoices",
        "budget",
      ]
    ) {
      await act(() => router.navigate(`/app/${id}`));
    }
    expect(JSON.parse(localStorage.getItem("sidebar-recent")!)).toEqual([
      "budget",
      "invoices",
      "sales-dashboard",
      "lead-scoring",
      "leads",
      "my-tasks",
      "tasks",
      "dashboard",
    ]);
    const recent = screen.getByRole("heading", { name: "Recent" }).parentElement!;
    expect(within(recent).getAllByRole("link").map(spoken)).toEqual([
      "Budget",
      "Invoices",
      "Sales Dashboard",
      "Lead Scoring",
      "Leads",
    ]);
  });

  it("collapses and expands categories, one or all", () => {
    renderSidebar();
    const sales = screen.getByRole("button", { name: "Sales" });
    fireEvent.click(sales);
    expect(sales.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(screen.getByRole("button", { name: "Collapse all" }));
    expect(screen.getByRole("button", { name: "Core" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
    expect(JSON.parse(localStorage.getItem("sidebar-collapsed-categories")!)).toEqual([
      "Core",
      "Sales",
      "Finance",
    ]);
    fireEvent.click(screen.getByRole("button", { name: "Expand all" }));
    expect(screen.getByRole("button", { name: "Finance" }).getAttribute("aria-expanded")).toBe(
      "true",
    );
  });

  it("shows the plan badge", () => {
    renderSidebar();
    expect(screen.getByText("Pro Plan Active")).toBeTruthy();
  });
});

describe("sidebar first render", () => {
  it("draws the categories a window shows, then the others, busy until then", () => {
    const height = globalThis.innerHeight;
    // Four rows of 28 px: the heading of Core and its three items.
    Object.defineProperty(globalThis, "innerHeight", { value: 112, configurable: true });
    try {
      let first: { links: string[]; busy: string | null } | undefined;
      renderSidebar("/app/dashboard", () => {
        const nav = document.getElementById("sidebar")!;
        first ??= {
          links: [...nav.querySelectorAll(".sidebar-category a")].map(spoken),
          busy: nav.getAttribute("aria-busy"),
        };
      });
      expect(first).toEqual({ links: ["Dashboard", "Tasks", "My Tasks"], busy: "true" });
      const nav = screen.getByRole("navigation", { name: "Main navigation" });
      expect([...nav.querySelectorAll(".sidebar-category a")].map(spoken)).toEqual([
        "Dashboard",
        "Tasks",
        "My Tasks",
        "Leads",
        "Lead Scoring",
        "Sales Dashboard",
        "Task Status Management",
        "Invoices",
        "Budget",
      ]);
      expect(nav.getAttribute("aria-busy")).toBeNull();
    } finally {
      Object.defineProperty(globalThis, "innerHeight", { value: height, configurable: true });
    }
  });
});

describe("sidebar links", () => {
  it("mark only the exact route as current, not its parent", () => {
    renderSidebar("/app/tasks/42");
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    const links = within(nav).getAllByRole("link", { name: "Tasks" });
    expect(links.map((link) => link.getAttribute("aria-current"))).toEqual(
      links.map(() => null),
    );
  });

  it("mark the exact route as current", () => {
    renderSidebar("/app/tasks");
    const nav = screen.getByRole("navigation", { name: "Main navigation" });
    const links = within(nav).getAllByRole("link", { name: "Tasks" });
    expect(links.map((link) => link.getAttribute("aria-current"))).toEqual(
      links.map(() => "page"),
    );
  });

  it("show the module's icon, not its initial", () => {
    renderSidebar();
    const link = within(screen.getByRole("navigation", { name: "Main navigation" })).getByRole(
      "link",
      { name: "Tasks" },
    );
    expect(link.querySelector(".module-glyph use")?.getAttribute("href")).toMatch(
      /module-icons\.svg#square-check-big$/,
    );
    expect(link.querySelector(".module-glyph")?.textContent).toBe("");
  });

  it("name each icon of the rail, in a tooltip shown on focus", () => {
    localStorage.setItem("sidebar-collapsed", "true");
    renderSidebar();
    const link = screen.getByRole("link", { name: "Leads" });
    expect(screen.queryByText("Leads")).toBeNull();
    fireEvent.focus(link);
    expect(screen.getByText("Leads").className).toBe("rail-tooltip");
    fireEvent.blur(link);
    expect(screen.queryByText("Leads")).toBeNull();
  });
});
