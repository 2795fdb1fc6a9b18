/** A loading placeholder declared by the screen. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { SkeletonLines } from "../ui/skeleton-lines.tsx";

/** A skeleton. */
export function Skeleton({ node }: WidgetProps<NodeOf<"skeleton">>) {
  return <SkeletonLines lines={node.lines ?? 3} title={node.title} text={node.text} />;
}
