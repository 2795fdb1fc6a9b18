import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import type { PortalShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { storeTokens } from "../api/tokens.ts";
import { ActionHostContext } from "../renderer/action-host.tsx";
import { fakeServer } from "../testing/fake-server.ts";
import { shellFixture } from "../testing/shell-fixture.ts";
import { PortalLayout } from "./portal-layout.tsx";
import { ToastProvider } from "./toasts.tsx";

const staff = shellFixture();

const portalShell: PortalShellDescriptor = {
  schemaVersion: 1,
  audience: "portal",
  title: "Client Portal",
  organization: { id: "org-1", name: "Acme Consulting" },
  client: { id: "cli-1", name: "Northwind Traders" },
  navigation: {
    label: "Portal navigation",
    links: [
      { id: "home", label: "Your projects", path: "/client-portal/dashboard" },
      { id: "messages", label: "Messages", path: "/client-portal/messages" },
    ],
  },
  header: {
    userMenu: [{ id: "sign-out", label: "Sign Out", action: { kind: "sign-out" } }],
    help: { label: "Help", to: "/client-portal/help" },
  },
  footer: {
    ...staff.footer,
    support: { label: "hello@acme.test", href: "mailto:hello@acme.test" },
  },
  session: staff.session,
  cache: staff.cache,
  toasts: staff.toasts,
  errors: staff.errors,
  events: staff.events,
};

function renderPortal(shell: unknown) {
  storeTokens({ access_token: "a", refresh_token: "r" });
  fakeServer({
    "GET /ui/shell": shell as Record<string, unknown>,
    "POST /auth/me": { id: 7, full_name: "Nina Walsh", email: "nina@northwind.test" },
  });
  const host = {
    toast: vi.fn(),
    confirm: () => true,
    signOut: vi.fn(),
    homePath: "/client-portal/dashboard",
    startSession: vi.fn(),
  };
  const router = createMemoryRouter([{
    element: (
      <ActionHostContext.Provider value={host}>
        <PortalLayout />
      </ActionHostContext.Provider>
    ),
    children: [{ path: "*", element: <p>Portal screen</p> }],
  }], { initialEntries: ["/client-portal/dashboard"] });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe("the portal layout", () => {
  it("shows the firm, the client, the portal's links and Help, and no staff chrome", async () => {
    renderPortal(portalShell);
    // The first validation compiles the shell's JSON Schema, which takes a moment.
    const nav = await screen.findByRole("navigation", { name: "Portal navigation" }, {
      timeout: 12_000,
    });
    expect(within(nav).getByRole("link", { name: "Your projects" }).getAttribute("href"))
      .toBe("/client-portal/dashboard");
    expect(screen.getByText("Acme Consulting")).toBeTruthy();
    expect(screen.getByText("Client Portal · Northwind Traders")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Help" }).getAttribute("href"))
      .toBe("/client-portal/help");
    expect(screen.getByText("Portal screen")).toBeTruthy();
    expect(screen.getByRole("link", { name: "hello@acme.test" })).toBeTruthy();
    expect(screen.queryByText("Pro Plan Active")).toBeNull();
    expect(screen.queryByRole("searchbox")).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Main navigation" })).toBeNull();
  }, 20_000);

  it("refuses a staff shell with a visible notice naming what it lacks", async () => {
    renderPortal(staff);
    const notice = (await screen.findByRole("alert", {}, { timeout: 8000 })).textContent;
    expect(notice).toMatch(/The portal could not be loaded: Cannot load shell/);
    expect(notice).toMatch(/must have required property 'navigation'/);
  });
});
