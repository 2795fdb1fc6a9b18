/** A loading placeholder: shimmering lines and, when given, a visible loading text. */

/** Grey lines standing in for content that is loading. */
export function SkeletonLines(
  { lines = 3, text, title }: { lines?: number; text?: string; title?: string },
) {
  return (
    <div className="skeleton" aria-busy="true">
      {title ? <p className="skeleton-title">{title}</p> : null}
      {Array.from({ length: lines }, (_, i) => <div key={i} className="skeleton-line" />)}
      <p className={text ? "skeleton-text" : "sr-only"} role="status">{text ?? "Loading…"}</p>
    </div>
  );
}
