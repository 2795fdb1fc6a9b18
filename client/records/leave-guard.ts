/**
 * A guard against leaving a form with unsaved edits: the browser asks before the
 * page unloads, and the router asks before moving to another page (a data
 * router's blocker).
 */
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router-dom";

/** Asks before leaving while `dirty`; `confirm` words the question in the app's way. */
export function useLeaveGuard(
  dirty: boolean,
  confirm: (question: string) => boolean | Promise<boolean>,
): void {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    dirtyRef.current && currentLocation.pathname !== nextLocation.pathname
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    void Promise.resolve(confirm("You have unsaved changes. Leave without saving?")).then(
      (leave) => (leave ? blocker.proceed() : blocker.reset()),
    );
  }, [blocker, confirm]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    addEventListener("beforeunload", onBeforeUnload);
    return () => removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
}
