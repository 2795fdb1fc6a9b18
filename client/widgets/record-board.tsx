/**
 * A board of a type's records: a column per value of one field, with its count and
 * sum (and, when the field's values carry weights, the weighted sum) from one
 * grouped query, each column paging its cards as it scrolls. A card
 * moves to another column by one PATCH of the field at its version — dragged with a
 * mouse or (after a long press) a finger, through its "Move to" menu, or by keyboard:
 * Space picks the focused card up, the arrows choose a column, Space drops it and
 * Escape puts it back, each step read out. A refused move puts the card back and
 * says the server's reason. Everything it shows comes from its descriptor.
 */
import { useQuery } from "@tanstack/react-query";
import { useCallback, useId, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import type { FieldMeta } from "../../schemas/records/meta.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { BoardCard } from "../records/board-card.tsx";
import { BoardColumn } from "../records/board-column.tsx";
import { boardColumns, type BoardColumnState } from "../records/board-columns.ts";
import { useBoardDrag } from "../records/board-drag.ts";
import { useBoardMoves } from "../records/board-moves.ts";
import type { MoveOutcome } from "../records/record-moves.ts";
import { useKeyboardMove } from "../records/board-keyboard.ts";
import { keyAt } from "../records/board-rank.ts";
import { numberText } from "../records/field-display.tsx";
import { MoveNotes, MoveProblem, useFocusAfterMove } from "../records/move-feedback.tsx";
import { queryRecords, recordMeta } from "../records/record-api.ts";
import { recordKeys } from "../records/record-keys.ts";
import { formPathOf } from "../records/standard-fields.ts";

type Row = Readonly<Record<string, unknown>>;

/** Most columns a board shows (a link held by more records' values is grouped no further). */
const COLUMNS_MAX = 200;

/** A board. */
export function RecordBoard({ node }: WidgetProps<NodeOf<"record-board">>) {
  const { api, meta } = node;
  const navigate = useNavigate();
  const instructions = useId();
  const field = node.fields.find((f) => f.id === node.field) ?? node.fields[0];
  const byId = useMemo(() => new Map(meta.fields.map((f) => [f.id, f])), [meta]);
  const fieldMeta = byId.get(field.id);
  const filters = useMemo(() => node.filters ?? [], [node.filters]);
  const sumField = node.sum ? byId.get(node.sum.field) : undefined;
  // A card shows four of the list's values, the one its column sums always among them.
  const listed = node.cards.filter((id) => id !== field.id)
    .map((id) => byId.get(id))
    .filter((f): f is FieldMeta => f !== undefined);
  const cardFields = sumField && listed.includes(sumField) && listed.indexOf(sumField) >= 4
    ? [...listed.slice(0, 3), sumField]
    : listed.slice(0, 4);
  const fetched = [
    ...new Set([
      "version",
      meta.title_field,
      field.id,
      ...(node.rank ? [node.rank] : []),
      ...cardFields.map((f) => f.id),
    ]),
    ...(sumField && !cardFields.includes(sumField) ? [sumField.id] : []),
  ];
  const grouped = {
    group_by: [{ field: field.id }],
    aggregates: [
      { fn: "count" as const, as: "count" },
      ...(sumField ? [{ fn: "sum" as const, field: sumField.id, as: "sum" }] : []),
      ...(sumField && field.weighted
        ? [{ fn: "sum" as const, field: sumField.id, weight: field.id, as: "weighted" }]
        : []),
    ],
    ...(filters.length > 0 ? { filters } : {}),
    ...(node.search ? { search: node.search } : {}),
    limit: COLUMNS_MAX,
  };
  const groups = useQuery({
    queryKey: recordKeys.boardColumns(api, grouped),
    queryFn: () => queryRecords(api, grouped),
  });
  const needsOptions = meta.fields.some((f) => f.options_from !== undefined);
  const external = useQuery({
    queryKey: recordKeys.meta(api),
    queryFn: () => recordMeta(api),
    enabled: needsOptions,
    staleTime: 5 * 60_000,
  }).data?.options;

  const [announcement, setAnnouncement] = useState("");
  const [problem, setProblem] = useState<string>();
  const titleOf = useCallback(
    (card: Row) => String(card[meta.title_field] ?? card.name ?? card.id),
    [meta.title_field],
  );
  const onDone = useCallback((outcome: MoveOutcome) => {
    setAnnouncement(outcome.text);
    setProblem(outcome.ok ? undefined : outcome.text);
  }, []);
  const { pending, move } = useBoardMoves(api, field.id, { titleOf, onDone });
  // A card moved by keyboard keeps the focus in its new place.
  const setFocusAfter = useFocusAfterMove(pending, {
    attribute: "card-id",
    within: ".record-board",
  });
  const columns = boardColumns(field, fieldMeta, (groups.data?.rows ?? []) as Row[], {
    external,
    sumField: sumField?.id,
    pending: pending.values(),
  });
  const canMove = meta.can.update && fieldMeta !== undefined && !fieldMeta.read_only;

  // Cards are found by id in what the columns show, and each column's cards in order.
  const [cards] = useState(() => new Map<string, { card: Row; column: string }>());
  const [shownCards] = useState(() => new Map<string, readonly Row[]>());
  const shown = (column: string) => shownCards.get(column) ?? [];
  const ordered = node.rank !== undefined;

  /** Moves `card` to `place` among the others of `to` (its top without one). */
  const startMove = (
    card: Row,
    from: BoardColumnState,
    to: BoardColumnState,
    place: number | undefined,
  ) => {
    setProblem(undefined);
    const id = String(card.id);
    if (!node.rank) {
      if (from.key === to.key) return;
      setFocusAfter(id);
      void move(card, from, to);
      return;
    }
    const others = shown(to.key).filter((c) => String(c.id) !== id);
    const at = Math.min(place ?? 0, others.length);
    const now = shown(from.key).findIndex((c) => String(c.id) === id);
    if (from.key === to.key && at === now) return;
    const keys = others.map((c) => String(c[node.rank!] ?? ""));
    setFocusAfter(id);
    void move(card, from, to, { field: node.rank, key: keyAt(keys, at), position: at + 1 });
  };
  const { drag, onPointerDown, justDragged } = useBoardDrag((id, from, to, place) => {
    const found = cards.get(id);
    const source = columns.find((c) => c.key === from);
    const target = columns.find((c) => c.key === to);
    if (found && source && target) startMove(found.card, source, target, place);
  });
  const { lifted, onCardKey } = useKeyboardMove({
    columns,
    shown,
    ordered,
    canMove,
    titleOf,
    announce: setAnnouncement,
    open: (card) => navigate(formPathOf(meta, String(card.id))),
    drop: startMove,
  });

  const dragged = drag ? cards.get(drag.id) : undefined;
  const targetKey = drag?.over ?? (lifted ? columns[lifted.to]?.key : undefined);
  const targetPlace = drag ? drag.place : lifted?.place;
  return (
    <section className="record-board" aria-label={`${meta.plural} by ${field.label}`}>
      <MoveNotes
        id={instructions}
        instructions={"Press Space to pick the card up, the left and right arrows to choose a " +
          "column, Space to drop it and Escape to cancel. Enter opens it."}
        announcement={announcement}
      />
      {problem
        ? (
          <MoveProblem
            text={problem}
            className="board-problem"
            onDismiss={() => setProblem(undefined)}
          />
        )
        : null}
      {groups.isError
        ? <p className="alert tone-danger" role="alert">{groups.error.message}</p>
        : null}
      <div className="board-columns">
        {columns.map((column, index) => (
          <BoardColumn
            key={column.key}
            api={api}
            field={field.id}
            column={column}
            index={index}
            total={columns.length}
            filters={filters}
            search={node.search}
            sort={meta.list.sort}
            fetched={fetched}
            pageSize={node.pageSize ?? 20}
            sumText={sumField ? numberText(sumField, column.sum) : undefined}
            weightedText={sumField && column.weighted !== undefined
              ? `Weighted ${numberText(sumField, column.weighted)}`
              : undefined}
            pending={pending}
            target={targetKey === column.key && (ordered || (drag?.from ?? "") !== column.key)}
            rank={node.rank}
            onShown={(key, list) => shownCards.set(key, list)}
            dropAt={ordered && targetKey === column.key ? targetPlace : undefined}
            movingId={drag?.id ?? lifted?.id}
            renderCard={(card) => {
              const id = String(card.id);
              cards.set(id, { card, column: column.key });
              return (
                <BoardCard
                  key={id}
                  card={card}
                  title={titleOf(card)}
                  column={column}
                  columns={columns}
                  fields={cardFields}
                  sumField={sumField}
                  external={external}
                  lifted={lifted?.id === id}
                  moving={pending.has(id)}
                  dragging={drag?.id === id}
                  canMove={canMove}
                  describedBy={instructions}
                  onOpen={() => {
                    if (!justDragged.current && lifted === null) navigate(formPathOf(meta, id));
                  }}
                  onKeyDown={(e) => onCardKey(e, card, index)}
                  onPointerDown={(e) => onPointerDown(e, id, column.key)}
                  onMoveTo={(to) => startMove(card, column, to, 0)}
                />
              );
            }}
          />
        ))}
      </div>
      {drag && dragged
        ? (
          <div
            className="board-card board-card-ghost"
            aria-hidden="true"
            style={{ left: drag.x - drag.dx, top: drag.y - drag.dy, width: drag.width }}
          >
            <div className="board-card-title">{titleOf(dragged.card)}</div>
          </div>
        )
        : null}
    </section>
  );
}
