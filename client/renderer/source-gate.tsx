/**
 * Shows, in place of a widget, the state of the sources its own props read: a
 * skeleton while one loads, its error text with Retry when one fails, its empty text
 * when one is empty. Other widgets of the screen are not affected.
 */
import type { ReactNode } from "react";
import type { Node } from "../../schemas/descriptor/mod.ts";
import { SkeletonLines } from "../ui/skeleton-lines.tsx";
import { sourcesReadBy } from "./bindings.ts";
import { NodeFallback } from "./node-fallback.tsx";
import { useScreenRuntime } from "./screen-runtime.tsx";

/** Text of an empty source when neither the source nor the widget names one. */
const DEFAULT_EMPTY_TEXT = "No data available.";

/** Renders `children` once every source `node` reads has a value. */
export function SourceGate(
  { node, path, children }: { node: Node; path: string; children: ReactNode },
) {
  const runtime = useScreenRuntime();
  const names = sourcesReadBy(node);
  const unknown = names.find((name) => runtime.sources[name] === undefined);
  if (unknown !== undefined) {
    return (
      <NodeFallback
        node={node}
        path={path}
        screenId={runtime.screenId}
        reason={`Unknown source "${unknown}"`}
      />
    );
  }
  const views = names.map((name) => runtime.sources[name]);
  const failed = views.find((v) => v.status === "error");
  if (failed) {
    return (
      <div className="source-error" role="alert">
        <span>
          {failed.errorText}
          {failed.errorDetail ? <span className="error-detail">{failed.errorDetail}</span> : null}
        </span>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={failed.retry}
        >
          Retry
        </button>
      </div>
    );
  }
  const loading = views.find((v) => v.status === "loading");
  if (loading) {
    const lines = node.type === "table" || node.type === "list" ? 5 : node.type === "stat" ? 2 : 3;
    return <SkeletonLines lines={lines} text={loading.source.loadingText} />;
  }
  const empty = views.find((v) => v.status === "empty");
  if (empty) {
    const own = "emptyText" in node && typeof node.emptyText === "string"
      ? node.emptyText
      : undefined;
    return <p className="source-empty">{empty.source.emptyText ?? own ?? DEFAULT_EMPTY_TEXT}</p>;
  }
  return <>{children}</>;
}
