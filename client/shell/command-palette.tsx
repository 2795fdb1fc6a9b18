/**
 * The command palette: a dialog over the page that finds modules (the sidebar's,
 * ranked as its search ranks them), actions such as "New invoice", and records of
 * every type the user may read (both from the server, once typing pauses).
 * ArrowUp/ArrowDown move through all of them (wrapping), Enter opens the
 * highlighted one, Escape closes; focus stays in the dialog while it is open.
 */
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { SidebarItem } from "../../schemas/descriptor/mod.ts";
import { Modal } from "../ui/modal.tsx";
import { ModuleIcon } from "./module-icons.tsx";
import { usePaletteFind } from "./palette-find.ts";
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
  /** Opens an app path (a record, a new record's form). */
  onGo(to: string): void;
  onClose(): void;
}

/** The modules shown beside records and actions once something is typed. */
const MODULES_WITH_OTHERS = 6;

/** One line of the palette. */
interface Entry {
  key: string;
  group: "Modules" | "Actions" | "Records";
  name: string;
  description?: string;
  open(): void;
  icon?: string;
}

/** The command palette. */
export function CommandPalette(
  { items, scoring, placeholder, noResultsText, takeTyped, onOpen, onGo, onClose }:
    CommandPaletteProps,
) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const { found, searching } = usePaletteFind(query);
  const results = useMemo((): Entry[] => {
    const typed = query.trim() !== "";
    const modules = typed ? rankByName(items, query, scoring).slice(0, MODULES_WITH_OTHERS) : items;
    return [
      ...modules.map((item): Entry => ({
        key: `module:${item.id}`,
        group: "Modules",
        name: item.name,
        description: item.description,
        icon: item.icon,
        open: () => onOpen(item),
      })),
      ...(found?.actions ?? []).map((action): Entry => ({
        key: `action:${action.to}`,
        group: "Actions",
        name: action.label,
        open: () => onGo(action.to),
      })),
      ...(found?.records ?? []).map((record): Entry => ({
        key: `record:${record.type}:${record.id}`,
        group: "Records",
        name: record.title,
        description: record.description
          ? `${record.type_label} · ${record.description}`
          : record.type_label,
        open: () => onGo(record.to),
      })),
    ];
  }, [items, query, scoring, found, onOpen, onGo]);
  const current = Math.min(active, results.length - 1);
  const groups = (["Modules", "Actions", "Records"] as const)
    .map((group) => ({ group, entries: results.filter((e) => e.group === group) }))
    .filter(({ entries }) => entries.length > 0);

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
      results[current].open();
    }
  }

  return (
    <Modal title="Go to" onClose={onClose} className="palette">
      <input
        data-autofocus
        className="palette-input"
        type="search"
        role="combobox"
        aria-label="Search modules, records and actions"
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
      <ul ref={list} id={listId} role="listbox" aria-label="Results" className="palette-results">
        {results.length === 0 && !searching
          ? <li className="palette-empty" role="presentation">{noResultsText}</li>
          : null}
        {groups.map(({ group, entries }) => (
          <li key={group} role="group" aria-label={group} className="palette-group">
            <span className="palette-heading" aria-hidden="true">{group}</span>
            <ul role="none" className="palette-results-of-group">
              {entries.map((entry) => {
                const i = results.indexOf(entry);
                return (
                  <li
                    key={entry.key}
                    id={`${listId}-${i}`}
                    data-index={i}
                    role="option"
                    aria-selected={i === current}
                    className={`palette-result${i === current ? " is-active" : ""}`}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() =>
                      setActive(i)}
                    onClick={() =>
                      entry.open()}
                  >
                    {entry.icon ? <ModuleIcon icon={entry.icon} /> : null}
                    <span className="palette-name">{entry.name}</span>
                    {entry.description
                      ? <span className="palette-description">{entry.description}</span>
                      : null}
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
        {searching
          ? (
            <li className="palette-empty" role="presentation" aria-live="polite">
              Searching records…
            </li>
          )
          : null}
      </ul>
    </Modal>
  );
}
