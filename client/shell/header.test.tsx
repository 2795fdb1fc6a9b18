import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { ActionHostContext } from "../renderer/action-host.tsx";
import { storeTokens } from "../api/tokens.ts";
import { apiError, fakeServer } from "../testing/fake-server.ts";
import { shellFixture } from "../testing/shell-fixture.ts";
import { Header } from "./header.tsx";

const user = {
  id: 1,
  first_name: "Ada",
  last_name: "Admin",
  full_name: "Ada Admin",
  email: "ada@acme.test",
  role: "firm_admin",
  is_client_portal_user: false,
};

function renderHeader(signOut = vi.fn(), shell = shellFixture()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const host = {
    toast: vi.fn(),
    confirm: () => true,
    signOut,
    homePath: "/",
    startSession: vi.fn(),
  };
  const router = createMemoryRouter([{
    path: "*",
    element: (
      <ActionHostContext.Provider value={host}>
        <Header shell={shell} sidebarCollapsed={false} onToggleSidebar={() => undefined} />
      </ActionHostContext.Provider>
    ),
  }], { initialEntries: ["/app/dashboard"] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

/**
 * Opens a dropdown. Its panel is loaded lazily; awaiting act lets React render it
 * once loaded (outside tests the browser's scheduler does).
 */
async function open(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name }));
    await import("./notifications-list.tsx");
    await import("./calendar-events.tsx");
    await import("./organization-list.tsx");
  });
}

