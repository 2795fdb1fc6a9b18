/**
 * A form's type-ahead: a combobox that asks `search` for items matching what is
 * typed (all of them, up to what the call answers, when nothing is) and keeps the
 * chosen item's id as the value, its title as the text. Arrow keys move through
 * the suggestions, Enter picks one, Escape closes them; clearing the text clears
 * the value.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useId, useState } from "react";
import { useDebounced } from "../records/use-debounced.ts";

/** An item a search offers. */
export interface SearchItem {
  id: string;
  title: string;
  description?: string;
}

/** Props of a search input. */
export interface SearchInputProps {
  id: string;
  name: string;
  /** Tells queries of different searches apart (the search's path, filled in). */
  searchKey: string;
  value: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  placeholder?: string;
  search(q: string): Promise<SearchItem[]>;
  onChange(id: string): void;
}

/** A search input. */
export function SearchInput(props: SearchInputProps) {
  const { value, onChange } = props;
  const listId = useId();
  const [text, setText] = useState<string | undefined>(undefined);
  const [title, setTitle] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebounced(text ?? "", 200);
  const suggestions = useQuery({
    queryKey: ["form-search", props.searchKey, query],
    queryFn: () => props.search(query),
    enabled: open,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  const items = suggestions.data ?? [];
  const shown = text ?? (value === "" ? "" : title);

  function pick(index: number): void {
    const item = items[index];
    if (item === undefined) return;
    setTitle(item.title);
    onChange(item.id);
    setText(undefined);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (open && event.key === "ArrowDown") {
      event.preventDefault();
      setActive((a) => Math.min(a + 1, items.length - 1));
    } else if (open && event.key === "ArrowUp") {
      event.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (open && event.key === "Enter" && items.length > 0) {
      event.preventDefault();
      pick(active);
    } else if (event.key === "Escape" && open) {
      event.stopPropagation();
      setOpen(false);
      setText(undefined);
    }
  }

  return (
    <div className="link-input">
      <input
        id={props.id}
        name={props.name}
        type="text"
        role="combobox"
        aria-expanded={open && items.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && items.length > 0 ? `${listId}-${active}` : undefined}
        aria-invalid={props.invalid || undefined}
        aria-describedby={props.describedBy}
        aria-required={props.required || undefined}
        autoComplete="off"
        placeholder={props.placeholder}
        value={shown}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
          if (event.target.value === "") onChange("");
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
}
