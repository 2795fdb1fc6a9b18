/**
 * Tabs whose active tab lives in screen state (`stateKey`), so actions can switch
 * them. Arrow keys, Home and End move between tabs.
 */
import { type KeyboardEvent, useId, useRef } from "react";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { RenderChildren } from "../renderer/render-node.tsx";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";

/** Tabs. */
export function Tabs({ node, path }: WidgetProps<NodeOf<"tabs">>) {
  const runtime = useScreenRuntime();
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const stored = runtime.state[node.stateKey];
  const activeIndex = Math.max(0, node.tabs.findIndex((tab) => tab.id === stored));
  const active = node.tabs[activeIndex];

  function select(index: number): void {
    runtime.setState({ [node.stateKey]: node.tabs[index].id });
    buttons.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const last = node.tabs.length - 1;
    const next = event.key === "ArrowRight"
      ? (activeIndex === last ? 0 : activeIndex + 1)
      : event.key === "ArrowLeft"
      ? (activeIndex === 0 ? last : activeIndex - 1)
      : event.key === "Home"
      ? 0
      : event.key === "End"
      ? last
      : undefined;
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  }

  return (
    <div className="tabs">
      <div className="tab-list" role="tablist" onKeyDown={onKeyDown}>
        {node.tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === activeIndex}
            aria-controls={`${baseId}-panel`}
            tabIndex={i === activeIndex ? 0 : -1}
            className="tab"
            onClick={() => select(i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${activeIndex}`}
      >
        <RenderChildren nodes={active.children} path={`${path}/tabs/${activeIndex}/children`} />
      </div>
    </div>
  );
}
