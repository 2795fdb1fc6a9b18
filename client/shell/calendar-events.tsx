/** The events of the calendar dropdown, loaded when it is first opened. */
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api/api-client.ts";
import type { ValueLabels } from "../../schemas/descriptor/mod.ts";
import { formatValue, labelOf } from "../renderer/formatters.ts";

interface CalendarEvent {
  id: string | number;
  title: string;
  date: string;
  kind?: string;
}

const SHOWN = 6;

/** The upcoming events from the calendar source, each kind by its server-given label. */
export function CalendarEvents(
  { source, emptyText, kindLabels }: {
    source: string;
    emptyText: string;
    kindLabels: Readonly<ValueLabels>;
  },
) {
  const query = useQuery({
    queryKey: ["shell", "calendar", source],
    queryFn: ({ signal }) =>
      apiRequest<{ events?: CalendarEvent[] }>(source, { method: "POST", body: {}, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
  if (query.isPending) return <p className="menu-message">Loading…</p>;
  if (query.isError) {
    return <p className="menu-message tone-danger" role="alert">{query.error.message}</p>;
  }
  const events = query.data?.events ?? [];
  if (events.length === 0) return <p className="menu-message">{emptyText}</p>;
  return (
    <ul className="menu-list">
      {events.slice(0, SHOWN).map((event) => (
        <li key={event.id} className="menu-entry">
          <span className="menu-entry-title">{event.title}</span>
          <span className="menu-entry-meta">
            {formatValue(event.date, "date") ?? event.date}
            {event.kind ? ` · ${labelOf(event.kind, kindLabels)}` : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
