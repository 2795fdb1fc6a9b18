/**
 * A guard against leaving a form with unsaved edits: the browser asks before the
 * page unloads, and the router asks before moving to another page (a data
 * router's blocker).
 */
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router-dom";
import type { Confirmation } from "../shell/confirm-dialog.tsx";

/** The question before leaving unsaved edits, and its buttons. */
export const LEAVE_UNSAVED: Confirmation = {
  question: "You have unsaved changes. Leave without saving?",
  confirmLabel: "Leave without saving",
  keepLabel: "Stay and keep editing",
  tone: "danger",
};

/** Asks before leaving while `dirty`; `confirm` asks in the app's own dialog. */
export function useLeaveGuard(
  dirty: boolean,
  confirm: (confirmation: Confirmation) => boolean | Promise<boolean>,
): void {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    dirtyRef.current && currentLocation.pathname !== nextLocation.pathname
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    void Promise.resolve(confirm(LEAVE_UNSAVED)).then(
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
