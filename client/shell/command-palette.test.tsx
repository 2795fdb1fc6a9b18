import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { shellFixture } from "../testing/shell-fixture.ts";
import "./command-palette.tsx";
import { PaletteHost } from "./palette-host.tsx";

function renderHost(searchHidden = false) {
  const router = createMemoryRouter([{
    path: "*",
    element: (
      <>
        <input aria-label="Other field" />
        <PaletteHost sidebar={shellFixture().sidebar} searchHidden={searchHidden} />
      </>
    ),
  }], { initialEntries: ["/app/dashboard"] });
  render(<RouterProvider router={router} />);
  return router;
}

async function press(key: string, options: Record<string, boolean> = {}) {
  await act(async () => {
    fireEvent.keyDown(document.activeElement ?? document.body, { key, ...options });
    await import("./command-palette.tsx");
  });
}

function options(): string[] {
  return within(screen.getByRole("group", { name: "Modules" })).getAllByRole("option").map((o) =>
    o.querySelector(".palette-name")?.textContent ?? ""
  );
}

describe("the command palette", () => {
  it("opens on Ctrl+K with the search focused and every module listed", async () => {
    renderHost();
    await press("k", { ctrlKey: true });
    const dialog = screen.getByRole("dialog", { name: "Go to" });
    expect(document.activeElement).toBe(within(dialog).getByRole("combobox"));
    expect(options()).toHaveLength(9);
  });

  it("ranks as the sidebar search does, moves with the arrows and opens with Enter", async () => {
    const router = renderHost();
    await press("k", { metaKey: true });
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "dashboard" } });
    expect(options()).toEqual(["Dashboard", "Sales Dashboard"]);
    await press("ArrowDown");
    expect(screen.getByRole("option", { selected: true }).textContent).toContain(
      "Sales Dashboard",
    );
    await press("ArrowDown");
    expect(screen.getByRole("option", { selected: true }).textContent).toContain("Dashboard");
    await press("ArrowUp");
    await press("Enter");
    expect(router.state.location.pathname).toBe("/app/sales-dashboard");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on Escape and keeps Tab inside", async () => {
    renderHost();
    await press("k", { ctrlKey: true });
    const input = screen.getByRole("combobox");
    await press("Tab");
    expect(screen.getByRole("dialog").contains(document.activeElement)).toBe(true);
    input.focus();
    await press("Escape");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("closes on an Escape pressed before it has the keyboard, as its code loads", async () => {
    renderHost(true);
    await act(async () => {
      fireEvent.keyDown(document.body, { key: "/" });
      fireEvent.keyDown(document.body, { key: "Escape" });
      await import("./command-palette.tsx");
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    await press("/");
    expect(screen.getByRole("dialog", { name: "Go to" })).toBeTruthy();
  });

  it("opens on / only while the sidebar shows no search box, never while typing", async () => {
    renderHost(true);
    screen.getByRole("textbox", { name: "Other field" }).focus();
    await press("/");
    expect(screen.queryByRole("dialog")).toBeNull();
    (document.activeElement as HTMLElement).blur();
    await press("/");
    expect(screen.getByRole("dialog", { name: "Go to" })).toBeTruthy();
  });

  it("also finds records and actions on the server once typing pauses, and opens them", async () => {
    const server = fakeServer({
      "GET /api/records/find": {
        records: [{
          type: "client",
          type_label: "Client",
          id: "cli_1",
          title: "Northwind Traders",
          to: "/app/clients/cli_1",
        }, {
          type: "invoice",
          type_label: "Invoice",
          id: "inv_1",
          title: "INV-0001",
          description: "Northwind Traders",
          to: "/app/invoices/inv_1",
        }],
        actions: [{ label: "New invoice", to: "/app/invoices/new" }],
      },
    });
    const router = renderHost();
    await press("k", { ctrlKey: true });
    const input = screen.getByRole("combobox", { name: "Search modules, records and actions" });
    for (const typed of ["n", "no", "nor", "north"]) {
      fireEvent.change(input, { target: { value: typed } });
    }
    const records = await screen.findByRole("group", { name: "Records" });
    expect(within(records).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Northwind TradersClient",
      "INV-0001Invoice · Northwind Traders",
    ]);
    expect(within(screen.getByRole("group", { name: "Actions" })).getByRole("option").textContent)
      .toBe("New invoice");
    // Typing quickly asks once, for what was typed last, with the caller's session.
    const finds = server.requests.filter((r) => r.path === "/api/records/find");
    expect(finds.map((r) => r.url)).toEqual(["/api/records/find?q=north"]);

    fireEvent.click(within(records).getByRole("option", { name: /INV-0001/ }));
    expect(router.state.location.pathname).toBe("/app/invoices/inv_1");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens an action found on the server with Enter", async () => {
    fakeServer({
      "GET /api/records/find": {
        records: [],
        actions: [{ label: "New invoice", to: "/app/invoices/new" }],
      },
    });
    const router = renderHost();
    await press("k", { ctrlKey: true });
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "new inv" } });
    await screen.findByRole("group", { name: "Actions" });
    await waitFor(() =>
      expect(screen.getByRole("option", { selected: true }).textContent).toBe("New invoice")
    );
    await press("Enter");
    expect(router.state.location.pathname).toBe("/app/invoices/new");
  });
});
