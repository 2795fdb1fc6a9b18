/**
 * One column of a board: its label, count and sum, and its cards, read a page at a
 * time by the list call confined to the column's value (in the list's order) and
 * read further as its end scrolls into view, in the order of the type's order key
 * (highest first) where it keeps one, else the list's. Cards on their way out are left
 * out; cards on their way in show at their new place (at the top without an order key).
 */
import { useInfiniteQuery } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef } from "react";
import type { Filter, Sort } from "../../schemas/records/meta.ts";
import { type BoardColumnState, columnFilter, type PendingMove } from "./board-columns.ts";
import { listRecords } from "./record-api.ts";
import { recordKeys } from "./record-keys.ts";

type Row = Readonly<Record<string, unknown>>;

/** Props of a column. */
export interface BoardColumnProps {
  api: string;
  field: string;
  column: BoardColumnState;
  /** The column's position, for its name ("2 of 6"). */
  index: number;
  total: number;
  filters: readonly Filter[];
  search?: string;
  sort: readonly Sort[];
  /** The field keeping the cards' order, highest first. */
  rank?: string;
  /** Told the cards shown, in order, at each render (a move's place is counted among them). */
  onShown(column: string, cards: readonly Row[]): void;
  fetched: readonly string[];
  pageSize: number;
  sumText?: string;
  /** The column's sum weighted by its value's weight (a stage's probability), in words. */
  weightedText?: string;
  pending: ReadonlyMap<string, PendingMove>;
  /** Highlighted as where a dragged or lifted card would go. */
  target: boolean;
  /** Where among the cards it would go (a line is drawn there), when the order is kept. */
  dropAt?: number;
  /** The card being moved (left out when counting the drop's place). */
  movingId?: string;
  renderCard(card: Row): ReactNode;
}

/** A column. */
export function BoardColumn(props: BoardColumnProps) {
  const { api, field, column } = props;
  const request = {
    filters: [...props.filters, columnFilter(field, column)],
    ...(props.search ? { search: props.search } : {}),
    sort: props.rank ? [{ field: props.rank, dir: "desc" as const }] : [...props.sort],
    fields: [...props.fetched],
    limit: props.pageSize,
  };
  const pages = useInfiniteQuery({
    queryKey: recordKeys.list(api, { board: field, column: column.key, ...request }),
    queryFn: ({ pageParam }) =>
      listRecords(api, pageParam === undefined ? request : { ...request, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const loaded = pages.data?.pages.flatMap((p) => p.items as Row[]) ?? [];
  const arriving = [...props.pending.values()].filter((m) => m.to === column.key).map((m) =>
    m.card
  );
  const staying = loaded.filter((c) => !props.pending.has(String(c.id)));
  const cards = props.rank ? placed(staying, arriving, props.rank) : [...arriving, ...staying];
  props.onShown(column.key, cards);

  // The next page loads when the end of the cards comes within 200 px of the column's own
  // scrolled window: the cards scroll inside the column, so the column's foot never moves.
  const list = useRef<HTMLUListElement>(null);
  const end = useRef<HTMLLIElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    const element = end.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    }, { root: list.current, rootMargin: "0px 0px 200px 0px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <section
      className={`board-column${props.target ? " is-target" : ""}`}
      data-board-column={column.key}
      aria-label={column.label}
    >
      <header className="board-column-header">
        <h3 className="board-column-title">
          <span
            className={`board-column-dot tone-${column.tone ?? "neutral"}`}
            aria-hidden="true"
          />
          <span className="board-column-label">{column.label}</span>
          <span className="board-column-count" aria-label={`${column.count} records`}>
            {column.count.toLocaleString("en-US")}
          </span>
        </h3>
        {props.sumText ? <p className="board-column-sum">{props.sumText}</p> : null}
        {props.weightedText ? <p className="board-column-weighted">{props.weightedText}</p> : null}
      </header>
      <ul
        ref={list}
        className="board-cards"
        aria-label={`${column.label}, column ${props.index + 1} of ${props.total}`}
      >
        {withDropMarker(cards, props.renderCard, props.dropAt, props.movingId)}
        <li ref={end} className="board-cards-end" aria-hidden="true" />
      </ul>
      {pages.isPending ? <p className="board-column-note">Loading…</p> : null}
      {pages.isError
        ? <p className="board-column-note" role="alert">The cards could not be loaded.</p>
        : null}
      {pages.isSuccess && cards.length === 0
        ? <p className="board-column-empty">No records</p>
        : null}
      <div className="board-column-end">
        {hasNextPage
          ? (
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {isFetchingNextPage ? "Loading…" : "Show more"}
            </button>
          )
          : null}
      </div>
    </section>
  );
}

/** `cards` (highest key first) with `arriving` put in by their keys. */
function placed(cards: readonly Row[], arriving: readonly Row[], rank: string): Row[] {
  const keyOf = (card: Row) => String(card[rank] ?? "");
  const all = [...cards];
  for (const card of arriving) {
    const at = all.findIndex((c) => keyOf(c) < keyOf(card));
    all.splice(at === -1 ? all.length : at, 0, card);
  }
  return all;
}

/** The cards drawn, with a line where a card being moved would go (`dropAt` among the others). */
function withDropMarker(
  cards: readonly Row[],
  draw: (card: Row) => ReactNode,
  dropAt: number | undefined,
  movingId: string | undefined,
): ReactNode[] {
  const marker = <li key="drop-marker" className="board-drop-marker" aria-hidden="true" />;
  const drawn: ReactNode[] = [];
  let others = 0;
  for (const card of cards) {
    const moving = String(card.id) === movingId;
    if (!moving && others === dropAt) drawn.push(marker);
    drawn.push(draw(card));
    if (!moving) others++;
  }
  if (dropAt !== undefined && dropAt >= others) drawn.push(marker);
  return drawn;
}
