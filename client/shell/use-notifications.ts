/**
 * The notifications of the header: the descriptor's POST sources tried in order
 * (the first that answers wins; all failing is an error), refreshed every two
 * minutes while signed in.
 */
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api/api-client.ts";
import { isRecord } from "../api/api-error.ts";

/** A notification as the spec describes it (either field name of each pair). */
export interface Notification {
  id: string | number;
  title: string;
  message?: string;
  description?: string;
  created_at?: string;
  timestamp?: string;
  read?: boolean;
  category?: string;
  /** The app path of the record the notification is about. */
  link?: string | null;
}

async function loadNotifications(
  sources: readonly string[],
  signal?: AbortSignal,
): Promise<Notification[]> {
  let lastError: unknown = new Error("No notification source");
  for (const source of sources) {
    try {
      const answer = await apiRequest(source, { method: "POST", body: {}, signal });
      const list = isRecord(answer) ? answer.notifications : answer;
      return Array.isArray(list) ? list as Notification[] : [];
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** The notifications query (shared by the bell and the dropdown's list). */
export function useNotifications(sources: readonly string[], signedIn: boolean) {
  return useQuery({
    queryKey: ["shell", "notifications", sources],
    queryFn: ({ signal }) => loadNotifications(sources, signal),
    enabled: signedIn,
    staleTime: 60_000,
    refetchInterval: 120_000,
    retry: false,
  });
}
