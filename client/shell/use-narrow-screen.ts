/**
 * Whether the window is narrow (phones and small tablets). There the sidebar is a
 * drawer over the content: closed on every page load and after each navigation,
 * whatever the wide-screen rail preference says.
 */
import { useEffect, useState } from "react";

/** The width at and below which the sidebar is a drawer (matches styles.css). */
export const NARROW_QUERY = "(max-width: 860px)";

function matches(): boolean {
  return typeof globalThis.matchMedia === "function" && globalThis.matchMedia(NARROW_QUERY).matches;
}

/** True while the window is narrow. */
export function useNarrowScreen(): boolean {
  const [narrow, setNarrow] = useState(matches);
  useEffect(() => {
    if (typeof globalThis.matchMedia !== "function") return;
    const query = globalThis.matchMedia(NARROW_QUERY);
    const onChange = () => setNarrow(query.matches);
    query.addEventListener("change", onChange);
    onChange();
    return () => query.removeEventListener("change", onChange);
  }, []);
  return narrow;
}
