/**
 * A tab list and its one panel, as the tabs widget and a record form's layout both
 * show them: the active tab is the caller's state; arrow keys, Home and End move
 * between tabs and focus the chosen one.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

/** Props of a tab strip. */
export interface TabStripProps {
  tabs: readonly { id: string; label: string }[];
  active: number;
  onSelect(index: number): void;
  /**
   * The active tab's content; undefined when the caller draws the panel elsewhere
   * (as the element with id `panelId`, role tabpanel).
   */
  children?: ReactNode;
  /** The panel's element id (default: one of the strip's own). */
  panelId?: string;
}

/** The tab strip. */
export function TabStrip({ tabs, active, onSelect, children, panelId }: TabStripProps) {
  const baseId = useId();
  const panel = panelId ?? `${baseId}-panel`;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  function select(index: number): void {
    onSelect(index);
    buttons.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const last = tabs.length - 1;
    const next = event.key === "ArrowRight"
      ? (active === last ? 0 : active + 1)
      : event.key === "ArrowLeft"
      ? (active === 0 ? last : active - 1)
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
        {tabs.map((tab, i) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={panel}
            tabIndex={i === active ? 0 : -1}
            className="tab"
            onClick={() => onSelect(i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {children === undefined ? null : (
        <div
          className="tab-panel"
          role="tabpanel"
          id={panel}
          aria-labelledby={`${baseId}-tab-${active}`}
        >
          {children}
        </div>
      )}
    </div>
  );
}
