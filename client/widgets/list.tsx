/**
 * A list of items from a source (or literal items): title, subtitle, meta and a
 * badge per item, read with `{$field}`. With an action each item is a button;
 * with `to` each item whose path fills (a notification's record) is a link; with
 * `subtitleLinks` the web addresses in a subtitle are links.
 */
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { ActionButton } from "../renderer/action-button.tsx";
import { type BindingScope, resolveText } from "../renderer/bindings.ts";
import { ItemContext, useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { resolveTone } from "../renderer/tone-rules.ts";
import { asItems, valueAt } from "../renderer/value-path.ts";
import { fillPlaceholders } from "../renderer/templates.ts";
import { isInternalHref } from "../renderer/safe-href.ts";

/** A list. */
export function List({ node }: WidgetProps<NodeOf<"list">>) {
  const runtime = useScreenRuntime();
  const all = node.source === undefined
    ? node.items ?? []
    : asItems(valueAt(runtime.sources[node.source]?.value, node.path));
  const rest = node.skip ? all.slice(node.skip) : all;
  const items = node.limit === undefined ? rest : rest.slice(0, node.limit);
  if (items.length === 0) return <p className="source-empty">{node.emptyText}</p>;
  return (
    <ul className="list">
      {items.map((item, i) => {
        const to = node.to === undefined ? "" : fillPlaceholders(node.to, {
          params: runtime.params,
          query: runtime.query,
          state: runtime.state,
          item,
        });
        return (
          <ItemContext.Provider key={i} value={item}>
            <li className="list-item">
              {to !== "" && isInternalHref(to)
                ? (
                  <Link to={to} className="list-item-link">
                    <ListItemContent node={node} scope={{ sources: runtime.sources, item }} />
                  </Link>
                )
                : node.action
                ? (
                  <ActionButton
                    action={node.action}
                    item={item}
                    variant="ghost"
                    className="list-item-button"
                  >
                    <ListItemContent node={node} scope={{ sources: runtime.sources, item }} />
                  </ActionButton>
                )
                : <ListItemContent node={node} scope={{ sources: runtime.sources, item }} />}
            </li>
          </ItemContext.Provider>
        );
      })}
    </ul>
  );
}

/** Linked subtitles (a mail's text) are rare: their code loads with the first. */
const LinkedText = lazy(() =>
  import("../ui/linked-text.tsx").then((m) => ({ default: m.LinkedText }))
);

function ListItemContent({ node, scope }: { node: NodeOf<"list">; scope: BindingScope }) {
  const subtitle = resolveText(node.subtitle, scope);
  const meta = resolveText(node.meta, scope);
  const tone = node.badge ? resolveTone(node.badge.tone, scope) ?? "neutral" : undefined;
  return (
    <span className="list-item-content">
      <span className="list-item-main">
        <span className="list-item-title">{resolveText(node.title, scope)}</span>
        {subtitle
          ? (
            <span className="list-item-subtitle">
              {node.subtitleLinks && !node.action
                ? (
                  <Suspense fallback={subtitle}>
                    <LinkedText text={subtitle} />
                  </Suspense>
                )
                : subtitle}
            </span>
          )
          : null}
      </span>
      {meta ? <span className="list-item-meta">{meta}</span> : null}
      {node.badge
        ? (
          <span className={`badge tone-${tone}`} data-tone={tone}>
            {resolveText(node.badge.text, scope)}
          </span>
        )
        : null}
    </span>
  );
}
