/** Children in a row or a column, with a gap and an alignment. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { RenderChildren } from "../renderer/render-node.tsx";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";

/** A stack. */
export function Stack({ node, path }: WidgetProps<NodeOf<"stack">>) {
  const classes = [
    "stack",
    `stack-${node.direction ?? "column"}`,
    `gap-${node.gap ?? "medium"}`,
    node.align ? `align-${node.align}` : "",
  ].filter(Boolean).join(" ");
  return (
    <div className={classes}>
      <RenderChildren nodes={node.children} path={`${path}/children`} />
    </div>
  );
}
