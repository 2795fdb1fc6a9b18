/**
 * The user menu: the signed-in user's name and the descriptor's entries
 * (Organization, My Profile, System Settings when permitted, Sign Out), each
 * running its action. Arrow keys, Home and End move between entries.
 */
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { useCurrentUser } from "../api/current-user.ts";
import { useRunAction } from "../renderer/use-run-action.ts";
import { Dropdown } from "../ui/dropdown.tsx";
import { Icon } from "../ui/icons.tsx";
import { MenuEntries } from "../ui/menu-entries.tsx";
import { focusFirstEntry } from "../ui/menu-keys.ts";

function initialsOf(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0].toUpperCase()).join(
    "",
  ) || "?";
}

/** The user menu. */
export function UserMenu({ entries }: { entries: ShellDescriptor["header"]["userMenu"] }) {
  const { data: user } = useCurrentUser();
  const run = useRunAction();
  const name = user?.full_name || [user?.first_name, user?.last_name].filter(Boolean).join(" ") ||
    "Account";
  return (
    <Dropdown
      label={`User menu for ${name}`}
      kind="menu"
      buttonClassName="user-button"
      onOpen={focusFirstEntry}
      button={
        <>
          <span className="avatar" aria-hidden="true" data-initials={initialsOf(name)} />
          <span className="user-name">{name}</span>
          <Icon name="chevron" size={14} />
        </>
      }
    >
      {(close) => (
        <>
          {user ? <p className="menu-panel-title" role="presentation">{user.email}</p> : null}
          <MenuEntries
            close={close}
            entries={entries.map((entry) => ({
              id: entry.id,
              label: entry.label,
              danger: entry.action.kind === "sign-out",
              run: () => run(entry.action),
            }))}
          />
        </>
      )}
    </Dropdown>
  );
}
