/**
 * The type-ahead both link fields and form searches use: a combobox whose
 * suggestions its owner fetches for what is typed (`query`, debounced). Arrow
 * keys move through them, Enter picks one, Escape closes them; clearing the text
 * clears the value; any other key goes to the owner's `onKeyDown`; Tab leaves for the next
 * field (the suggestions are no tab stop). The text shown
 * while nothing is typed is the chosen item's title, which the owner keeps.
 */
import { type KeyboardEvent, useId, useState } from "react";
import { useDebounced } from "../records/use-debounced.ts";

/** An item a type-ahead offers. */
export interface TypeAheadItem {
  id: string;
  title: string;
  description?: string;
}

/** What is typed and whether the suggestions are open: the owner fetches for `query` while `open`. */
export function useTypeAhead() {
  const [text, setText] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const query = useDebounced(text ?? "", 200);
  return { text, setText, open, setOpen, query };
}

/** The type-ahead's own state, from `useTypeAhead`. */
export type TypeAheadState = ReturnType<typeof useTypeAhead>;

/** Props of a type-ahead box. */
export interface TypeAheadBoxProps {
  state: TypeAheadState;
  items: readonly TypeAheadItem[];
  /** The text while nothing is typed: the chosen item's title, or "". */
  shown: string;
  id?: string;
  name?: string;
  /** The accessible name when no label points at the input. */
  label?: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
  onPick(item: TypeAheadItem): void;
  /** The text was cleared. */
  onClear(): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
}

/** A type-ahead box. */
export function TypeAheadBox(props: TypeAheadBoxProps) {
  const { state, items } = props;
  const { text, setText, open, setOpen } = state;
  const listId = useId();
  const [active, setActive] = useState(0);
  const listed = open && items.length > 0;

  function pick(index: number): void {
    const item = items[index];
    if (item === undefined) return;
    props.onPick(item);
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

  return (
    <div className="link-input">
      <input
        id={props.id}
        name={props.name}
        type="text"
        role="combobox"
        aria-label={props.label}
        aria-expanded={listed}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={listed ? `${listId}-${active}` : undefined}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        aria-required={props.required || undefined}
        disabled={props.disabled}
        autoComplete="off"
        placeholder={props.placeholder}
        value={text ?? props.shown}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value === "") props.onClear();
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => {
          setOpen(false);
          setText(undefined);
        }}
        onKeyDown={onKeyDown}
      />
      {listed
        ? (
          <ul className="link-suggestions" role="listbox" id={listId} tabIndex={-1}>
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
}
