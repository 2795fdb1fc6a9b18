/**
 * Tabs whose active tab lives in screen state (`stateKey`), so actions can switch
 * them. Arrow keys, Home and End move between tabs. Each tab's widgets are its
 * own: a form on one tab never keeps the values of a form on the tab before.
 */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { RenderChildren } from "../renderer/render-node.tsx";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { TabStrip } from "../ui/tab-strip.tsx";

/** Tabs. */
export function Tabs({ node, path }: WidgetProps<NodeOf<"tabs">>) {
  const runtime = useScreenRuntime();
  const stored = runtime.state[node.stateKey];
  const activeIndex = Math.max(0, node.tabs.findIndex((tab) => tab.id === stored));
  const active = node.tabs[activeIndex];
  return (
    <TabStrip
      tabs={node.tabs}
      active={activeIndex}
      onSelect={(index) => runtime.setState({ [node.stateKey]: node.tabs[index].id })}
    >
      {/* Keyed by tab: another tab's widgets are new ones, never this tab's reused with their state. */}
      <RenderChildren
        key={active.id}
        nodes={active.children}
        path={`${path}/tabs/${activeIndex}/children`}
      />
    </TabStrip>
  );
}
