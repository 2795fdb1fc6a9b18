/**
 * The error element of the router: an error thrown by a loader or a route outside
 * any boundary shows the error screen, reported to the server.
 */
import { useEffect } from "react";
import { useRouteError } from "react-router-dom";
import { reportClientError } from "../api/error-report.ts";
import {
  ErrorScreen,
  RENDER_ERROR_TITLE,
  RENDER_ERROR_TRY_AGAIN,
} from "../shell/render-error-boundary.tsx";

/** The router's error screen. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    const message = error instanceof Error ? error.message : String(error);
    reportClientError({
      message,
      stack: error instanceof Error ? error.stack : undefined,
      component: "router",
    });
  }, [error]);
  return (
    <ErrorScreen
      title={RENDER_ERROR_TITLE}
      tryAgain={RENDER_ERROR_TRY_AGAIN}
      onTryAgain={() => location.reload()}
    />
  );
}
