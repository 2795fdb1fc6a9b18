/** A modal dialog of the screen, opened and closed by actions. */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { RenderChildren } from "../renderer/render-node.tsx";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { Modal } from "../ui/modal.tsx";

/** A dialog. */
export function Dialog({ node, path }: WidgetProps<NodeOf<"dialog">>) {
  const runtime = useScreenRuntime();
  if (!runtime.isDialogOpen(node.id)) return null;
  return (
    <Modal title={node.title} onClose={() => runtime.closeDialog(node.id)}>
      <RenderChildren nodes={node.children} path={`${path}/children`} />
    </Modal>
  );
}
