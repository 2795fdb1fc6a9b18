/**
 * The notifications dropdown: the unread count on the bell, the latest
 * notifications, and a 'View all notifications' link. The descriptor's sources are
 * tried in order; when all fail it says 'Failed to load notifications'. Signed out,
 * it shows the 'Please log in' placeholder.
 */
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { useSignedIn } from "../api/use-signed-in.ts";
import { Dropdown } from "../ui/dropdown.tsx";
import { Icon } from "../ui/icons.tsx";
import { useNotifications } from "./use-notifications.ts";

const NotificationsList = lazy(() =>
  import("./notifications-list.tsx").then((m) => ({ default: m.NotificationsList }))
);

/** The notifications dropdown. */
export function NotificationsMenu(
  { config }: { config: ShellDescriptor["header"]["notifications"] },
) {
  const signedIn = useSignedIn();
  const query = useNotifications(config.sources, signedIn);
  const notifications = query.data ?? [];
  const unread = notifications.filter((n) => !n.read).length;
  const label = unread > 0 ? `${config.label}, ${unread} unread` : config.label;

  return (
    <Dropdown
      label={label}
      button={
        <>
          <Icon name="bell" />
          {unread > 0
            ? <span className="count-badge" aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
            : null}
        </>
      }
    >
      {(close) => (
        <div className="menu-panel">
          <p className="menu-panel-title">{config.label}</p>
          <Suspense fallback={<p className="menu-message">Loading…</p>}>
            <NotificationsList config={config} signedIn={signedIn} onOpen={close} />
          </Suspense>
          <Link className="menu-footer-link" to={config.viewAllTo} onClick={close}>
            {config.viewAllText}
          </Link>
        </div>
      )}
    </Dropdown>
  );
}
