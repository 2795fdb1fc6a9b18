import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import type { RoutesDescriptor } from "../../schemas/descriptor/mod.ts";
import { storeTokens } from "../api/tokens.ts";
import { apiError, fakeServer, type RecordedRequest } from "../testing/fake-server.ts";
import { screenOf } from "../testing/render-screen.tsx";
import { shellFixture } from "../testing/shell-fixture.ts";
import { buildRoutes } from "./build-routes.tsx";

const routes: RoutesDescriptor = {
  schemaVersion: 1,
  routes: [
    { path: "/", screen: "landing", audience: "public", title: "Home" },
    { path: "/login", screen: "login", audience: "guest", title: "Sign in" },
    {
      path: "/client-portal/dashboard",
      screen: "client-portal/dashboard",
      audience: "portal",
      title: "Portal",
    },
    { path: "/app/dashboard", screen: "dashboard", audience: "staff", title: "Dashboard" },
    { path: "/app/leads", screen: "leads", audience: "staff", title: "Leads", lazy: true },
    { path: "/app/lead-detail/:id", screen: "lead-detail", audience: "staff", title: "Lead" },
    { path: "/app/users", screen: "users", audience: "staff", title: "Users" },
    { path: "/app/*", screen: "module", audience: "staff", title: "Module" },
  ],
  redirects: [
    { from: "/app", to: "/app/dashboard" },
    { from: "/dashboard", to: "/app/dashboard" },
    { from: "/budget-management", to: "/app/budget" },
  ],
  signIn: "/login",
  portalSignIn: "/client-portal",
  portalHome: "/client-portal/dashboard",
  staffHome: "/app/dashboard",
  unknown: "/",
};

const staff = {
  id: 1,
  first_name: "Ada",
  last_name: "Admin",
  full_name: "Ada Admin",
  email: "admin@acme.test",
  role: "firm_admin",
  is_client_portal_user: false,
};

const login = screenOf({
  type: "page",
  title: "Sign in",
  children: [{
    type: "form",
    id: "login",
    fields: [
      { name: "email", label: "Email *", kind: "email" },
      { name: "password", label: "Password *", kind: "password" },
    ],
    submit: { label: "Sign In", method: "POST", path: "/auth/login", session: true },
  }],
}, { id: "login" });

const titled = (id: string, title: string) =>
  screenOf({ type: "page", title, children: [] }, { id });

function server(user: typeof staff | null = staff) {
  return fakeServer({
    "GET /ui/screens/login": login,
    "GET /ui/screens/landing": titled("landing", "Welcome"),
    "GET /ui/screens/dashboard": titled("dashboard", "Dashboard overview"),
    "GET /ui/screens/leads": titled("leads", "All leads"),
    "GET /ui/screens/lead-detail": (r: RecordedRequest) =>
      titled("lead-detail", `Lead ${new URL(r.url, "http://x").searchParams.get("id")}`),
    "GET /ui/screens/module": (r: RecordedRequest) =>
      titled("module", `Module ${new URL(r.url, "http://x").searchParams.get("id")}`),
    "GET /ui/screens/users": apiError(403, "forbidden", "Access Denied") && json403(),
    "GET /ui/shell": shellFixture(),
    "POST /auth/me": user ?? apiError(401, "unauthenticated", "Not signed in"),
    "POST /auth/login": {
      access_token: "a",
      refresh_token: "r",
      token_type: "bearer",
      expires_in: 900,
      user: staff,
    },
    "POST /organizations/current": { organization: { id: "org-1", name: "Acme Corp" } },
    "POST /notifications/": {
      notifications: [{
        id: 1,
        title: "Welcome",
        message: "Hi",
        created_at: new Date().toISOString(),
        read: false,
      }],
    },
    "POST /calendar/events": { events: [] },
    "GET /ui/events": apiError(404, "not_found", "none"),
  });
}

function json403() {
  return new Response(
    JSON.stringify({
      error: { code: "forbidden", message: "Admins only" },
      descriptor: screenOf({
        type: "page",
        children: [
          {
            type: "alert",
            tone: "danger",
            text: "Access Denied: You need administrator privileges to access this page.",
          },
          { type: "button", label: "Go Back", action: { kind: "go-back" } },
        ],
      }, { id: "users" }),
    }),
    { status: 403, headers: { "Content-Type": "application/json" } },
  );
}

function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(buildRoutes(routes, queryClient), { initialEntries: [path] });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe("routing from the route table", () => {
  beforeEach(() => localStorage.clear());

  it("sends a visitor of a staff route to sign-in, then back where they were going", async () => {
    server(null);
    const router = renderApp("/app/leads");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.search).toBe("?next=%2Fapp%2Fleads");
    server(staff);
    fireEvent.change(await screen.findByLabelText(/Email/), {
      target: { value: "admin@acme.test" },
    });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: "demo-password" } });
    fireEvent.click(await screen.findByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/leads"));
    expect(await screen.findByRole("heading", { name: "All leads" })).toBeTruthy();
    expect(localStorage.getItem("access_token")).toBe("a");
    expect(await screen.findByRole("navigation", { name: "Main navigation" })).toBeTruthy();
  });

  it("renders staff screens inside the shell with its landmarks", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    server();
    renderApp("/app/dashboard");
    expect(await screen.findByRole("heading", { name: "Dashboard overview" })).toBeTruthy();
    expect(await screen.findByRole("banner")).toBeTruthy();
    expect(await screen.findByRole("main")).toBeTruthy();
    expect((await screen.findByRole("contentinfo")).textContent).toContain("v1.0.0");
    expect(await screen.findByText("Acme Corp")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Notifications, 1 unread" })).toBeTruthy();
  });

  it("follows legacy redirects and sends unknown paths to unknown", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    server();
    const router = renderApp("/dashboard");
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/dashboard"));
    await act(() => router.navigate("/no/such/page"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
  });

  it("passes route params and the rest of a catch-all path as query parameters", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    const fake = server();
    const router = renderApp("/app/lead-detail/42");
    expect(await screen.findByRole("heading", { name: "Lead 42" })).toBeTruthy();
    await act(() => router.navigate("/app/automation/rules"));
    expect(await screen.findByRole("heading", { name: "Module automation/rules" })).toBeTruthy();
    expect(fake.requests.map((r) => r.url)).toContain("/ui/screens/module?id=automation%2Frules");
  });

  it("renders the screen a refusal carries", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    server();
    renderApp("/app/users");
    expect(
      await screen.findByText(
        "Access Denied: You need administrator privileges to access this page.",
      ),
    ).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Go Back" })).toBeTruthy();
  });

  it("sends a portal user who opens a staff route to the portal home", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    server({ ...staff, is_client_portal_user: true });
    const router = renderApp("/app/dashboard");
    await waitFor(() => expect(router.state.location.pathname).toBe("/client-portal/dashboard"));
  });

  it("sends a signed-in user away from the sign-in page", async () => {
    storeTokens({ access_token: "a", refresh_token: "r" });
    server();
    const router = renderApp("/login?next=%2Fapp%2Fleads");
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/leads"));
  });
});
