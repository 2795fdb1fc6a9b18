/** Children in equal columns; fewer columns on narrow screens. */
import type { CSSProperties } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { RenderChildren } from "../renderer/render-node.tsx";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";

/** A grid. */
export function Grid({ node, path }: WidgetProps<NodeOf<"grid">>) {
  return (
    <div className="grid" style={{ "--columns": node.columns } as CSSProperties}>
      <RenderChildren nodes={node.children} path={`${path}/children`} />
    </div>
  );
}
