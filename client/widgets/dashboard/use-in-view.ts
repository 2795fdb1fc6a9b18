/**
 * Whether an element has come near the viewport yet (and stays so once it has):
 * what a dashboard's card waits for before it runs its report, so a dashboard of
 * 30 cards runs only the queries of the cards on screen at first paint. Without
 * IntersectionObserver every element counts as seen.
 */
import { type RefObject, useEffect, useState } from "react";

/** How far below the viewport a card starts loading, so scrolling finds it ready. */
const AHEAD = "200px";

export function useInView(ref: RefObject<Element | null>): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || element === null) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      setSeen(true);
      observer.disconnect();
    }, { rootMargin: AHEAD });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, seen]);
  return seen;
}
