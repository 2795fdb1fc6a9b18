/**
 * The idle guard. After `idleTimeoutMs - warningMs` without activity a warning
 * dialog counts down the remaining time; any activity or 'Stay Logged In' cancels
 * it, 'Logout Now' signs out at once, and at the timeout the user is signed out.
 * Activity also refreshes the tokens when `refreshIntervalMs` has passed since the
 * last refresh (a failed refresh is only warned about).
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { lastTokenRefreshAt, refreshSession } from "../api/api-client.ts";
import { signOut } from "../api/session.ts";
import { rememberSignOutNotice } from "../api/sign-out-notice.ts";

const IdleWarning = lazy(() =>
  import("./idle-warning.tsx").then((m) => ({ default: m.IdleWarning }))
);

const ACTIVITY_EVENTS = [
  "mousemove",
  "mousedown",
  "keydown",
  "scroll",
  "touchstart",
  "wheel",
] as const;
/** Activity is handled at most this often. */
const ACTIVITY_THROTTLE_MS = 1_000;

/** The idle guard of a signed-in session. */
export function IdleGuard({ policy }: { policy: ShellDescriptor["session"] }) {
  const { idleTimeoutMs, warningMs, refreshIntervalMs, idleSignedOutText } = policy;
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const lastHandled = useRef(0);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const schedule = useCallback(() => {
    timers.current.forEach(clearTimeout);
    const start = Date.now();
    timers.current = [
      setTimeout(() => {
        setDeadline(start + idleTimeoutMs);
        setNow(Date.now());
      }, Math.max(0, idleTimeoutMs - warningMs)),
      setTimeout(() => {
        setDeadline(null);
        rememberSignOutNotice(idleSignedOutText);
        void signOut("idle").catch((error) => console.error("Idle sign-out failed", error));
      }, idleTimeoutMs),
    ];
  }, [idleTimeoutMs, warningMs, idleSignedOutText]);

  const stay = useCallback(() => {
    setDeadline(null);
    schedule();
  }, [schedule]);

  useEffect(() => {
    schedule();
    function onActivity(): void {
      const at = Date.now();
      if (at - lastHandled.current < ACTIVITY_THROTTLE_MS) return;
      lastHandled.current = at;
      stay();
      if (at - lastTokenRefreshAt() >= refreshIntervalMs) {
        void refreshSession().then((ok) => {
          if (!ok) console.warn("Token refresh failed");
        });
      }
    }
    for (const name of ACTIVITY_EVENTS) {
      globalThis.addEventListener(name, onActivity, { passive: true, capture: true });
    }
    return () => {
      timers.current.forEach(clearTimeout);
      for (const name of ACTIVITY_EVENTS) {
        globalThis.removeEventListener(name, onActivity, { capture: true });
      }
    };
  }, [schedule, stay, refreshIntervalMs]);

  useEffect(() => {
    if (deadline === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(tick);
  }, [deadline]);

  if (deadline === null) return null;
  return (
    <Suspense fallback={null}>
      <IdleWarning
        policy={policy}
        secondsLeft={Math.max(0, Math.ceil((deadline - now) / 1000))}
        onStay={stay}
        onLogout={() => void signOut("signed-out")}
      />
    </Suspense>
  );
}
