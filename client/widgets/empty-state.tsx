/** An empty panel: a title, a text, and optionally the action that fills it. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { ActionButton } from "../renderer/action-button.tsx";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";

/** An empty state. */
export function EmptyState({ node }: WidgetProps<NodeOf<"empty-state">>) {
  return (
    <div className="empty-state">
      <p className="empty-state-title">{node.title}</p>
      {node.text ? <p className="empty-state-text">{node.text}</p> : null}
      {node.action
        ? (
          <ActionButton action={node.action.action} variant="primary">
            {node.action.label}
          </ActionButton>
        )
        : null}
    </div>
  );
}
