/**
 * Route guards as loaders. Staff routes need a signed-in staff user (visitors go to
 * sign-in with their location kept as `next`; portal users go to the portal home);
 * portal routes need a portal user; guest pages (sign-in, register) send a
 * signed-in user on to `next` or their home.
 */
import type { QueryClient } from "@tanstack/react-query";
import { type LoaderFunctionArgs, redirect } from "react-router-dom";
import type { RoutesDescriptor } from "../../schemas/descriptor/mod.ts";
import { ApiError } from "../api/api-error.ts";
import { type CurrentUser, currentUserQuery } from "../api/current-user.ts";
import { hasSession } from "../api/tokens.ts";
import { safeNext, signInWithNext } from "./route-paths.ts";

/**
 * The signed-in user; null when the server says nobody is signed in, undefined when
 * it cannot tell (the page then renders and shows its own errors).
 */
async function signedInUser(queryClient: QueryClient): Promise<CurrentUser | null | undefined> {
  if (!hasSession()) return null;
  try {
    return await queryClient.ensureQueryData(currentUserQuery);
  } catch (error) {
    return error instanceof ApiError && error.status === 401 ? null : undefined;
  }
}

function locationOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The loader guarding staff routes. */
export function staffGuard(routes: RoutesDescriptor, queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const user = await signedInUser(queryClient);
    if (user === null) return redirect(signInWithNext(routes.signIn, locationOf(request)));
    if (user?.is_client_portal_user) return redirect(routes.portalHome);
    return null;
  };
}

/** The loader guarding client-portal routes. */
export function portalGuard(routes: RoutesDescriptor, queryClient: QueryClient) {
  return async () => {
    const user = await signedInUser(queryClient);
    if (user === null) return redirect(routes.portalSignIn);
    if (user !== undefined && !user.is_client_portal_user) return redirect(routes.staffHome);
    return null;
  };
}

/** The loader of guest pages: signed-in users go on to `next` or their home. */
export function guestGuard(routes: RoutesDescriptor, queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    const user = await signedInUser(queryClient);
    if (!user) return null;
    if (user.is_client_portal_user) return redirect(routes.portalHome);
    return redirect(safeNext(new URL(request.url).searchParams.get("next")) ?? routes.staffHome);
  };
}
