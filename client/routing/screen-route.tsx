/**
 * The element of every screen route: fetches the screen descriptor for the route's
 * screen id and params, renders it (or the screen the server sent with a refusal),
 * and shows a skeleton while loading and an error with Retry when it cannot load.
 */
import { useQuery } from "@tanstack/react-query";
import { Suspense, useEffect, useMemo } from "react";
import { useParams, useSearchParams } from "react-router-dom";
import { useUrlState } from "./use-url-state.ts";
import type { RouteEntry } from "../../schemas/descriptor/mod.ts";
import { ApiError } from "../api/api-error.ts";
import { reportClientError } from "../api/error-report.ts";
import { DescriptorError } from "../renderer/descriptor-error.ts";
import { ScreenView } from "../renderer/screen-view.tsx";
import { SkeletonLines } from "../ui/skeleton-lines.tsx";
import { useWidgetRegistry } from "../widgets/registry-loader.ts";
import { screenQuery } from "./descriptor-queries.ts";
import { isUnconfirmed } from "./first-screen.ts";
import { screenParamsOf } from "../../schemas/descriptor/screen-address.ts";

/** Renders the screen of a route. */
export function ScreenRoute({ entry }: { entry: RouteEntry }) {
  const routeParams = useParams();
  const [search] = useSearchParams();
  const key = JSON.stringify(screenParamsOf(routeParams));
  const requestParams = useMemo(() => JSON.parse(key) as Record<string, string>, [key]);
  const queryParams = useMemo(() => Object.fromEntries(search), [search]);
  const params = useMemo(() => ({ ...queryParams, ...requestParams }), [
    queryParams,
    requestParams,
  ]);
  const query = useQuery(screenQuery(entry.screen, requestParams));
  const title = query.data?.descriptor.title ?? entry.title;
  const urlState = useUrlState(query.data?.descriptor);

  useEffect(() => {
    document.title = title;
  }, [title]);

  if (query.data !== undefined) {
    // Painted from the last visit and not yet revalidated: nothing can be clicked.
    const unconfirmed = isUnconfirmed(query);
    return (
      <div
        key={`${entry.screen}|${key}`}
        className="screen-frame"
        inert={unconfirmed}
        aria-busy={unconfirmed}
      >
        <WithRegistry
          descriptor={query.data.descriptor}
          invalidNodes={query.data.invalidNodes}
          params={params}
          query={queryParams}
          urlValues={urlState.values}
          onStateChange={urlState.onStateChange}
        />
      </div>
    );
  }
  if (query.isError && !(query.error instanceof ApiError && query.error.status === 401)) {
    return (
      <ScreenLoadError
        error={query.error}
        screenId={entry.screen}
        retry={() => void query.refetch()}
      />
    );
  }
  return (
    <div className="page">
      <SkeletonLines lines={6} text="Loading…" />
    </div>
  );
}

/** The screen view with the widget registry (loaded with the screen; rarely awaited here). */
function WithRegistry(props: Omit<Parameters<typeof ScreenView>[0], "registry">) {
  return (
    <Suspense fallback={<SkeletonLines lines={6} text="Loading…" />}>
      <ScreenViewWithRegistry {...props} />
    </Suspense>
  );
}

function ScreenViewWithRegistry(props: Omit<Parameters<typeof ScreenView>[0], "registry">) {
  return <ScreenView {...props} registry={useWidgetRegistry()} />;
}

function ScreenLoadError(
  { error, screenId, retry }: { error: Error; screenId: string; retry(): void },
) {
  useEffect(() => {
    if (error instanceof DescriptorError) {
      reportClientError({ message: error.message, component: `screen "${screenId}"` });
    }
  }, [error, screenId]);
  return (
    <div className="panel panel-danger" role="alert">
      <h1 className="panel-title">This page could not be loaded</h1>
      <p>{error.message}</p>
      <button type="button" className="button button-primary" onClick={retry}>Retry</button>
    </div>
  );
}
