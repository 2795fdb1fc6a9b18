/** The calendar dropdown: upcoming events and a 'View Full Calendar' link. */
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { Dropdown } from "../ui/dropdown.tsx";
import { Icon } from "../ui/icons.tsx";

const CalendarEvents = lazy(() =>
  import("./calendar-events.tsx").then((m) => ({ default: m.CalendarEvents }))
);

/** The calendar dropdown. */
export function CalendarMenu({ config }: { config: ShellDescriptor["header"]["calendar"] }) {
  return (
    <Dropdown label={config.label} button={<Icon name="calendar" />}>
      {(close) => (
        <div className="menu-panel">
          <p className="menu-panel-title">{config.label}</p>
          <Suspense fallback={<p className="menu-message">Loading…</p>}>
            <CalendarEvents
              source={config.source}
              emptyText={config.emptyText}
              kindLabels={config.kindLabels}
            />
          </Suspense>
          <Link className="menu-footer-link" to={config.viewFullTo} onClick={close}>
            {config.viewFullText}
          </Link>
        </div>
      )}
    </Dropdown>
  );
}
