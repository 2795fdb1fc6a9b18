import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { beforeEach, describe, expect, it } from "vitest";
import type { RoutesDescriptor } from "../../schemas/descriptor/mod.ts";
import { buildRoutes } from "../routing/build-routes.tsx";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const routes: RoutesDescriptor = {
  schemaVersion: 1,
  routes: [
    { path: "/", screen: "landing", audience: "public", title: "Home" },
    { path: "/reset-password", screen: "reset-password", audience: "public", title: "Reset" },
  ],
  redirects: [],
  signIn: "/login",
  portalSignIn: "/client-portal",
  portalHome: "/client-portal/dashboard",
  staffHome: "/app/dashboard",
  unknown: "/",
};

const resetScreen = screenOf({
  type: "page",
  title: "Choose a new password",
  children: [
    { type: "text", text: { $bind: "link", path: "email", prefix: "For " } },
    {
      type: "form",
      id: "reset",
      fields: [{ name: "password", label: "New password", kind: "password" }],
      submit: {
        label: "Set new password",
        method: "POST",
        path: "/auth/password/reset",
        extra: { token: { $query: "token" } },
        successText: "Done",
      },
    },
  ],
}, {
  id: "reset-password",
  sources: {
    link: { method: "POST", path: "/links/check", body: { token: { $query: "token" } } },
  },
});

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

describe("query parameters of the page's URL", () => {
  beforeEach(() => localStorage.clear());

  it("fill a source's {$query} reference, and stay out of the screen request", async () => {
    const api = fakeServer({
      "GET /ui/screens/reset-password": resetScreen,
      "POST /links/check": { email: "pm@acme.test" },
    });
    renderApp("/reset-password?token=tok-from-the-link");
    expect(await screen.findByText("For pm@acme.test")).toBeTruthy();
    const check = api.requests.find((r) => r.path === "/links/check");
    expect(check?.body).toEqual({ token: "tok-from-the-link" });
    const descriptorRequest = api.requests.find((r) => r.path === "/ui/screens/reset-password");
    expect(descriptorRequest?.url).toBe("/ui/screens/reset-password");
  });

  it("fill a form's {$query} field sent along with the typed values", async () => {
    const api = fakeServer({
      "GET /ui/screens/reset-password": resetScreen,
      "POST /links/check": { email: "pm@acme.test" },
      "POST /auth/password/reset": { ok: true },
    });
    renderApp("/reset-password?token=tok-from-the-link");
    fireEvent.change(await screen.findByLabelText("New password"), {
      target: { value: "a-new-password" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Set new password" }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.path === "/auth/password/reset")?.body).toEqual({
        token: "tok-from-the-link",
        password: "a-new-password",
      })
    );
  });
});

describe("{+name} placeholders", () => {
  const mailList = () =>
    screenOf({
      type: "page",
      title: "Mail",
      children: [{
        type: "table",
        source: "mail",
        emptyText: "None",
        columns: [{ key: "subject", label: "Subject" }],
        rowAction: { kind: "navigate", to: "{+link_path}" },
      }],
    }, {
      sources: { mail: { method: "POST", path: "/mail" } },
    });

  it("navigate to a whole app path taken from the row, query included", async () => {
    fakeServer({ "POST /mail": [{ subject: "Reset", link_path: "/reset-password?token=a b" }] });
    await renderScreen(mailList());
    fireEvent.click(await screen.findByRole("button", { name: "Reset" }));
    expect((await screen.findByTestId("location")).textContent).toBe(
      "/reset-password?token=a%20b",
    );
  });

  it("take nothing that is not an app path", async () => {
    fakeServer({ "POST /mail": [{ subject: "Evil", link_path: "javascript:alert(1)" }] });
    const { router } = await renderScreen(mailList());
    fireEvent.click(await screen.findByRole("button", { name: "Evil" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/screen"));
  });
});
