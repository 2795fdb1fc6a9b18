/**
 * Whether a record list is seen as a list, a board or a calendar, and by which
 * field: kept in the address (`?layout=board&board=stage`,
 * `?layout=calendar&calendar=due_date`), so a reload or a shared link shows the
 * same; a saved view may carry them. The switch offers the layouts the descriptor
 * has a setup for, and the fields it names for them, by their labels. Groups are
 * by one or two fields (`?layout=groups&group=stage,source`); a timeline by its
 * start and end dates (`?layout=timeline`).
 */
import { useSearchParams } from "react-router-dom";
import type {
  BoardSetup,
  CalendarSetup,
  GroupSetup,
  TimelineSetup,
} from "../../schemas/descriptor/record-widgets.ts";
import type { View } from "./record-api.ts";

/** The layouts a list may have. */
export type Layout = "list" | "board" | "calendar" | "groups" | "timeline";

/** The list's layout now. */
export interface ListLayout {
  layout: Layout;
  /** The board's field (the first offered unless chosen). */
  boardField: string;
  /** The calendar's date (the first offered unless chosen). */
  calendarField: string;
  /** The fields grouped by (the first offered unless chosen; at most two). */
  groupFields: string[];
}

/** What a list may be seen as besides a list. */
export interface LayoutSetups {
  board?: BoardSetup;
  calendar?: CalendarSetup;
  groups?: GroupSetup;
  timeline?: TimelineSetup;
}

function offeredIn(setup: { fields: { id: string }[] } | undefined, id: string | null | undefined) {
  return setup?.fields.some((f) => f.id === id) ? id! : setup?.fields[0].id;
}

/** The offered fields of `asked` (one or two, no repeats), else the first offered. */
function groupsIn(setup: GroupSetup | undefined, asked: readonly string[] | undefined): string[] {
  if (!setup) return [];
  const offered = [...new Set(asked ?? [])].filter((id) => setup.fields.some((f) => f.id === id));
  return offered.length > 0 ? offered.slice(0, 2) : [setup.fields[0].id];
}

/** The layout from the address and the view, and its setter. */
export function useListLayout(setups: LayoutSetups) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get("layout");
  const current: ListLayout = {
    layout: asked === "board" && setups.board
      ? "board"
      : asked === "calendar" && setups.calendar
      ? "calendar"
      : asked === "groups" && setups.groups
      ? "groups"
      : asked === "timeline" && setups.timeline
      ? "timeline"
      : "list",
    boardField: offeredIn(setups.board, search.get("board")) ?? "",
    calendarField: offeredIn(setups.calendar, search.get("calendar")) ?? "",
    groupFields: groupsIn(setups.groups, search.get("group")?.split(",")),
  };
  const setLayout = (next: Partial<ListLayout>) => {
    const merged = { ...current, ...next };
    const params = new URLSearchParams(search);
    if (merged.layout === "list") params.delete("layout");
    else params.set("layout", merged.layout);
    if (merged.layout === "board" && merged.boardField !== setups.board?.fields[0].id) {
      params.set("board", merged.boardField);
    } else params.delete("board");
    if (merged.layout === "calendar") params.set("calendar", merged.calendarField);
    else params.delete("calendar");
    if (merged.layout === "groups") params.set("group", merged.groupFields.join(","));
    else params.delete("group");
    if (params.toString() !== search.toString()) setSearch(params);
  };
  /** What a chosen view says of the layout (a view saved as a board opens as one). */
  const fromView = (view: View | undefined) => {
    if (view?.layout === "board" && setups.board) {
      setLayout({ layout: "board", boardField: offeredIn(setups.board, view.board_field) });
    } else if (view?.layout === "calendar" && setups.calendar) {
      setLayout({
        layout: "calendar",
        calendarField: offeredIn(setups.calendar, view.calendar_field),
      });
    } else if (view?.layout === "groups" && setups.groups) {
      setLayout({ layout: "groups", groupFields: groupsIn(setups.groups, view.group_fields) });
    } else if (view?.layout === "timeline" && setups.timeline) {
      setLayout({ layout: "timeline" });
    } else if (view?.layout === "list") setLayout({ layout: "list" });
  };
  return { ...current, setLayout, fromView };
}

const NAMES: Record<Layout, string> = {
  list: "List",
  board: "Board",
  calendar: "Calendar",
  groups: "Groups",
  timeline: "Timeline",
};

/** The List/Board/Calendar/Groups/Timeline switch, and the field of the board or calendar it shows. */
export function LayoutSwitch(
  { setups, layout, onLayout }: {
    setups: LayoutSetups;
    layout: ListLayout;
    onLayout(next: Partial<ListLayout>): void;
  },
) {
  const choices: Layout[] = [
    "list",
    ...(setups.board ? ["board" as const] : []),
    ...(setups.calendar ? ["calendar" as const] : []),
    ...(setups.groups ? ["groups" as const] : []),
    ...(setups.timeline ? ["timeline" as const] : []),
  ];
  const fields = layout.layout === "board"
    ? setups.board?.fields
    : layout.layout === "calendar"
    ? setups.calendar?.fields
    : undefined;
  const key = layout.layout === "board" ? "boardField" : "calendarField";
  return (
    <div className="layout-switch">
      <div className="segmented" role="group" aria-label="Show as">
        {choices.map((choice) => (
          <button
            key={choice}
            type="button"
            className={`segmented-option${layout.layout === choice ? " is-active" : ""}`}
            aria-pressed={layout.layout === choice}
            onClick={() => onLayout({ layout: choice })}
          >
            {NAMES[choice]}
          </button>
        ))}
      </div>
      {layout.layout === "groups" && setups.groups
        ? <GroupChoice setup={setups.groups} chosen={layout.groupFields} onLayout={onLayout} />
        : null}
      {fields && fields.length > 1
        ? (
          <label className="layout-switch-field">
            <span>{layout.layout === "board" ? "Columns by" : "Dates by"}</span>
            <select
              value={layout[key]}
              onChange={(e) => onLayout({ [key]: e.target.value })}
            >
              {fields.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
            </select>
          </label>
        )
        : null}
    </div>
  );
}

/** The one or two fields groups are by. */
function GroupChoice(
  { setup, chosen, onLayout }: {
    setup: GroupSetup;
    chosen: string[];
    onLayout(next: Partial<ListLayout>): void;
  },
) {
  const [first, second] = chosen;
  return (
    <div className="layout-switch-groups">
      <label className="layout-switch-field">
        <span>Groups by</span>
        <select
          value={first}
          onChange={(e) => onLayout({ groupFields: [e.target.value, ...(second ? [second] : [])] })}
        >
          {setup.fields.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
        </select>
      </label>
      <label className="layout-switch-field">
        <span>then by</span>
        <select
          value={second ?? ""}
          onChange={(e) =>
            onLayout({ groupFields: e.target.value ? [first, e.target.value] : [first] })}
        >
          <option value="">Nothing</option>
          {setup.fields.filter((f) => f.id !== first).map((f) => (
            <option key={f.id} value={f.id}>{f.label}</option>
          ))}
        </select>
      </label>
    </div>
  );
}
