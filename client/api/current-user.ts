/**
 * The signed-in user (`POST /auth/me`) as a query, shared by the route guards and
 * the header.
 */
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client.ts";
import { useSignedIn } from "./use-signed-in.ts";

/** The user record of the spec. */
export interface CurrentUser {
  id: string | number;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  role: string;
  is_client_portal_user: boolean;
}

/** The query of the current user. */
export const currentUserQuery = {
  queryKey: ["auth", "me"] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiRequest<CurrentUser>("/auth/me", { method: "POST", body: {}, signal }),
  staleTime: 5 * 60_000,
};

/** The current user while signed in. */
export function useCurrentUser() {
  return useQuery({ ...currentUserQuery, enabled: useSignedIn() });
}
