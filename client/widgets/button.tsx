/** A button that runs its action. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { ActionButton } from "../renderer/action-button.tsx";
import { useItem, type WidgetProps } from "../renderer/screen-runtime.tsx";

/** A button. */
export function Button({ node }: WidgetProps<NodeOf<"button">>) {
  const item = useItem();
  return (
    <ActionButton action={node.action} item={item} variant={node.variant ?? "secondary"}>
      {node.label}
    </ActionButton>
  );
}
