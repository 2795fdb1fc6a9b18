/**
 * The root route's element: toasts, the confirmation dialog, the navigation
 * progress bar, the services actions need (sign-in, sign-out, toasts,
 * confirmation), the reaction to a session ending (back to the sign-in page of
 * the area the visitor was in), error reporting, and the app-wide error screen.
 */
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { matchRoutes, Outlet, useLocation, useNavigate } from "react-router-dom";
import type { RoutesDescriptor } from "../../schemas/descriptor/mod.ts";
import { apiRequest } from "../api/api-client.ts";
import { type CurrentUser, currentUserQuery } from "../api/current-user.ts";
import { configureErrorReporting } from "../api/error-report.ts";
import { onSessionEnded } from "../api/session-events.ts";
import { type SessionAnswer, signOut, startSession } from "../api/session.ts";
import { type ActionHost, ActionHostContext } from "../renderer/action-host.tsx";
import { RenderErrorBoundary } from "../shell/render-error-boundary.tsx";
import { ToastProvider, useToasts } from "../shell/toasts.tsx";
import { ConfirmProvider, useConfirm } from "../shell/confirm-dialog.tsx";
import { NavigationProgress } from "../shell/navigation-progress.tsx";
import { safeNext, signInWithNext } from "./route-paths.ts";

/** The root layout of every route. */
export function AppRoot({ routes }: { routes: RoutesDescriptor }) {
  useEffect(() => configureErrorReporting(routes.errorReportPath), [routes.errorReportPath]);
  return (
    <ToastProvider>
      <ConfirmProvider>
        <NavigationProgress />
        <AppServices routes={routes}>
          <RenderErrorBoundary area="app">
            <Outlet />
          </RenderErrorBoundary>
        </AppServices>
      </ConfirmProvider>
    </ToastProvider>
  );
}

function AppServices({ routes, children }: { routes: RoutesDescriptor; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const confirm = useConfirm();
  const here = useRef(location);
  here.current = location;

  useEffect(() =>
    onSessionEnded((reason) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "routes" });
      const { pathname, search, hash } = here.current;
      const audience = matchRoutes(
        routes.routes.map((r) => ({ path: r.path, id: r.audience })),
        pathname,
      )?.at(-1)
        ?.route.id;
      if (audience === "staff") {
        const to = reason === "signed-out"
          ? routes.signIn
          : signInWithNext(routes.signIn, pathname + search + hash);
        void navigate(to, { replace: true });
      } else if (audience === "portal") {
        void navigate(routes.portalSignIn, { replace: true });
      }
    }), [navigate, queryClient, routes]);

  const host = useMemo<ActionHost>(() => ({
    toast: toasts.show,
    confirm,
    signOut: () => signOut("signed-out"),
    homePath: routes.staffHome,
    startSession: async (answer: SessionAnswer) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== "routes" });
      startSession(answer);
      const user = answer.user ??
        await apiRequest<CurrentUser>("/auth/me", { method: "POST", body: {} }).catch(() =>
          undefined
        );
      if (user !== undefined) queryClient.setQueryData(currentUserQuery.queryKey, user);
      const next = safeNext(new URLSearchParams(here.current.search).get("next"));
      const home = user?.is_client_portal_user ? routes.portalHome : routes.staffHome;
      await navigate(next ?? home, { replace: true });
    },
  }), [toasts.show, confirm, routes, queryClient, navigate]);

  return <ActionHostContext.Provider value={host}>{children}</ActionHostContext.Provider>;
}
