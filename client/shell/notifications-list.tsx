/**
 * The entries of the notifications dropdown, loaded when it is first opened. A
 * notification about a record links to it: opening it closes the dropdown and
 * marks it read. Opening the dropdown asks for the latest, so a notice raised
 * since the bell last polled is there.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { apiRequest } from "../api/api-client.ts";
import { formatValue } from "../renderer/formatters.ts";
import { isInternalHref } from "../renderer/safe-href.ts";
import { type Notification, useNotifications } from "./use-notifications.ts";

const SHOWN = 6;

/** Props of the notifications list. */
export interface NotificationsListProps {
  config: ShellDescriptor["header"]["notifications"];
  signedIn: boolean;
  /** Called when a notification's record is opened (the dropdown closes). */
  onOpen?: () => void;
}

/** The latest notifications, or why there are none. */
export function NotificationsList({ config, signedIn, onOpen }: NotificationsListProps) {
  const queryClient = useQueryClient();
  const query = useNotifications(config.sources, signedIn);
  const { refetch } = query;
  useEffect(() => {
    if (signedIn) void refetch();
  }, [signedIn, refetch]);
  const opened = (n: Notification) => {
    onOpen?.();
    if (n.read || !config.markReadPath) return;
    void apiRequest(config.markReadPath, { method: "POST", body: { ids: [String(n.id)] } })
      .then(() => queryClient.invalidateQueries({ queryKey: ["shell", "notifications"] }))
      .catch(() => undefined);
  };
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
                {n.link && isInternalHref(n.link)
                  ? (
                    <Link
                      to={n.link}
                      className="menu-entry-link"
                      onClick={() => opened(n)}
                    >
                      <NotificationContent notification={n} />
                    </Link>
                  )
                  : <NotificationContent notification={n} />}
              </li>
            ))}
          </ul>
        )}
    </>
  );
}

function NotificationContent({ notification: n }: { notification: Notification }) {
  return (
    <>
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
    </>
  );
}
