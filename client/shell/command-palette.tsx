/**
 * The command palette: a dialog over the page listing the sidebar's modules,
 * narrowed as the user types with the sidebar search's ranking. ArrowUp/ArrowDown
 * move (wrapping), Enter opens the highlighted module, Escape closes; focus stays
 * in the dialog while it is open.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { SidebarItem } from "../../schemas/descriptor/mod.ts";
import { Modal } from "../ui/modal.tsx";
import { ModuleIcon } from "./module-icons.tsx";
import { rankByName, type SearchScoring } from "./search-ranking.ts";

/** Props of the command palette. */
export interface CommandPaletteProps {
  items: readonly SidebarItem[];
  scoring: SearchScoring;
  placeholder: string;
  noResultsText: string;
  /** Takes what the user typed before the search box had focus. */
  takeTyped?(): string;
  onOpen(item: SidebarItem): void;
  onClose(): void;
}

/** The command palette. */
export function CommandPalette(
  { items, scoring, placeholder, noResultsText, takeTyped, onOpen, onClose }: CommandPaletteProps,
) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const results = useMemo(
    () => query.trim() === "" ? [...items] : rankByName(items, query, scoring),
    [items, query, scoring],
  );
  const current = Math.min(active, results.length - 1);

  useEffect(() => {
    list.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView?.({
      block: "nearest",
    });
  }, [current]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === "ArrowDown" && results.length > 0) {
      event.preventDefault();
      setActive((i) => (Math.min(i, results.length - 1) + 1) % results.length);
    } else if (event.key === "ArrowUp" && results.length > 0) {
      event.preventDefault();
      setActive((i) => (Math.min(i, results.length - 1) - 1 + results.length) % results.length);
    } else if (event.key === "Enter" && results.length > 0) {
      event.preventDefault();
      onOpen(results[current]);
    }
  }

  return (
    <Modal title="Go to module" onClose={onClose} className="palette">
      <input
        data-autofocus
        className="palette-input"
        type="search"
        role="combobox"
        aria-label="Search modules"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={results.length > 0 ? `${listId}-${current}` : undefined}
        placeholder={placeholder}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          const typed = takeTyped?.() ?? "";
          if (typed !== "") setQuery((current) => current + typed);
        }}
      />
      <ul ref={list} id={listId} role="listbox" aria-label="Modules" className="palette-results">
        {results.length === 0
          ? <li className="palette-empty" role="presentation">{noResultsText}</li>
          : null}
        {results.map((item, i) => (
          <li
            key={item.id}
            id={`${listId}-${i}`}
            data-index={i}
            role="option"
            aria-selected={i === current}
            className={`palette-result${i === current ? " is-active" : ""}`}
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => setActive(i)}
            onClick={() => onOpen(item)}
          >
            <ModuleIcon icon={item.icon} />
            <span className="palette-name">{item.name}</span>
            <span className="palette-description">{item.description}</span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
