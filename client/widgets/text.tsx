/** A paragraph of text, rendered as text (never as HTML). */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { resolveText } from "../renderer/bindings.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { useBindingScope } from "../renderer/use-binding-scope.ts";

/** A text. */
export function Text({ node }: WidgetProps<NodeOf<"text">>) {
  return (
    <p className={`text text-${node.variant ?? "body"}`}>
      {resolveText(node.text, useBindingScope())}
    </p>
  );
}
