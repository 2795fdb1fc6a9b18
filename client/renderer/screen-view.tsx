/**
 * Renders a validated screen descriptor: owns its state, dialogs and sources,
 * replaces the whole screen only when a critical source loads (its loading panel,
 * then its time-out text) or fails (its error panel with Retry) or when the source
 * of its empty panel is empty, and otherwise renders the body node by node.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ScreenDescriptor } from "../../schemas/descriptor/mod.ts";
import { SkeletonLines } from "../ui/skeleton-lines.tsx";
import { RenderNode } from "./render-node.tsx";
import { BODY_POINTER } from "./node-paths.ts";
import {
  type Json,
  type ScreenRuntime,
  ScreenRuntimeContext,
  type WidgetRegistry,
} from "./screen-runtime.tsx";
import { useScreenSources } from "./use-screen-sources.ts";

/** Props of a rendered screen. */
export interface ScreenViewProps {
  descriptor: ScreenDescriptor;
  invalidNodes?: ReadonlyMap<string, string>;
  /** Route params and query parameters of the location. */
  params?: Readonly<Record<string, string>>;
  /** The query parameters of the location alone, for `{$query}` references. */
  query?: Readonly<Record<string, string>>;
  registry: WidgetRegistry;
  /** State values the location holds (the descriptor's `urlState` keys); they win over `state`. */
  urlValues?: Readonly<Record<string, Json>>;
  /** Told of every state change, so the location can keep the `urlState` keys. */
  onStateChange?(state: Readonly<Record<string, Json>>): void;
}

const NO_PARAMS: Readonly<Record<string, string>> = {};
const NO_INVALID_NODES: ReadonlyMap<string, string> = new Map();
const NO_URL_VALUES: Readonly<Record<string, Json>> = {};

/** A screen, rendered from its descriptor. */
export function ScreenView(
  {
    descriptor,
    invalidNodes = NO_INVALID_NODES,
    params = NO_PARAMS,
    query = NO_PARAMS,
    registry,
    urlValues = NO_URL_VALUES,
    onStateChange,
  }: ScreenViewProps,
) {
  const initial = useMemo(() => (descriptor.state ?? {}) as Record<string, Json>, [
    descriptor.state,
  ]);
  const [state, setScreenState] = useState<Record<string, Json>>(() => ({
    ...initial,
    ...urlValues,
  }));
  // The location moved (Back, a link): its values become the state's.
  useEffect(() => {
    setScreenState((current) =>
      Object.entries(urlValues).every(([key, value]) => current[key] === value)
        ? current
        : { ...current, ...urlValues }
    );
  }, [urlValues]);
  // Told only when the state itself changes: a new listener (the location moved)
  // must not write the state it has not yet taken from the location back over it.
  const stateListener = useRef(onStateChange);
  stateListener.current = onStateChange;
  useEffect(() => stateListener.current?.(state), [state]);
  const [dialogs, setDialogs] = useState<ReadonlySet<string>>(new Set());
  const { views, refresh } = useScreenSources(descriptor, { params, query, state });

  const setState = useCallback((values: Record<string, Json>, clear: readonly string[] = []) => {
    setScreenState((current) => {
      const next = { ...current };
      for (const key of clear) {
        if (key in initial) next[key] = initial[key];
        else delete next[key];
      }
      return { ...next, ...values };
    });
  }, [initial]);

  const runtime: ScreenRuntime = {
    screenId: descriptor.id,
    params,
    query,
    state,
    setState,
    sources: views,
    refresh,
    isDialogOpen: (id) => dialogs.has(id),
    openDialog: (id) => setDialogs((open) => new Set(open).add(id)),
    closeDialog: (id) =>
      setDialogs((open) => {
        const next = new Set(open);
        next.delete(id);
        return next;
      }),
    invalidNodes,
    registry,
  };

  const critical = Object.values(views).filter((v) => v.source.critical);
  const failed = critical.find((v) => v.status === "error");
  const loading = critical.some((v) => v.status === "loading");
  const timedOut = useTimedOut(loading, descriptor.timeout?.ms);

  let content;
  if (failed) {
    const panel = descriptor.errorPanel ??
      { title: "Cannot load this page", text: failed.errorText ?? "", retryLabel: "Retry" };
    content = (
      <div className="panel panel-danger" role="alert">
        <h2 className="panel-title">{panel.title}</h2>
        <p>{panel.text}</p>
        {failed.errorDetail ? <p className="error-detail">{failed.errorDetail}</p> : null}
        <button
          type="button"
          className="button button-primary"
          onClick={() => critical.filter((v) => v.status === "error").forEach((v) => v.retry())}
        >
          {panel.retryLabel}
        </button>
      </div>
    );
  } else if (loading && timedOut && descriptor.timeout) {
    content = (
      <div className="panel" role="status">
        <p>{descriptor.timeout.text}</p>
        <button type="button" className="button button-secondary" onClick={() => refresh()}>
          Retry
        </button>
      </div>
    );
  } else if (loading && descriptor.loading) {
    content = (
      <div className="panel">
        <SkeletonLines lines={4} title={descriptor.loading.title} text={descriptor.loading.text} />
      </div>
    );
  } else if (descriptor.emptyPanel && views[descriptor.emptyPanel.source]?.status === "empty") {
    content = (
      <div className="panel empty-state" role="status">
        <p className="empty-state-title">{descriptor.emptyPanel.title}</p>
        {descriptor.emptyPanel.text
          ? <p className="empty-state-text">{descriptor.emptyPanel.text}</p>
          : null}
      </div>
    );
  } else {
    content = <RenderNode node={descriptor.body} path={BODY_POINTER} />;
  }
  return <ScreenRuntimeContext.Provider value={runtime}>{content}</ScreenRuntimeContext.Provider>;
}

function useTimedOut(active: boolean, ms: number | undefined): boolean {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    setTimedOut(false);
    if (!active || ms === undefined) return;
    const timer = setTimeout(() => setTimedOut(true), ms);
    return () => clearTimeout(timer);
  }, [active, ms]);
  return timedOut;
}
