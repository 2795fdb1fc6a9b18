/**
 * The error screen: a render error anywhere below shows 'Something went wrong' with
 * a Try Again button, and is reported to the server.
 */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { reportClientError } from "../api/error-report.ts";

/** The spec's texts; the shell descriptor restates them. */
export const RENDER_ERROR_TITLE = "Something went wrong";
export const RENDER_ERROR_TRY_AGAIN = "Try Again";

interface Props {
  title?: string;
  tryAgain?: string;
  /** Names the part of the app in the report. */
  area: string;
  children: ReactNode;
}

/** Shows the error screen when rendering below fails. */
export class RenderErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error): { error: Error } {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportClientError({
      message: error.message,
      stack: `${error.stack ?? ""}${info.componentStack ?? ""}`,
      component: this.props.area,
    });
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <ErrorScreen
        title={this.props.title ?? RENDER_ERROR_TITLE}
        tryAgain={this.props.tryAgain ?? RENDER_ERROR_TRY_AGAIN}
        onTryAgain={() => this.setState({ error: null })}
      />
    );
  }
}

/** The error screen itself. */
export function ErrorScreen(
  { title, tryAgain, onTryAgain }: { title: string; tryAgain: string; onTryAgain(): void },
) {
  return (
    <div className="error-screen" role="alert">
      <h1 className="error-screen-title">{title}</h1>
      <button type="button" className="button button-primary" onClick={onTryAgain}>
        {tryAgain}
      </button>
    </div>
  );
}
