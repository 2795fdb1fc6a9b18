/**
 * One card of a board: the record's title and a few of its values as the list
 * shows them (labels, never codes), and a "Move to" menu. The card is focusable:
 * Enter opens the record, Space picks it up to move by keyboard (the board handles
 * the arrows); a pointer drags it.
 */
import type { KeyboardEvent, PointerEvent } from "react";
import type { FieldMeta } from "../../schemas/records/meta.ts";
import type { BoardColumnState } from "./board-columns.ts";
import { displayOf, type ExternalOptions, FieldDisplay } from "./field-display.tsx";
import { MISSING_TEXT } from "../renderer/bindings.ts";

type Row = Readonly<Record<string, unknown>>;

/** Props of a card. */
export interface BoardCardProps {
  card: Row;
  title: string;
  column: BoardColumnState;
  columns: readonly BoardColumnState[];
  fields: readonly FieldMeta[];
  sumField?: FieldMeta;
  external?: ExternalOptions;
  /** Being moved by keyboard, or on its way to the server. */
  lifted: boolean;
  moving: boolean;
  dragging: boolean;
  canMove: boolean;
  describedBy: string;
  onOpen(): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  onPointerDown(event: PointerEvent<HTMLElement>): void;
  onMoveTo(column: BoardColumnState): void;
}

/** A card. */
export function BoardCard(props: BoardCardProps) {
  const { card, fields, external } = props;
  const shown = fields.filter((f) =>
    displayOf(f, card[f.id], card, external).text !== MISSING_TEXT
  );
  const classes = [
    "board-card",
    props.lifted ? "is-lifted" : "",
    props.moving ? "is-moving" : "",
    props.dragging ? "is-dragging" : "",
  ].filter(Boolean).join(" ");
  return (
    <li className="board-card-item">
      <div
        className={classes}
        data-card-id={String(card.id)}
        tabIndex={0}
        role="button"
        aria-roledescription={props.canMove ? "movable card" : "card"}
        aria-label={props.title}
        aria-describedby={props.canMove ? props.describedBy : undefined}
        aria-pressed={props.canMove ? props.lifted : undefined}
        aria-busy={props.moving || undefined}
        onClick={props.onOpen}
        onKeyDown={props.onKeyDown}
        onPointerDown={props.canMove ? props.onPointerDown : undefined}
      >
        <div className="board-card-title">{props.title}</div>
        {shown.length > 0
          ? (
            <dl className="board-card-values">
              {shown.map((f) => (
                <div key={f.id} className="board-card-value">
                  <dt>{f.label}</dt>
                  <dd>
                    <FieldDisplay field={f} value={card[f.id]} row={card} external={external} />
                  </dd>
                </div>
              ))}
            </dl>
          )
          : null}
      </div>
      {props.canMove
        ? (
          <select
            className="board-move"
            aria-label={`Move ${props.title} to`}
            value=""
            disabled={props.moving}
            onChange={(e) => {
              const to = props.columns.find((c) => c.key === e.target.value);
              if (to) props.onMoveTo(to);
            }}
          >
            <option value="" disabled>Move to…</option>
            {props.columns.filter((c) => c.key !== props.column.key).map((c) => (
              <option key={c.key} value={c.key}>{c.label}</option>
            ))}
          </select>
        )
        : null}
    </li>
  );
}
