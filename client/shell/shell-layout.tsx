/**
 * The frame of staff and portal screens, from the shell descriptor: sidebar,
 * header, the screen, footer, help chatbot, command palette, idle guard and live
 * events. The screen
 * starts loading while the shell loads; a shell that cannot load leaves the screen
 * usable with a notice.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation } from "react-router-dom";
import { shellQuery } from "../routing/descriptor-queries.ts";
import { isUnconfirmed } from "../routing/first-screen.ts";
import { SkeletonLines } from "../ui/skeleton-lines.tsx";
import { Chatbot } from "./chatbot.tsx";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { IdleGuard } from "./idle-guard.tsx";
import { useLiveEvents } from "./live-events.ts";
import { ScreenArea } from "./screen-area.tsx";
import { useShellSettings } from "./use-shell-settings.ts";
import { PaletteHost } from "./palette-host.tsx";
import { Sidebar } from "./sidebar.tsx";
import { useNarrowScreen } from "./use-narrow-screen.ts";
import { type SidebarState, useSidebarState } from "./use-sidebar-state.ts";

/** The shell layout route. */
export function ShellLayout() {
  const query = useQuery(shellQuery);
  const shell = query.data;
  const sidebar = useSidebarDrawer(useSidebarState(shell?.sidebar.recentKept ?? 10));
  useShellSettings(shell);

  // Painted from the last visit and not yet revalidated: nothing can be clicked.
  const unconfirmed = isUnconfirmed(query);
  return (
    <div
      inert={unconfirmed}
      aria-busy={unconfirmed}
      className={`shell${sidebar.collapsed ? " is-collapsed" : ""}${
        sidebar.drawer ? " is-drawer" : ""
      }`}
    >
      <a className="skip-link" href="#main">Skip to content</a>
      {shell
        ? <Sidebar sidebar={shell.sidebar} state={sidebar} />
        : <div className="sidebar sidebar-placeholder" aria-hidden="true" />}
      {sidebar.drawer && !sidebar.collapsed
        ? (
          <div
            className="sidebar-backdrop"
            aria-hidden="true"
            onClick={() => sidebar.setCollapsed(true)}
          />
        )
        : null}
      <div className="shell-main">
        {shell
          ? (
            <Header
              shell={shell}
              sidebarCollapsed={sidebar.collapsed}
              onToggleSidebar={() => sidebar.setCollapsed((c) => !c)}
            />
          )
          : (
            <header className="header">
              {query.isError ? <ShellError error={query.error} /> : <SkeletonLines lines={1} />}
            </header>
          )}
        <ScreenArea className="content" errors={shell?.errors} scrolls="area" />
        {shell ? <Footer footer={shell.footer} /> : null}
      </div>
      {shell ? <Chatbot script={shell.chatbot} /> : null}
      {shell ? <IdleGuard policy={shell.session} /> : null}
      {shell ? <PaletteHost sidebar={shell.sidebar} searchHidden={sidebar.collapsed} /> : null}
      {shell ? <LiveEvents path={shell.events.path} /> : null}
    </div>
  );
}

/**
 * On narrow screens the sidebar is a drawer: closed by default, closed again after
 * each navigation and by Escape; its state is not remembered. Wide screens keep
 * the remembered rail preference.
 */
function useSidebarDrawer(stored: SidebarState): SidebarState & { drawer: boolean } {
  const narrow = useNarrowScreen();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [pathname, narrow]);
  useEffect(() => {
    if (!narrow || !drawerOpen) return;
    function onKeyDown(event: KeyboardEvent): void {
      if (event.key === "Escape") setDrawerOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [narrow, drawerOpen]);
  if (!narrow) return { ...stored, drawer: false };
  return {
    ...stored,
    drawer: true,
    collapsed: !drawerOpen,
    setCollapsed: (update) =>
      setDrawerOpen((open) => !(typeof update === "function" ? update(!open) : update)),
  };
}

function ShellError({ error }: { error: Error }) {
  return (
    <p className="alert tone-warning" role="alert">
      The navigation could not be loaded: {error.message}
    </p>
  );
}

function LiveEvents({ path }: { path: string }) {
  useLiveEvents(path);
  return null;
}
