/**
 * The main area a screen renders into, in the staff and the portal frame alike:
 * after a navigation (not on the first load) focus moves to the new page (unless it
 * is in a dialog opened meanwhile, such as the command palette) and the view returns
 * to its top; a screen that fails to render fails alone.
 */
import { useEffect, useRef } from "react";
import { Outlet, useLocation } from "react-router-dom";
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { RenderErrorBoundary } from "./render-error-boundary.tsx";

/** Props of the screen area. */
export interface ScreenAreaProps {
  className: string;
  /** The shell's texts for a screen that fails to render (absent while it loads). */
  errors: ShellDescriptor["errors"] | undefined;
  /** What scrolls back to the top: the area itself, or the whole window. */
  scrolls: "area" | "window";
}

/** The screen area. */
export function ScreenArea({ className, errors, scrolls }: ScreenAreaProps) {
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!document.activeElement?.closest("[aria-modal='true']")) {
      main.current?.focus({ preventScroll: true });
    }
    (scrolls === "area" ? main.current : globalThis)?.scrollTo?.({ top: 0 });
  }, [pathname, scrolls]);
  return (
    <main id="main" ref={main} className={className} tabIndex={-1}>
      <RenderErrorBoundary
        key={pathname}
        area="screen"
        title={errors?.renderTitle}
        tryAgain={errors?.tryAgain}
      >
        <Outlet />
      </RenderErrorBoundary>
    </main>
  );
}
