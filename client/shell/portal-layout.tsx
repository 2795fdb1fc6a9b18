/**
 * The client portal's frame, from the portal shell descriptor: the firm and the
 * client by name, the portal's few links, Help, the theme toggle and the user menu
 * in one header; the screen; the footer with the firm's contact. It keeps the
 * staff frame's safety parts (idle sign-out, live reloads, error boundary) and none
 * of its staff chrome. On a phone the header wraps onto two rows.
 */
import { useQuery } from "@tanstack/react-query";
import { isUnconfirmed } from "../routing/first-screen.ts";
import { NavLink } from "react-router-dom";
import type { PortalShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { SkeletonLines } from "../ui/skeleton-lines.tsx";
import { Footer } from "./footer.tsx";
import { IdleGuard } from "./idle-guard.tsx";
import { useLiveEvents } from "./live-events.ts";
import { ScreenArea } from "./screen-area.tsx";
import { useShellSettings } from "./use-shell-settings.ts";
import { portalShellQuery } from "./portal-shell-query.ts";
import { ThemeToggle } from "./theme-toggle.tsx";
import { UserMenu } from "./user-menu.tsx";

/** The portal layout route. */
export function PortalLayout() {
  const query = useQuery(portalShellQuery);
  const shell = query.data;
  useShellSettings(shell);

  return (
    <div className="portal" inert={isUnconfirmed(query)} aria-busy={isUnconfirmed(query)}>
      <a className="skip-link" href="#main">Skip to content</a>
      {shell ? <PortalHeader shell={shell} /> : (
        <header className="portal-header">
          {query.isError
            ? (
              <p className="alert tone-warning" role="alert">
                The portal could not be loaded: {query.error.message}
              </p>
            )
            : <SkeletonLines lines={1} />}
        </header>
      )}
      <ScreenArea className="portal-content" errors={shell?.errors} scrolls="window" />
      {shell ? <Footer footer={shell.footer} /> : null}
      {shell ? <IdleGuard policy={shell.session} /> : null}
      {shell ? <LiveEvents path={shell.events.path} /> : null}
    </div>
  );
}

function PortalHeader({ shell }: { shell: PortalShellDescriptor }) {
  return (
    <header className="portal-header">
      <div className="portal-brand">
        <span className="portal-firm">{shell.organization.name}</span>
        <span className="portal-client">
          {shell.client ? `${shell.title} · ${shell.client.name}` : shell.title}
        </span>
      </div>
      <nav className="portal-nav" aria-label={shell.navigation.label}>
        {shell.navigation.links.map((link) => (
          <NavLink key={link.id} to={link.path} className="portal-nav-link">
            {link.label}
          </NavLink>
        ))}
      </nav>
      <div className="portal-actions">
        <NavLink className="portal-nav-link" to={shell.header.help.to}>
          {shell.header.help.label}
        </NavLink>
        <ThemeToggle />
        <UserMenu entries={shell.header.userMenu} />
      </div>
    </header>
  );
}

function LiveEvents({ path }: { path: string }) {
  useLiveEvents(path);
  return null;
}
