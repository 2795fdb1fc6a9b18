/**
 * The contained stand-in for a node that cannot be rendered (unknown widget type,
 * invalid props, a render error): the node's own fallback text or a generic one.
 * The reason is reported to the server once.
 */
import { useEffect } from "react";
import type { Node } from "../../schemas/descriptor/mod.ts";
import { reportClientError } from "../api/error-report.ts";

/** Text shown when a node declares no fallback. */
export const GENERIC_FALLBACK_TEXT = "This part of the page cannot be shown.";

/** Shows the fallback of `node` and reports why it is needed. */
export function NodeFallback(
  { node, path, screenId, reason }: {
    node: Partial<Node> | null;
    path: string;
    screenId: string;
    reason: string;
  },
) {
  const type = typeof node?.type === "string" ? node.type : "unknown";
  useEffect(() => {
    reportClientError({ message: reason, component: `${type} at ${path} of screen "${screenId}"` });
  }, [reason, type, path, screenId]);
  const fallback = typeof node?.fallback === "string" ? node.fallback : GENERIC_FALLBACK_TEXT;
  return <div className="node-fallback" data-node-path={path}>{fallback}</div>;
}
