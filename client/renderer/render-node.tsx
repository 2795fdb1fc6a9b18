/**
 * Renders one node of a screen: hidden unless its `visibleWhen` holds; a contained
 * fallback when it is invalid or of an unknown type; otherwise its widget from the
 * registry, behind its own error boundary and the state of the sources it reads.
 */
import { Suspense } from "react";
import type { Node } from "../../schemas/descriptor/mod.ts";
import { SkeletonLines } from "../ui/skeleton-lines.tsx";
import { NodeErrorBoundary } from "./node-error-boundary.tsx";
import { NodeFallback } from "./node-fallback.tsx";
import { type Json, type SourceView, useScreenRuntime, widgetFor } from "./screen-runtime.tsx";
import { SourceGate } from "./source-gate.tsx";
import { valueAt } from "./value-path.ts";

/** Renders one node at a JSON pointer of the screen. */
export function RenderNode({ node, path }: { node: Node; path: string }) {
  const runtime = useScreenRuntime();
  const invalid = runtime.invalidNodes.get(path);
  if (invalid !== undefined) {
    return <NodeFallback node={node} path={path} screenId={runtime.screenId} reason={invalid} />;
  }
  if (!isVisible(node.visibleWhen, runtime.state, runtime.sources)) return null;
  const Widget = widgetFor(runtime.registry, node);
  if (Widget === undefined) {
    const reason = `Unknown widget type "${String(node.type)}"`;
    return <NodeFallback node={node} path={path} screenId={runtime.screenId} reason={reason} />;
  }
  return (
    <NodeErrorBoundary node={node} path={path} screenId={runtime.screenId}>
      <SourceGate node={node} path={path}>
        <Suspense fallback={<SkeletonLines lines={2} />}>
          <Widget node={node} path={path} />
        </Suspense>
      </SourceGate>
    </NodeErrorBoundary>
  );
}

/** Renders a list of child nodes under `path` (the pointer of the array). */
export function RenderChildren({ nodes, path }: { nodes: readonly unknown[]; path: string }) {
  return (
    <>{nodes.map((node, i) => <RenderNode key={i} node={node as Node} path={`${path}/${i}`} />)}</>
  );
}

/**
 * Whether a node's `visibleWhen` condition holds: for the screen state, or for a
 * source's value at a path (hidden until that source has loaded).
 */
export function isVisible(
  condition: Node["visibleWhen"],
  state: Readonly<Record<string, Json>>,
  sources: Readonly<Record<string, SourceView>> = {},
): boolean {
  if (condition === undefined) return true;
  let value: unknown;
  if ("source" in condition) {
    const source = sources[condition.source];
    if (source?.status !== "ready") return false;
    value = valueAt(source.value, condition.path);
  } else value = state[condition.state];
  const present = value !== undefined && value !== null && value !== "";
  if (condition.equals !== undefined && (value ?? null) !== condition.equals) return false;
  if (condition.present !== undefined && present !== condition.present) return false;
  return condition.equals !== undefined || condition.present !== undefined || present;
}
