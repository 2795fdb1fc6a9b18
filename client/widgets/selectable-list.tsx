/**
 * A scrolling list to pick one item from: choosing runs `onSelect` for the item and
 * the item whose id equals the `selectedState` key is shown as selected.
 */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { ActionButton } from "../renderer/action-button.tsx";
import { resolveText } from "../renderer/bindings.ts";
import { ItemContext, useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { asItems, valueAt } from "../renderer/value-path.ts";

/** A selectable list. */
export function SelectableList({ node }: WidgetProps<NodeOf<"selectable-list">>) {
  const runtime = useScreenRuntime();
  const items = asItems(valueAt(runtime.sources[node.source]?.value, node.path));
  if (items.length === 0) {
    return (
      <div className="empty-state">
        {node.emptyTitle ? <p className="empty-state-title">{node.emptyTitle}</p> : null}
        <p className="empty-state-text">{node.emptyText}</p>
      </div>
    );
  }
  const selected = node.selectedState === undefined ? undefined : runtime.state[node.selectedState];
  return (
    <ul className="selectable-list" style={{ maxHeight: node.maxHeight }}>
      {items.map((item, i) => {
        const scope = { sources: runtime.sources, item };
        const id = valueAt(item, "id");
        const isSelected = selected !== undefined && selected !== null &&
          String(id) === String(selected);
        const meta = (node.meta ?? []).map((m) => resolveText(m, scope)).filter(Boolean);
        return (
          <ItemContext.Provider key={i} value={item}>
            <li>
              <ActionButton
                action={node.onSelect}
                item={item}
                variant="ghost"
                className={`selectable-item${isSelected ? " is-selected" : ""}`}
              >
                <span className="selectable-title">{resolveText(node.title, scope)}</span>
                {meta.length > 0
                  ? (
                    <span className="selectable-meta">
                      {meta.map((m, j) => <span key={j}>{m}</span>)}
                    </span>
                  )
                  : null}
                {isSelected ? <span className="sr-only">(selected)</span> : null}
              </ActionButton>
            </li>
          </ItemContext.Provider>
        );
      })}
    </ul>
  );
}
