/**
 * A record form's layout from its metadata: tabs (when more than one), sections
 * with a label, and up to three columns of fields (one column on a phone).
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { FormLayout as Layout } from "../../schemas/records/meta.ts";

/**
 * The layout, with each field drawn by `field` (null when it is not shown). The tab
 * holding `reveal` (a field with an error) is brought forward.
 */
export function FormLayout(
  { layout, field, reveal }: { layout: Layout; field(id: string): ReactNode; reveal?: string },
) {
  const [active, setActive] = useState(0);
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
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

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const last = tabs.length - 1;
    const next = event.key === "ArrowRight"
      ? (active === last ? 0 : active + 1)
      : event.key === "ArrowLeft"
      ? (active === 0 ? last : active - 1)
      : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setActive(next);
    buttons.current[next]?.focus();
  }

  return (
    <div className="tabs">
      <div className="tab-list" role="tablist" onKeyDown={onKeyDown}>
        {tabs.map((t, i) => (
          <button
            key={t.id}
            ref={(element) => {
              buttons.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${baseId}-panel`}
            tabIndex={i === active ? 0 : -1}
            className="tab"
            onClick={() => setActive(i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        className="tab-panel"
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${active}`}
      >
        {body}
      </div>
    </div>
  );
}
