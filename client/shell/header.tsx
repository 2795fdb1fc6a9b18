/**
 * The top header: sidebar toggle, organisation name (and switcher), notifications,
 * calendar, help, theme toggle and the user menu, all from the shell descriptor.
 * On phones calendar, help and theme move into a "More" menu.
 */
import { Link } from "react-router-dom";
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { Icon } from "../ui/icons.tsx";
import { CalendarMenu } from "./calendar-menu.tsx";
import { HeaderMoreMenu } from "./header-more-menu.tsx";
import { NotificationsMenu } from "./notifications-menu.tsx";
import { OrganizationName } from "./organization-name.tsx";
import { ThemeToggle } from "./theme-toggle.tsx";
import { UserMenu } from "./user-menu.tsx";

/** Props of the header. */
export interface HeaderProps {
  shell: ShellDescriptor;
  sidebarCollapsed: boolean;
  onToggleSidebar(): void;
}

/** The header. */
export function Header({ shell, sidebarCollapsed, onToggleSidebar }: HeaderProps) {
  const { header } = shell;
  return (
    <header className="header">
      <button
        type="button"
        className="icon-button"
        aria-label={sidebarCollapsed ? "Expand sidebar" : "Collapse sidebar"}
        aria-expanded={!sidebarCollapsed}
        aria-controls="sidebar"
        onClick={onToggleSidebar}
      >
        <Icon name="menu" />
      </button>
      <OrganizationName
        source={header.organizationSource}
        known={shell.organization?.name}
        noOrganizationText={shell.noOrganizationText}
        organizations={header.organizations}
        switcher={header.organizationSwitch}
      />
      <div className="header-actions">
        <NotificationsMenu config={header.notifications} />
        <div className="header-wide">
          <CalendarMenu config={header.calendar} />
          <Link
            className="icon-button"
            to={header.help.to}
            aria-label={header.help.label}
            title={header.help.label}
          >
            <Icon name="help" />
          </Link>
          <ThemeToggle />
        </div>
        <HeaderMoreMenu header={header} />
        <UserMenu entries={header.userMenu} />
      </div>
    </header>
  );
}
