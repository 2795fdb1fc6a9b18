/** What shows when the route table cannot be loaded: the reason and a Retry button. */

/** The boot failure screen. */
export function BootFailure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <main className="boot-failure">
      <div className="panel panel-danger" role="alert">
        <h1 className="panel-title">The app could not start</h1>
        <p>{error instanceof Error ? error.message : String(error)}</p>
        <button type="button" className="button button-primary" onClick={onRetry}>Retry</button>
      </div>
    </main>
  );
}
