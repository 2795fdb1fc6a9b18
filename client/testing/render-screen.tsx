/**
 * Renders a screen descriptor the way the app does (validated, with the widget
 * registry, a query client and a router) for renderer and widget tests.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router-dom";
import type { ScreenDescriptor } from "../../schemas/descriptor/mod.ts";
import { type ActionHost, ActionHostContext } from "../renderer/action-host.tsx";
import { checkScreen } from "../renderer/descriptor-validation.ts";
import { ScreenView } from "../renderer/screen-view.tsx";
import type { WidgetRegistry } from "../renderer/screen-runtime.tsx";
import { loadWidgetsOf, WIDGET_REGISTRY } from "../widgets/registry.ts";
import { ConfirmProvider, useConfirm } from "../shell/confirm-dialog.tsx";
import { ToastProvider, useToasts } from "../shell/toasts.tsx";

/** A minimal valid screen around a body. */
export function screenOf(
  body: unknown,
  extra: Partial<Record<keyof ScreenDescriptor, unknown>> = {},
): Record<string, unknown> {
  return { schemaVersion: 1, id: "test-screen", title: "Test", cache: "dynamic", body, ...extra };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** The host with the app's own dialog and toasts in place of the test's. */
function RealHost(
  { host, toasts, children }: { host: ActionHost; toasts: string[]; children: ReactNode },
) {
  const confirm = useConfirm();
  const shown = useToasts();
  const real: ActionHost = {
    ...host,
    confirm,
    toast: (text, tone, options) => {
      toasts.push(text);
      shown.show(text, tone, options);
    },
  };
  return <ActionHostContext.Provider value={real}>{children}</ActionHostContext.Provider>;
}

/** Renders a descriptor at `/screen`; other paths show their location. */
export async function renderScreen(
  descriptor: unknown,
  options: {
    params?: Record<string, string>;
    /** The query parameters of the page's address (`{$query}` references). */
    query?: Record<string, string>;
    host?: Partial<ActionHost>;
    registry?: WidgetRegistry;
    /** The navigation's state, as a page opened with `navigate(path, { state })` has it. */
    state?: unknown;
    /**
     * The app's own confirmation dialog and toasts, as the person sees them
     * (toast texts are still collected).
     */
    realDialogs?: boolean;
  } = {},
) {
  const checked = await checkScreen(descriptor, "test-screen");
  // As the app's screen query does: the screen's widgets load before it renders.
  await loadWidgetsOf(checked.descriptor.body, options.registry ?? WIDGET_REGISTRY);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const toasts: string[] = [];
  const host: ActionHost = {
    toast: (text) => toasts.push(text),
    confirm: () => true,
    signOut: () => undefined,
    homePath: "/home",
    startSession: () => undefined,
    ...options.host,
  };
  const screenView = (
    <ScreenView
      descriptor={checked.descriptor}
      invalidNodes={checked.invalidNodes}
      params={options.params}
      query={options.query}
      registry={options.registry ?? WIDGET_REGISTRY}
    />
  );
  const router = createMemoryRouter([
    {
      path: "/screen",
      element: options.realDialogs
        ? (
          <ToastProvider>
            <ConfirmProvider>
              <RealHost host={host} toasts={toasts}>{screenView}</RealHost>
            </ConfirmProvider>
          </ToastProvider>
        )
        : <ActionHostContext.Provider value={host}>{screenView}</ActionHostContext.Provider>,
    },
    { path: "*", element: <LocationProbe /> },
  ], { initialEntries: [{ pathname: "/screen", state: options.state ?? null }] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, toasts, queryClient, invalidNodes: checked.invalidNodes };
}
