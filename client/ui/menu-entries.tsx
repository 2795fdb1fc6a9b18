/**
 * The entries of a dropdown menu: buttons in a keyboard-navigable list. Choosing one
 * closes the menu, then runs it.
 */
import { onMenuKeyDown } from "./menu-keys.ts";

/** One entry of a menu. */
export interface MenuEntry {
  id: string;
  label: string;
  /** Drawn as a destructive choice (Sign Out). */
  danger?: boolean;
  run: () => unknown;
}

/** The entries, closing the menu before each runs. */
export function MenuEntries({ entries, close }: { entries: MenuEntry[]; close: () => void }) {
  return (
    <ul className="menu-list" role="none" onKeyDown={onMenuKeyDown}>
      {entries.map((entry) => (
        <li key={entry.id} role="none">
          <button
            type="button"
            role="menuitem"
            className={`menu-item${entry.danger ? " is-danger" : ""}`}
            onClick={() => {
              close();
              void entry.run();
            }}
          >
            {entry.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
