/**
 * What the command palette finds on the server as the user types: records of every
 * type they may read and the actions they may take (`GET /api/records/find`),
 * asked once typing pauses, so a word typed quickly is one call, not one per key.
 */
import { useEffect, useState } from "react";
import type { FindResponse } from "../../schemas/records/api.ts";
import { apiRequest } from "../api/api-client.ts";

/** How long typing pauses before the server is asked. */
export const FIND_DELAY_MS = 250;

/** Records and actions matching `query` (none while it is blank), and whether an answer is awaited. */
export function usePaletteFind(query: string): { found?: FindResponse; searching: boolean } {
  const [found, setFound] = useState<FindResponse>();
  const [searching, setSearching] = useState(false);
  const q = query.trim();
  useEffect(() => {
    if (q === "") {
      setFound(undefined);
      setSearching(false);
      return;
    }
    let current = true;
    setSearching(true);
    const timer = setTimeout(() => {
      apiRequest<FindResponse>(`/api/records/find?q=${encodeURIComponent(q)}`).then(
        (answer) => {
          if (current) setFound(answer);
        },
        // The modules are still found without the server; records are simply absent.
        () => {
          if (current) setFound(undefined);
        },
      ).finally(() => {
        if (current) setSearching(false);
      });
    }, FIND_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [q]);
  return { found: q === "" ? undefined : found, searching };
}
