/**
 * A record form's layout from its metadata: tabs (when more than one), sections
 * with a label, and up to three columns of fields (one column on a phone). Tabs
 * added after the layout's (`extraTabs`) are drawn by the caller outside the form
 * element, since their widgets may hold forms of their own.
 */
import { type ReactNode, useEffect, useState } from "react";
import { TabStrip } from "../ui/tab-strip.tsx";
import type { FormLayout as Layout } from "../../schemas/records/meta.ts";

/** Props of a record form's layout. */
export interface FormLayoutProps {
  layout: Layout;
  /** Draws a field (null when it is not shown). */
  field(id: string): ReactNode;
  /** A field with an error: the tab holding it is brought forward. */
  reveal?: string;
  /** Tabs after the layout's; the caller draws the active one as element `extraPanelId`. */
  extraTabs?: readonly { id: string; label: string }[];
  extraPanelId?: string;
  /** The index among `extraTabs` of the tab now shown, or null for a layout tab. */
  onExtra?(index: number | null): void;
}

/** The layout. */
export function FormLayout(
  { layout, field, reveal, extraTabs = [], extraPanelId, onExtra }: FormLayoutProps,
) {
  const [active, setActive] = useState(0);
  const tabs = layout.tabs;
  const all = [...tabs, ...extraTabs];
  useEffect(() => {
    if (reveal === undefined) return;
    const holding = tabs.findIndex((t) =>
      t.sections.some((s) => s.columns.some((column) => column.includes(reveal)))
    );
    if (holding !== -1) {
      setActive(holding);
      onExtra?.(null);
    }
  }, [reveal, tabs, onExtra]);
  const shown = Math.min(active, all.length - 1);
  const tab = shown < tabs.length ? tabs[shown] : undefined;
  const body = tab?.sections.map((section, s) => (
    <section key={s} className="record-section" aria-label={section.label}>
      {section.label ? <h3 className="record-section-title">{section.label}</h3> : null}
      <div className={`record-columns-${section.columns.length}`}>
        {section.columns.map((column, c) => (
          <div key={c} className="record-column">
            {column.map((id) => <div key={id}>{field(id)}</div>)}
          </div>
        ))}
      </div>
    </section>
  ));
  if (all.length === 1) return <>{body}</>;

  function select(index: number): void {
    setActive(index);
    onExtra?.(index < tabs.length ? null : index - tabs.length);
  }

  return (
    <TabStrip
      tabs={all}
      active={shown}
      onSelect={select}
      panelId={tab === undefined ? extraPanelId : undefined}
    >
      {tab === undefined ? undefined : body}
    </TabStrip>
  );
}
