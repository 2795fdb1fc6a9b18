/**
 * The error boundary around every widget: a widget that throws while rendering
 * shows its fallback (and a way to try again), reports the error, and leaves the
 * rest of the screen alone.
 */
import { Component, type ErrorInfo, type ReactNode } from "react";
import type { Node } from "../../schemas/descriptor/mod.ts";
import { reportClientError } from "../api/error-report.ts";
import { GENERIC_FALLBACK_TEXT } from "./node-fallback.tsx";

interface Props {
  node: Node;
  path: string;
  screenId: string;
  children: ReactNode;
}

/** Contains render errors of one widget. */
export class NodeErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    const { node, path, screenId } = this.props;
    reportClientError({
      message: error.message,
      stack: `${error.stack ?? ""}${info.componentStack ?? ""}`,
      component: `${node.type} at ${path} of screen "${screenId}"`,
    });
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <div className="node-fallback" data-node-path={this.props.path}>
        <span>{this.props.node.fallback ?? GENERIC_FALLBACK_TEXT}</span>
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => this.setState({ error: null })}
        >
          Try again
        </button>
      </div>
    );
  }
}
