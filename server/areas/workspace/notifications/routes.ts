/**
 * Notifications of the caller in their current organisation (spec §7), each with
 * the app path of its record and its dates and money written in the caller's
 * locale.
 */
import {
  MarkNotificationsReadRequest,
  MarkNotificationsReadResponse,
  NotificationsRequest,
  NotificationsResponse,
} from "../../../../schemas/api/records.ts";
import type { Database } from "../../../db/database.ts";
import type { Api } from "../../../platform/http/api.ts";
import { fillNotice, parseParams, readerLocale } from "../../../platform/notifications/mod.ts";

interface Row {
  id: string;
  title: string;
  message: string;
  created_at: string;
  read: number;
  category: string;
  link: string;
  params: string;
}

/** Declares the notification endpoints (both paths of the spec answer the same). */
export function notificationRoutes(api: Api, db: Database): void {
  for (const path of ["/notifications/", "/notifications"]) {
    api.route({
      method: "post",
      path,
      reads: true,
      tag: "Notifications",
      summary: "The caller's notifications, newest first",
      audience: "staff",
      body: NotificationsRequest,
      response: NotificationsResponse,
    }, async (c, { access, body }) => {
      const params = [access.user.id, access.organizationId];
      const rows = await db.all<Row>(
        `SELECT id, title, message, created_at, read, category, link, params FROM notifications
          WHERE user_id = ? AND organization_id = ? ${body.unread_only ? "AND read = 0" : ""}
          ORDER BY created_at DESC LIMIT ?`,
        [...params, body.limit ?? 50],
      );
      const unread = await db.get<{ n: number }>(
        "SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND organization_id = ? AND read = 0",
        params,
      );
      const locale = await readerLocale(db, access.user.id);
      return c.json({
        notifications: rows.map(({ params, link, ...r }) => {
          const values = parseParams(params);
          return {
            ...r,
            title: fillNotice(r.title, values, locale),
            message: fillNotice(r.message, values, locale),
            read: r.read === 1,
            link: link === "" ? null : link,
          };
        }),
        unread_count: unread?.n ?? 0,
      });
    });
  }

  api.route({
    method: "post",
    path: "/notifications/mark-read",
    tag: "Notifications",
    summary: "Mark the given notifications (or all) as read",
    audience: "staff",
    body: MarkNotificationsReadRequest,
    response: MarkNotificationsReadResponse,
  }, async (c, { access, body }) => {
    const ids = body.ids;
    const result = await db.transaction((tx) =>
      ids
        ? tx.run(
          `UPDATE notifications SET read = 1 WHERE user_id = ? AND organization_id = ? AND read = 0
             AND id IN (${ids.map(() => "?").join(",") || "NULL"})`,
          [access.user.id, access.organizationId, ...ids],
        )
        : tx.run(
          "UPDATE notifications SET read = 1 WHERE user_id = ? AND organization_id = ? AND read = 0",
          [access.user.id, access.organizationId],
        )
    );
    return c.json({ updated: result.changes });
  });
}
