/**
 * `GET /ui/events`: server-sent events for a signed-in client. The bearer token
 * comes in the Authorization header (the client reads the stream with fetch); no
 * token is ever taken from the URL. The first event is `hello` with the current
 * versions so a reconnecting client can resynchronise; then one event per change
 * of the caller's organisation, and a comment every 20 s to keep proxies open.
 * Cleanup happens when the stream is cancelled (the client went away); the
 * request's abort signal is not used because Deno fires it once the response
 * starts, which would end the subscription at once.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import type { Authenticator } from "../http/api.ts";
import { unauthenticated } from "../errors/app-error.ts";
import type { ChangeEvent, ChangeFeed } from "./change-feed.ts";

const KEEP_ALIVE_MS = 20_000;

/** Mounts the event stream. */
export function eventRoutes(
  app: Hono<AppEnv>,
  feed: ChangeFeed,
  authenticate: Authenticator,
): void {
  app.get("/ui/events", async (c) => {
    const access = await authenticate(c);
    if (!access) throw unauthenticated();
    await feed.poke();
    const encoder = new TextEncoder();
    let unsubscribe = () => {};
    let keepAlive: ReturnType<typeof setInterval> | undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (name: string, data: unknown) => {
          try {
            controller.enqueue(encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`));
          } catch {
            unsubscribe();
          }
        };
        send("hello", {
          organization_id: access.organizationId,
          versions: feed.versionsOf(access.organizationId) ?? null,
        });
        unsubscribe = feed.subscribe(
          access.organizationId,
          (event: ChangeEvent) => send("change", event),
        );
        keepAlive = setInterval(() => {
          try {
            controller.enqueue(encoder.encode(": keep-alive\n\n"));
          } catch {
            clearInterval(keepAlive);
          }
        }, KEEP_ALIVE_MS);
      },
      cancel() {
        unsubscribe();
        clearInterval(keepAlive);
      },
    });
    return c.body(stream, 200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
  });
}
