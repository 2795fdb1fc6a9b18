/**
 * A link field's type-ahead: a combobox that searches the target record type
 * (`GET /api/records/{target}/search?q=`) as the user types, among the records
 * meeting the field's conditions (`filters`), and keeps the chosen record's id as
 * the value and its title as the text. Arrow keys move through the suggestions,
 * Enter picks one, Escape closes them; clearing the text clears the link. A value
 * given without its title (a new record started from its context) is shown by the
 * title the search answers for its id, never as the id; beside it, Open goes to
 * the linked record when the form offers that.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useId, useState } from "react";
import { Link } from "react-router-dom";
import type { Filter } from "../../schemas/records/meta.ts";
import { searchRecords } from "./record-api.ts";
import { useDebounced } from "./use-debounced.ts";
import { recordKeys } from "./record-keys.ts";

/** Props of a link input. */
export interface LinkInputProps {
  id?: string;
  /** The accessible name when no label points at the input. */
  label?: string;
  target: string;
  value: string | null;
  /** The linked record's title, when known. */
  title?: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  /** The conditions the records offered meet (the field's `link_filters`, filled in). */
  filters?: readonly Filter[];
  /** Where the linked record opens: an Open link beside the input while a record is linked. */
  openPath?: string;
  onChange(id: string | null, title: string): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
}

/** A link input. */
export function LinkInput(props: LinkInputProps) {
  const { target, value, title, onChange } = props;
  const filters = props.filters ?? NO_FILTERS;
  const listId = useId();
  const [text, setText] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const linked = value !== null && value !== "";
  const named = useQuery({
    queryKey: recordKeys.title(target, value),
    queryFn: () => searchRecords(target, "", [{ field: "id", op: "eq", value }]),
    enabled: linked && title === undefined,
    staleTime: 5 * 60_000,
  });
  const knownTitle = title ?? named.data?.items[0]?.title;
  const shown = text ?? (linked ? knownTitle ?? "" : "");
  const query = useDebounced(text ?? "", 200);
  const suggestions = useQuery({
    queryKey: recordKeys.search(target, query, filters),
    queryFn: () => searchRecords(target, query, filters),
    enabled: open,
    staleTime: 30_000,
    // The last suggestions stay while the next are fetched, so the list does not flicker.
    placeholderData: keepPreviousData,
  });
  const items = suggestions.data?.items ?? [];

  function pick(index: number): void {
    const item = items[index];
    if (item === undefined) return;
    onChange(item.id, item.title);
    setText(undefined);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (open && event.key === "ArrowDown") {
      event.preventDefault();
      event.stopPropagation();
      setActive((a) => Math.min(a + 1, items.length - 1));
    } else if (open && event.key === "ArrowUp") {
      event.preventDefault();
      event.stopPropagation();
      setActive((a) => Math.max(a - 1, 0));
    } else if (open && event.key === "Enter" && items.length > 0) {
      event.preventDefault();
      event.stopPropagation();
      pick(active);
    } else if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      setText(undefined);
    } else props.onKeyDown?.(event);
  }

  const input = (
    <div className="link-input">
      <input
        id={props.id}
        type="text"
        role="combobox"
        aria-label={props.label}
        aria-expanded={open && items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && items.length > 0 ? `${listId}-${active}` : undefined}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        aria-required={props.required || undefined}
        disabled={props.disabled}
        autoComplete="off"
        placeholder={linked && knownTitle === undefined && named.isPending ? "Loading…" : undefined}
        value={shown}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value === "") onChange(null, "");
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setText(undefined);
        }}
        onKeyDown={onKeyDown}
      />
      {open && items.length > 0
        ? (
          <ul className="link-suggestions" role="listbox" id={listId}>
            {items.map((item, i) => (
              <li
                key={item.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                className={i === active ? "is-active" : undefined}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(i);
                }}
              >
                <span>{item.title}</span>
                {item.description ? <small>{item.description}</small> : null}
              </li>
            ))}
          </ul>
        )
        : null}
    </div>
  );
  // One element tree whether or not Open shows, so the input keeps focus when a pick adds it.
  return (
    <div className="link-field">
      {input}
      {props.openPath !== undefined && linked && knownTitle !== undefined
        ? (
          <Link className="link-open" to={props.openPath} aria-label={`Open ${knownTitle}`}>
            Open
          </Link>
        )
        : null}
    </div>
  );
}

const NO_FILTERS: readonly Filter[] = [];