describe("the header", () => {
  it("shows the organisation, or 'No organization' when it cannot be loaded", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    fakeServer({
      "POST /organizations/current": apiError(500, "boom", "down"),
      "POST /auth/me": user,
    });
    renderHeader();
    expect(await screen.findByText("No organization")).toBeTruthy();
  });

  it("tries the notification sources in order and shows the unread count", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    const server = fakeServer({
      "POST /notifications/": apiError(404, "not_found", "no"),
      "POST /notifications": {
        notifications: [
          {
            id: 1,
            title: "Lead assigned",
            message: "A lead",
            created_at: new Date().toISOString(),
            read: false,
          },
          {
            id: 2,
            title: "Old",
            message: "Read one",
            created_at: new Date().toISOString(),
            read: true,
          },
        ],
      },
      "POST /auth/me": user,
    });
    renderHeader();
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    expect(server.requests.filter((r) => r.path.startsWith("/notifications")).map((r) => r.path))
      .toEqual([
        "/notifications/",
        "/notifications",
      ]);
    await open(bell.getAttribute("aria-label")!);
    const panel = await screen.findByRole("dialog", { name: "Notifications, 1 unread" });
    expect(await within(panel).findByText("Lead assigned")).toBeTruthy();
    expect(within(panel).getByRole("link", { name: "View all notifications" }).getAttribute("href"))
      .toBe(
        "/app/notifications",
      );
  });

  it("links a notification to its record: opening it closes the list and marks it read", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    const server = fakeServer({
      "POST /notifications/": {
        notifications: [{
          id: "ntf_1",
          title: "Approval waiting for you: ERP rollout",
          message: "ERP rollout waits for your approval at Executive review.",
          created_at: new Date().toISOString(),
          read: false,
          link: "/app/projects/prj_erp",
        }],
      },
      "POST /notifications/mark-read": { updated: 1 },
      "POST /auth/me": user,
    });
    const { router } = renderHeader();
    const bell = await screen.findByRole("button", { name: "Notifications, 1 unread" });
    await open(bell.getAttribute("aria-label")!);
    const panel = await screen.findByRole("dialog", { name: "Notifications, 1 unread" });
    const link = await within(panel).findByRole("link", {
      name: /Approval waiting for you: ERP rollout/,
    });
    expect(link.getAttribute("href")).toBe("/app/projects/prj_erp");
    fireEvent.click(link);
    expect(router.state.location.pathname).toBe("/app/projects/prj_erp");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(server.to("POST", "/notifications/mark-read")).toHaveLength(1));
    expect(server.to("POST", "/notifications/mark-read")[0].body).toEqual({ ids: ["ntf_1"] });
  });

  it("says 'Failed to load notifications' when every source fails", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    const server = fakeServer({
      "POST /notifications/": apiError(500, "boom", "down"),
      "POST /notifications": apiError(500, "boom", "down"),
      "POST /auth/me": user,
    });
    renderHeader();
    await waitFor(() => expect(server.to("POST", "/notifications")).toHaveLength(1));
    await open("Notifications");
    expect(await screen.findByText("Failed to load notifications")).toBeTruthy();
  });

  it("shows 'Please log in' when signed out", async () => {
    fakeServer({});
    renderHeader();
    await open("Notifications");
    expect(await screen.findByText("Please log in")).toBeTruthy();
  });

  it("offers the full calendar, names each event's kind by the server's label, and closes on Escape", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    fakeServer({
      "POST /calendar/events": {
        events: [{ id: 1, title: "Review", date: "2026-03-02", kind: "project_end" }],
      },
    });
    renderHeader();
    const button = screen.getByRole("button", { name: "Calendar" });
    await open("Calendar");
    expect(await screen.findByText("Review")).toBeTruthy();
    expect(screen.getByText("Mar 2, 2026 · Project end")).toBeTruthy();
    expect(screen.getByRole("link", { name: "View Full Calendar" })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole("dialog", { name: "Calendar" }), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(button);
  });

  it("runs the user menu's entries, including Sign Out", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    fakeServer({ "POST /auth/me": user });
    const signOut = vi.fn();
    const { router } = renderHeader(signOut);
    fireEvent.click(await screen.findByRole("button", { name: "User menu for Ada Admin" }));
    const menu = screen.getByRole("menu");
    expect(within(menu).getAllByRole("menuitem").map((item) => item.textContent)).toEqual([
      "My Profile",
      "Sign Out",
    ]);
    expect(document.activeElement?.textContent).toBe("My Profile");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    expect(document.activeElement?.textContent).toBe("Sign Out");
    fireEvent.click(document.activeElement!);
    await waitFor(() => expect(signOut).toHaveBeenCalled());
    fireEvent.click(screen.getByRole("button", { name: "User menu for Ada Admin" }));
    fireEvent.click(screen.getByRole("menuitem", { name: "My Profile" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/profile"));
  });

  it("switches organisation from the name: every membership listed, current checked", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    const server = fakeServer({
      "POST /organizations/current": { organization: { id: "org-1", name: "Acme Corp" } },
      "POST /user-organizations/switch": { current: {}, memberships: [] },
      "POST /auth/me": user,
    });
    const base = shellFixture();
    const shell = {
      ...base,
      header: {
        ...base.header,
        organizations: [
          { id: "org-1", name: "Acme Corp", roleLabel: "Firm Admin", current: true },
          { id: "org-2", name: "Globex", roleLabel: "Member", current: false },
        ],
        organizationSwitch: {
          path: "/user-organizations/switch",
          label: "Switch organization",
          currentText: "Current organization",
        },
      },
    };
    const { queryClient } = renderHeader(vi.fn(), shell);
    const refetched = vi.spyOn(queryClient, "invalidateQueries");
    await screen.findByRole("button", { name: "Switch organization: Acme Corp" });
    await open("Switch organization: Acme Corp");
    const entries = await within(screen.getByRole("menu")).findAllByRole("menuitemradio");
    expect(entries.map((e) => [e.textContent, e.getAttribute("aria-checked")])).toEqual([
      ["Acme CorpFirm Admin · Current organization", "true"],
      ["GlobexMember", "false"],
    ]);
    expect(document.activeElement).toBe(entries[0]);
    fireEvent.click(entries[1]);
    await waitFor(() => expect(refetched).toHaveBeenCalled());
    expect(server.to("POST", "/user-organizations/switch").map((r) => r.body)).toEqual([
      { organization_id: "org-2" },
    ]);
  });

  it("shows the plain name when the caller has one organisation", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    fakeServer({
      "POST /organizations/current": { organization: { id: "org-1", name: "Acme Corp" } },
      "POST /auth/me": user,
    });
    renderHeader();
    expect(await screen.findByText("Acme Corp")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Switch organization/ })).toBeNull();
  });
});
