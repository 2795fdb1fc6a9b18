import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

function cell(permission: string, granted: boolean, label = permission) {
  return { permission, granted, label, title: `Box ${permission}` };
}

const rows = [
  { name: "Leads", category: "Sales", read: cell("leads.read", true), others: [] },
  {
    name: "Invoices",
    category: "Finance",
    read: cell("invoices.read", false),
    create: cell("invoices.create", false),
    others: [cell("invoices.submit", true, "Submit")],
  },
];

const matrix = screenOf(
  {
    type: "check-matrix",
    source: "matrix",
    rowHeader: "Module",
    rowLabel: "name",
    groupBy: "category",
    columns: [
      { key: "read", label: "Read" },
      { key: "create", label: "Create" },
      { key: "others", label: "Others" },
    ],
    checked: "granted",
    cellLabel: "title",
    cellText: "label",
    check: {
      kind: "call",
      method: "POST",
      path: "/grant",
      body: { permission: { $field: "permission" } },
      invalidate: ["matrix"],
    },
    uncheck: {
      kind: "call",
      method: "POST",
      path: "/revoke",
      body: { permission: { $field: "permission" } },
      invalidate: ["matrix"],
    },
    emptyText: "Pick a role",
  },
  { sources: { matrix: { method: "POST", path: "/matrix" } } },
);

describe("the check-matrix widget", () => {
  it("shows a box per cell, ticked as the source says, under group headings", async () => {
    fakeServer({ "POST /matrix": rows });
    await renderScreen(matrix);
    const read = await screen.findByRole("checkbox", { name: "Box leads.read" });
    expect((read as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole("checkbox", { name: "Box invoices.create" }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    // A row without a cell under a column has no box there.
    const leads = screen.getByRole("rowheader", { name: "Leads" }).closest("tr")!;
    expect(within(leads).getAllByRole("checkbox")).toHaveLength(1);
    // A cell in a list shows its text beside its box.
    expect(screen.getByText("Submit")).toBeTruthy();
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Module",
      "Read",
      "Create",
      "Others",
      "Sales",
      "Finance",
    ]);
  });

  it("runs check for a clear box and uncheck for a ticked one, with the cell as the item", async () => {
    const server = fakeServer({ "POST /matrix": rows, "POST /grant": {}, "POST /revoke": {} });
    await renderScreen(matrix);
    fireEvent.click(await screen.findByRole("checkbox", { name: "Box invoices.create" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Box invoices.submit" }));
    await waitFor(() => {
      const calls = server.requests.filter((r) => r.path !== "/matrix");
      expect(calls.map((r) => [r.path, r.body])).toEqual([
        ["/grant", { permission: "invoices.create" }],
        ["/revoke", { permission: "invoices.submit" }],
      ]);
    });
  });

  it("says so when there are no rows", async () => {
    fakeServer({ "POST /matrix": [] });
    await renderScreen(matrix);
    expect(await screen.findByText("Pick a role")).toBeTruthy();
  });
});
