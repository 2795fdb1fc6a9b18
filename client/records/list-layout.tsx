/**
 * Whether a record list is seen as a list or as a board, and by which field: kept
 * in the address (`?layout=board&board=stage`), so a reload or a shared link shows
 * the same board; a saved view may carry both. The switch offers the fields the
 * descriptor names for a board, by their labels.
 */
import { useSearchParams } from "react-router-dom";
import type { BoardSetup } from "../../schemas/descriptor/record-widgets.ts";
import type { View } from "./record-api.ts";

/** The list's layout now. */
export interface ListLayout {
  layout: "list" | "board";
  /** The board's field (the first offered unless chosen). */
  boardField: string;
}

/** The layout from the address and the view, and its setter. */
export function useListLayout(board: BoardSetup | undefined) {
  const [search, setSearch] = useSearchParams();
  const offered = (id: string | null | undefined) =>
    board?.fields.some((f) => f.id === id) ? id! : undefined;
  const current: ListLayout = {
    layout: board && search.get("layout") === "board" ? "board" : "list",
    boardField: offered(search.get("board")) ?? board?.fields[0].id ?? "",
  };
  const setLayout = (next: Partial<ListLayout>) => {
    const merged = { ...current, ...next };
    const params = new URLSearchParams(search);
    if (merged.layout === "board") params.set("layout", "board");
    else params.delete("layout");
    if (merged.layout === "board" && merged.boardField !== board?.fields[0].id) {
      params.set("board", merged.boardField);
    } else params.delete("board");
    if (params.toString() !== search.toString()) setSearch(params);
  };
  /** What a chosen view says of the layout (a view saved as a board opens as one). */
  const fromView = (view: View | undefined) => {
    if (view?.layout === "board" && offered(view.board_field ?? board?.fields[0].id)) {
      setLayout({ layout: "board", boardField: view.board_field ?? board!.fields[0].id });
    } else if (view?.layout === "list") setLayout({ layout: "list" });
  };
  return { ...current, setLayout, fromView };
}

/** The List/Board switch, and the board's field when it shows a board. */
export function LayoutSwitch(
  { board, layout, onLayout }: {
    board: BoardSetup;
    layout: ListLayout;
    onLayout(next: Partial<ListLayout>): void;
  },
) {
  return (
    <div className="layout-switch">
      <div className="segmented" role="group" aria-label="Show as">
        {(["list", "board"] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className={`segmented-option${layout.layout === choice ? " is-active" : ""}`}
            aria-pressed={layout.layout === choice}
            onClick={() => onLayout({ layout: choice })}
          >
            {choice === "list" ? "List" : "Board"}
          </button>
        ))}
      </div>
      {layout.layout === "board" && board.fields.length > 1
        ? (
          <label className="layout-switch-field">
            <span>Columns by</span>
            <select
              value={layout.boardField}
              onChange={(e) => onLayout({ boardField: e.target.value })}
            >
              {board.fields.map((f) => <option key={f.id} value={f.id}>{f.label}</option>)}
            </select>
          </label>
        )
        : null}
    </div>
  );
}
