/**
 * The sidebar's module search. `/` focuses it (unless the user is typing in a
 * field), Escape clears it, ArrowUp/ArrowDown move through the results and Enter
 * opens the highlighted one.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { SidebarItem } from "../../schemas/descriptor/mod.ts";
import { Icon } from "../ui/icons.tsx";
import { ModuleIcon } from "./module-icons.tsx";
import { rankByName, type SearchScoring } from "./search-ranking.ts";

/** Props of the sidebar search. */
export interface SidebarSearchProps {
  items: readonly SidebarItem[];
  scoring: SearchScoring;
  placeholder: string;
  noResultsText: string;
  onOpen(item: SidebarItem): void;
}

/** True when a key press happens while the user is typing into a field. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/** The search box and its results. */
export function SidebarSearch(
  { items, scoring, placeholder, noResultsText, onOpen }: SidebarSearchProps,
) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const results = useMemo(() => rankByName(items, query, scoring), [items, query, scoring]);
  const showing = query.trim() !== "";

  useEffect(() => {
    function onKeyDown(event: globalThis.KeyboardEvent): void {
      if (
        event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey ||
        isTyping(event.target)
      ) return;
      event.preventDefault();
      input.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  function open(item: SidebarItem): void {
    setQuery("");
    setActive(0);
    onOpen(item);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    if (event.key === "Escape") {
      event.preventDefault();
      setQuery("");
      setActive(0);
    } else if (event.key === "ArrowDown" && results.length > 0) {
      event.preventDefault();
      setActive((i) => (i + 1) % results.length);
    } else if (event.key === "ArrowUp" && results.length > 0) {
      event.preventDefault();
      setActive((i) => (i - 1 + results.length) % results.length);
    } else if (event.key === "Enter" && results.length > 0) {
      event.preventDefault();
      open(results[Math.min(active, results.length - 1)]);
    }
  }

  const activeId = showing && results.length > 0
    ? `${listId}-${Math.min(active, results.length - 1)}`
    : undefined;
  return (
    <div className="sidebar-search" role="search">
      <div className="search-field">
        <Icon name="search" size={16} />
        <input
          ref={input}
          type="search"
          role="combobox"
          aria-label="Search modules"
          aria-expanded={showing}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          placeholder={placeholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label="Search results"
        className="search-results"
        hidden={!showing}
      >
        {showing && results.length === 0
          ? <li className="search-empty" role="presentation">{noResultsText}</li>
          : null}
        {showing
          ? results.map((item, i) => (
            <li
              key={item.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`search-result${i === active ? " is-active" : ""}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => open(item)}
            >
              <ModuleIcon icon={item.icon} />
              <span>{item.name}</span>
            </li>
          ))
          : null}
      </ul>
    </div>
  );
}
