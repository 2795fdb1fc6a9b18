/** What shows while the app starts: a quiet, centred loading indicator. */

/** The boot splash. */
export function BootSplash() {
  return (
    <div className="boot-splash" role="status">
      <span className="boot-spinner" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
