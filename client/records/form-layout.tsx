/**
 * A record form's layout from its metadata: tabs (when more than one), sections
 * with a label, and up to three columns of fields (one column on a phone).
 */
import { type ReactNode, useEffect, useState } from "react";
import { TabStrip } from "../ui/tab-strip.tsx";
import type { FormLayout as Layout } from "../../schemas/records/meta.ts";

/**
 * The layout, with each field drawn by `field` (null when it is not shown). The tab
 * holding `reveal` (a field with an error) is brought forward.
 */
export function FormLayout(
  { layout, field, reveal }: { layout: Layout; field(id: string): ReactNode; reveal?: string },
) {
  const [active, setActive] = useState(0);
  const tabs = layout.tabs;
  useEffect(() => {
    if (reveal === undefined) return;
    const holding = tabs.findIndex((t) =>
      t.sections.some((s) => s.columns.some((column) => column.includes(reveal)))
    );
    if (holding !== -1) setActive(holding);
  }, [reveal, tabs]);
  const tab = tabs[Math.min(active, tabs.length - 1)];
  const body = tab.sections.map((section, s) => (
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
  if (tabs.length === 1) return <>{body}</>;

  return (
    <TabStrip tabs={tabs} active={tabs.indexOf(tab)} onSelect={setActive}>
      {body}
    </TabStrip>
  );
}
