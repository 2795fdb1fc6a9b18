/**
 * Keyboard movement inside a dropdown menu: ArrowDown/ArrowUp wrap through the
 * entries, Home and End jump to the first and last; opening focuses the first.
 */
import type { KeyboardEvent } from "react";

const ENTRY = '[role="menuitem"], [role="menuitemradio"]';

/** Focuses the menu's checked entry, else its first. */
export function focusFirstEntry(panel: HTMLElement): void {
  (panel.querySelector<HTMLElement>('[aria-checked="true"]') ??
    panel.querySelector<HTMLElement>(ENTRY))?.focus();
}

/** Moves focus between a menu's entries. */
export function onMenuKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const entries = [...event.currentTarget.querySelectorAll<HTMLElement>(ENTRY)];
  const index = entries.indexOf(document.activeElement as HTMLElement);
  const next = event.key === "ArrowDown"
    ? (index + 1) % entries.length
    : event.key === "ArrowUp"
    ? (index - 1 + entries.length) % entries.length
    : event.key === "Home"
    ? 0
    : event.key === "End"
    ? entries.length - 1
    : undefined;
  if (next === undefined) return;
  event.preventDefault();
  entries[next]?.focus();
}
