import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const rows = Array.from(
  { length: 25 },
  (_, i) => ({ id: i + 1, name: `Lead ${String(i + 1).padStart(2, "0")}`, score: (i * 37) % 100 }),
);

function table(extra: Record<string, unknown> = {}) {
  return screenOf(
    {
      type: "table",
      source: "leads",
      caption: "Leads",
      emptyText: "No leads yet",
      pageSize: 10,
      columns: [
        { key: "name", label: "Name", sortable: true },
        { key: "score", label: "Score", sortable: true, align: "end" },
      ],
      ...extra,
    },
    { sources: { leads: { method: "POST", path: "/leads" } } },
  );
}

/** The first cell (or group heading) of each body row. */
function firstColumn(): string[] {
  return screen.getAllByRole("row").slice(1).map((row) => row.firstElementChild?.textContent ?? "");
}

describe("the table widget", () => {
  it("keeps short values on one line and lets long text wrap", async () => {
    fakeServer({
      "POST /leads": [{
        id: 1,
        name: "A lead whose name runs well past two dozen characters",
        score: 40,
      }, { id: 2, name: "INV-2026-00094", score: 7 }],
    });
    await renderScreen(table());
    const long = await screen.findByRole("cell", { name: /runs well past/ });
    expect(long.className).not.toContain("is-unbroken");
    expect(screen.getByRole("cell", { name: "INV-2026-00094" }).className).toBe("is-unbroken");
    expect(screen.getByRole("cell", { name: "40" }).className).toBe("align-end is-unbroken");
  });

  it("pages through rows", async () => {
    fakeServer({ "POST /leads": rows });
    await renderScreen(table());
    expect(await screen.findByText("Page 1 of 3")).toBeTruthy();
    expect(firstColumn()).toHaveLength(10);
    expect((screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("Page 3 of 3")).toBeTruthy();
    expect(firstColumn()).toEqual(["Lead 21", "Lead 22", "Lead 23", "Lead 24", "Lead 25"]);
  });

  it("sorts by a sortable column, ascending then descending", async () => {
    fakeServer({ "POST /leads": rows.slice(0, 4) });
    await renderScreen(table());
    const header = await screen.findByRole("columnheader", { name: /Score/ });
    fireEvent.click(within(header).getByRole("button"));
    expect(header.getAttribute("aria-sort")).toBe("ascending");
    expect(firstColumn()).toEqual(["Lead 01", "Lead 04", "Lead 02", "Lead 03"]);
    fireEvent.click(within(header).getByRole("button"));
    expect(header.getAttribute("aria-sort")).toBe("descending");
    expect(firstColumn()).toEqual(["Lead 03", "Lead 02", "Lead 04", "Lead 01"]);
  });

  it("shows its empty text when there are no rows", async () => {
    fakeServer({ "POST /leads": { leads: [] } });
    await renderScreen(table({ path: "leads" }));
    expect(await screen.findByText("No leads yet")).toBeTruthy();
  });
});

describe("the table widget's search, groups and row actions", () => {
  const modules = [
    { id: "leads", name: "Leads", category: "Sales", enabled: true },
    { id: "tasks", name: "Tasks", category: "Core", enabled: false },
    { id: "lead-scoring", name: "Lead Scoring", category: "Sales", enabled: false },
  ];
  const modulesTable = screenOf(
    {
      type: "table",
      source: "modules",
      emptyText: "None",
      searchable: true,
      searchPlaceholder: "Search modules",
      groupBy: "category",
      columns: [{ key: "name", label: "Module" }],
      rowActions: [
        { label: "Disable", when: { field: "enabled", equals: true }, action: { kind: "refresh" } },
        { label: "Enable", when: { field: "enabled", equals: false }, action: { kind: "refresh" } },
      ],
    },
    { sources: { modules: { method: "POST", path: "/modules" } } },
  );

  it("groups rows under headings in order of first appearance", async () => {
    fakeServer({ "POST /modules": modules });
    await renderScreen(modulesTable);
    await screen.findByText("Leads");
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers).toEqual(["Module", "Actions", "Sales", "Core"]);
    expect(firstColumn()).toEqual(["Sales", "Leads", "Lead Scoring", "Core", "Tasks"]);
  });

  it("filters rows by the search box", async () => {
    fakeServer({ "POST /modules": modules });
    await renderScreen(modulesTable);
    fireEvent.change(await screen.findByLabelText("Search modules"), { target: { value: "lead" } });
    expect(screen.queryByText("Tasks")).toBeNull();
    expect(screen.getByText("Lead Scoring")).toBeTruthy();
  });

  it("shows a row action only on rows whose field matches", async () => {
    fakeServer({ "POST /modules": modules });
    await renderScreen(modulesTable);
    const row = (await screen.findByText("Leads")).closest("tr")!;
    expect(within(row).getByRole("button", { name: "Disable" })).toBeTruthy();
    expect(within(row).queryByRole("button", { name: "Enable" })).toBeNull();
  });
  it("shows enumerated cells and group headings by their labels", async () => {
    fakeServer({
      "POST /leads": [
        { name: "Ada", status: "on_hold", role: "firm_admin", current: true },
        { name: "Bo", status: "cold_outreach", role: "firm_admin", current: false },
      ],
    });
    await renderScreen(table({
      groupBy: "role",
      groupLabels: { firm_admin: "Firm administrator" },
      columns: [
        { key: "name", label: "Name" },
        { key: "status", label: "Status", labels: { on_hold: "On hold" } },
        { key: "current", label: "Current", labels: { true: "Yes", false: "No" } },
      ],
    }));
    expect(await screen.findByRole("columnheader", { name: "Firm administrator" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "On hold" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Cold outreach" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "Yes" })).toBeTruthy();
    expect(screen.getByRole("cell", { name: "No" })).toBeTruthy();
    expect(screen.queryByText("on_hold")).toBeNull();
  });
  it("sorts an enumerated column by its labels", async () => {
    fakeServer({
      "POST /leads": [
        { name: "Ada", stage: "won" },
        { name: "Bo", stage: "contacted" },
        { name: "Cy", stage: "proposal" },
      ],
    });
    await renderScreen(table({
      columns: [
        { key: "name", label: "Name" },
        {
          key: "stage",
          label: "Stage",
          sortable: true,
          labels: { won: "A deal won", contacted: "Contacted", proposal: "Proposal sent" },
        },
      ],
    }));
    const header = await screen.findByRole("columnheader", { name: /Stage/ });
    fireEvent.click(within(header).getByRole("button"));
    expect(firstColumn()).toEqual(["Ada", "Bo", "Cy"]);
  });
});

describe("a table declared for phones", () => {
  const invoices = screenOf(
    {
      type: "table",
      source: "invoices",
      emptyText: "No invoices yet",
      columns: [
        { key: "name", label: "Invoice" },
        { key: "issued", label: "Issued" },
        { key: "total", label: "Total" },
        { key: "status", label: "Status" },
      ],
      phone: { first: ["name", "total", "status"] },
      rowActions: [{ label: "Download PDF", action: { kind: "refresh" } }],
    },
    { sources: { invoices: { method: "POST", path: "/invoices" } } },
  );

  /** The row's cells in the order a phone card draws them, each with the name it shows. */
  function cardOf(row: HTMLElement): string[] {
    return within(row).getAllByRole("cell")
      .map((cell) => ({ cell, order: Number(cell.style.order) }))
      .sort((a, b) => a.order - b.order)
      .map(({ cell }) =>
        `${cell.dataset.label ?? ""}${
          "cardTitle" in cell.dataset ? " (title)" : ""
        }: ${cell.textContent}`
      );
  }

  it("puts the declared columns and the row actions first in each card, named", async () => {
    fakeServer({
      "POST /invoices": [{ name: "INV-1", issued: "Nov 1", total: "$10.00", status: "Unpaid" }],
    });
    await renderScreen(invoices);
    const row = (await screen.findByRole("cell", { name: "INV-1" })).closest("tr")!;
    expect(cardOf(row)).toEqual([
      "Invoice (title): INV-1",
      "Total: $10.00",
      "Status: Unpaid",
      ": Download PDF",
      "Issued: Nov 1",
    ]);
  });

  it("keeps the table's own column order and headers for wider screens", async () => {
    fakeServer({
      "POST /invoices": [{ name: "INV-1", issued: "Nov 1", total: "$10.00", status: "Unpaid" }],
    });
    await renderScreen(invoices);
    await screen.findByRole("cell", { name: "INV-1" });
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Invoice",
      "Issued",
      "Total",
      "Status",
      "Actions",
    ]);
  });
});
