/** The entries of the notifications dropdown, loaded when it is first opened. */
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { formatValue } from "../renderer/formatters.ts";
import { useNotifications } from "./use-notifications.ts";

const SHOWN = 6;

/** Props of the notifications list. */
export interface NotificationsListProps {
  config: ShellDescriptor["header"]["notifications"];
  signedIn: boolean;
}

/** The latest notifications, or why there are none. */
export function NotificationsList({ config, signedIn }: NotificationsListProps) {
  const query = useNotifications(config.sources, signedIn);
  const notifications = query.data ?? [];
  const failed = query.isError;
  const loading = query.isPending;
  return (
    <>
      {!signedIn
        ? (
          <ul className="menu-list">
            <li className="menu-entry is-placeholder">{config.signedOutText}</li>
          </ul>
        )
        : failed
        ? <p className="menu-message tone-danger" role="alert">{config.failedText}</p>
        : loading
        ? <p className="menu-message">Loading…</p>
        : notifications.length === 0
        ? <p className="menu-message">{config.emptyText}</p>
        : (
          <ul className="menu-list">
            {notifications.slice(0, SHOWN).map((n) => (
              <li key={n.id} className={`menu-entry${n.read ? "" : " is-unread"}`}>
                <span className="menu-entry-title">
                  {n.read ? null : <span className="sr-only">Unread:</span>}
                  {n.title}
                </span>
                {n.message ?? n.description
                  ? <span className="menu-entry-text">{n.message ?? n.description}</span>
                  : null}
                <span className="menu-entry-meta">
                  {formatValue(n.created_at ?? n.timestamp, "relative-time") ?? ""}
                </span>
              </li>
            ))}
          </ul>
        )}
    </>
  );
}
