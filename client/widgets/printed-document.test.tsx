import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const LOGO = "data:image/png;base64,iVBORw0KGgo=";

const DOCUMENT = {
  kind: "Invoice",
  number: "INV-2026-00012",
  file_name: "INV-2026-00012.pdf",
  issuer: {
    name: "Acme Consulting Ltd",
    lines: ["12 Market Street", "Tax number: GB123456789"],
    logo: LOGO,
  },
  recipient: { label: "Bill to", name: "Northwind Traders", lines: ["1 Harbour Way"] },
  facts: [{ label: "Due date", value: "Jul 1, 2026" }, { label: "Status", value: "Partly Paid" }],
  columns: [
    { key: "item", label: "Item", align: "start" },
    { key: "description", label: "Description", align: "start" },
    { key: "amount", label: "Amount", align: "end" },
  ],
  rows: [{ item: "Consultant", description: "Discovery workshop", amount: "$2,400.00" }],
  totals: [
    { label: "Grand total", value: "$2,400.00", strong: true },
    { label: "Outstanding", value: "$2,000.00", strong: true },
  ],
  sections: [{ title: "Payment details", lines: ["IBAN: GB29 NWBK 6016 1331 9268 19"] }],
};

function printed(answer: unknown) {
  fakeServer({ "GET /printable": answer as Record<string, unknown> });
  return renderScreen(screenOf(
    { type: "printed-document", source: "invoice", path: "document" },
    { sources: { invoice: { method: "GET", path: "/printable" } } },
  ));
}

describe("the printed-document widget", () => {
  it("shows the document's letterhead, parties, lines with item and description, totals and sections", async () => {
    await printed({ document: DOCUMENT });
    const page = await screen.findByRole("article", { name: "Invoice INV-2026-00012" });
    expect(within(page).getByRole("img", { name: "Acme Consulting Ltd" }).getAttribute("src"))
      .toBe(LOGO);
    expect(within(page).getByRole("heading", { name: "INV-2026-00012" })).toBeTruthy();
    for (const text of ["12 Market Street", "Northwind Traders", "Partly Paid", "Jul 1, 2026"]) {
      expect(within(page).getByText(text)).toBeTruthy();
    }
    const row = within(page).getAllByRole("row")[1];
    expect(within(row).getAllByRole("cell").map((c) => c.textContent)).toEqual([
      "Consultant",
      "Discovery workshop",
      "$2,400.00",
    ]);
    expect(within(page).getByText("$2,000.00")).toBeTruthy();
    expect(within(page).getByText("IBAN: GB29 NWBK 6016 1331 9268 19")).toBeTruthy();
  });

  it("says so, instead of breaking, when the answer is not a document", async () => {
    await printed({ document: { kind: "Invoice" } });
    expect((await screen.findByRole("alert")).textContent).toBe("This document cannot be shown.");
  });
});
