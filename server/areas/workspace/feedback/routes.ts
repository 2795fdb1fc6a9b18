/**
 * What browsers send back: render errors (recorded for support), chatbot reply
 * feedback, and the public contact and demo forms.
 */
import {
  ChatFeedback,
  ClientErrorReport,
  ContactRequest,
  DemoRequest,
  Received,
} from "../../../../schemas/api/feedback.ts";
import type { Database } from "../../../db/database.ts";
import type { Api } from "../../../platform/http/api.ts";
import { newId } from "../../../platform/ids.ts";
import { logLine } from "../../../platform/http/log.ts";
import {
  keepNewest,
  KEPT_CHAT_FEEDBACK,
  KEPT_CLIENT_ERRORS,
  STORED_STACK_CHARS,
} from "./retention.ts";

/** Declares the feedback endpoints. */
export function feedbackRoutes(api: Api, db: Database, clock: () => number): void {
  const now = () => new Date(clock()).toISOString();

  api.route({
    method: "post",
    path: "/ui/errors",
    tag: "UI",
    summary: "Record a render error reported by the client",
    description:
      "Limited per client address (429 with Retry-After). The stack is stored cut to its first 4,000 characters; the newest 5,000 reports are kept.",
    audience: "public",
    body: ClientErrorReport,
    response: Received,
    status: 201,
  }, async (c, { access, body }) => {
    const id = newId("err");
    await db.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO client_errors (id, organization_id, user_id, message, stack, url, component, request_id, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          id,
          access?.organizationId ?? null,
          access?.user.id ?? null,
          body.message,
          (body.stack ?? "").slice(0, STORED_STACK_CHARS),
          body.url ?? "",
          body.component ?? "",
          c.get("requestId"),
          now(),
        ],
      );
      await keepNewest(tx, "client_errors", KEPT_CLIENT_ERRORS);
    });
    logLine(c, "warn", "client render error", {
      error_id: id,
      message: body.message,
      url: body.url,
    });
    return c.json({ id, received: true as const }, 201);
  });

  api.route({
    method: "post",
    path: "/ui/chat-feedback",
    tag: "UI",
    summary: "Mark a chatbot reply helpful or not helpful",
    description:
      "Limited per client address (429 with Retry-After); the newest 5,000 answers are kept.",
    audience: "public",
    body: ChatFeedback,
    response: Received,
    status: 201,
  }, async (c, { access, body }) => {
    const id = newId("cfb");
    await db.transaction(async (tx) => {
      await tx.run(
        "INSERT INTO chat_feedback (id, user_id, message_id, helpful, content, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        [
          id,
          access?.user.id ?? null,
          body.message_id,
          body.helpful ? 1 : 0,
          body.content ?? "",
          now(),
        ],
      );
      await keepNewest(tx, "chat_feedback", KEPT_CHAT_FEEDBACK);
    });
    return c.json({ id, received: true as const }, 201);
  });

  api.route({
    method: "post",
    path: "/public/contact",
    tag: "Public",
    summary: "Send a message to the team",
    description: "Limited per client address and to 1,000 a day in all (429 with Retry-After).",
    audience: "public",
    body: ContactRequest,
    response: Received,
    status: 201,
  }, async (c, { body }) => {
    const id = newId("ctc");
    await db.transaction((tx) =>
      tx.run(
        "INSERT INTO contact_requests (id, kind, name, email, company, message, created_at) VALUES (?, 'contact', ?, ?, ?, ?, ?)",
        [id, body.name, body.email, body.company ?? "", body.message, now()],
      )
    );
    return c.json({ id, received: true as const }, 201);
  });

  api.route({
    method: "post",
    path: "/public/schedule-demo",
    tag: "Public",
    summary: "Ask for a product demo on a preferred date",
    description: "Limited per client address and to 1,000 a day in all (429 with Retry-After).",
    audience: "public",
    body: DemoRequest,
    response: Received,
    status: 201,
  }, async (c, { body }) => {
    const id = newId("dem");
    await db.transaction((tx) =>
      tx.run(
        "INSERT INTO contact_requests (id, kind, name, email, company, message, preferred_date, created_at) VALUES (?, 'demo', ?, ?, ?, ?, ?, ?)",
        [id, body.name, body.email, body.company, body.message ?? "", body.preferred_date, now()],
      )
    );
    return c.json({ id, received: true as const }, 201);
  });
}
