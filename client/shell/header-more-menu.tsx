/**
 * The header's overflow menu on phones: the calendar, help and theme switch that
 * the narrow header has no room for, as menu entries (the wide header shows them
 * as buttons and hides this menu).
 */
import { useNavigate } from "react-router-dom";
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { Dropdown } from "../ui/dropdown.tsx";
import { Icon } from "../ui/icons.tsx";
import { MenuEntries } from "../ui/menu-entries.tsx";
import { focusFirstEntry } from "../ui/menu-keys.ts";
import { useTheme } from "./theme.ts";

/** The overflow menu. */
export function HeaderMoreMenu({ header }: { header: ShellDescriptor["header"] }) {
  const navigate = useNavigate();
  const [theme, toggleTheme] = useTheme();
  const entries = [
    {
      id: "calendar",
      label: header.calendar.viewFullText,
      run: () => navigate(header.calendar.viewFullTo),
    },
    { id: "help", label: header.help.label, run: () => navigate(header.help.to) },
    {
      id: "theme",
      label: `Switch to ${theme === "dark" ? "light" : "dark"} theme`,
      run: toggleTheme,
    },
  ];
  return (
    <div className="header-more">
      <Dropdown label="More" kind="menu" onOpen={focusFirstEntry} button={<Icon name="more" />}>
        {(close) => <MenuEntries entries={entries} close={close} />}
      </Dropdown>
    </div>
  );
}
