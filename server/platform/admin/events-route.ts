/**
 * `GET /ui/events`: server-sent events for a signed-in client. The bearer token
 * comes in the Authorization header (the client reads the stream with fetch); no
 * token is ever taken from the URL. The first event is `hello` with the current
 * versions so a reconnecting client can resynchronise; then one event per change
 * of the caller's organisation, and a comment every 20 s to keep proxies open. A
 * `records` event carries only the records the caller may read (the records' own
 * visibility, decided once per event and distinct access by `recordEvents`); one
 * left with none is not sent. Events reach a stream in the order they happened.
 *
 * A stream lives no longer than what let it open: it ends (with an `end` event
 * saying why) when its session ends — at once when this process ends it, within
 * `STREAM_CHECK_MS` otherwise — when its token expires, and after a change that
 * alters the caller's own rights: their organisation, role or permissions (the
 * client reconnects and refetches). Organisation-wide changes (a module turned on
 * or off, settings) only send `change`: every open browser refetches on it, and
 * closing every stream of the organisation at once would only add a reconnection
 * storm. A session may hold at most `MAX_STREAMS_PER_SESSION` streams and a
 * user, over all their sessions, `maxStreamsPerUser` (the configuration's
 * `eventStreamsPerUser`); more answer 429 (each instance counts its own streams).
 *
 * Cleanup happens when the stream is cancelled (the client went away) or ended;
 * the request's abort signal is not used because Deno fires it once the response
 * starts, which would end the subscription at once.
 */
import type { Hono } from "hono";
import type { AppEnv } from "../http/app-env.ts";
import type { Access } from "../access/access.ts";
import type { SessionAuthenticator } from "../access/session-access.ts";
import type { SessionStore } from "../auth/session-store.ts";
import type { AccessTokenVerifier } from "../auth/tokens.ts";
import { AppError, unauthenticated } from "../errors/app-error.ts";
import type { ChangeFeed, RecordsEvent } from "./change-feed.ts";
import type { RecordChange } from "../../db/change-signal.ts";
import { logLine } from "../http/log.ts";

const KEEP_ALIVE_MS = 20_000;

/** How often a stream checks that its session and token still hold. */
export const STREAM_CHECK_MS = 2_000;

/** Open streams allowed per session (a few tabs); more answer 429. */
export const MAX_STREAMS_PER_SESSION = 5;

/** Which records of a `records` event a caller may hear of (the records' own visibility). */
export interface RecordEventFilter {
  audible(event: RecordsEvent, access: Access): Promise<readonly RecordChange[]>;
}

/** What the event stream needs. */
export interface EventRouteDeps {
  feed: ChangeFeed;
  recordEvents: RecordEventFilter;
  /** Open streams allowed per user over all their sessions; more answer 429. */
  maxStreamsPerUser: number;
  sessions: SessionStore;
  accessOf: SessionAuthenticator;
  verifyToken: AccessTokenVerifier;
  clock: () => number;
}

/** Whether the caller's own rights differ between two accesses. */
function rightsChanged(before: Access, now: Access): boolean {
  return before.organizationId !== now.organizationId || before.role !== now.role ||
    before.permissions.size !== now.permissions.size ||
    [...before.permissions].some((p) => !now.permissions.has(p));
}

/** Mounts the event stream. */
export function eventRoutes(app: Hono<AppEnv>, deps: EventRouteDeps): void {
  const open = new Map<string, number>();
  const openByUser = new Map<string, number>();

  app.get("/ui/events", async (c) => {
    const header = c.req.header("authorization");
    const access = await deps.accessOf(header, { touch: false });
    const claims = access && await deps.verifyToken(header!.slice(7).trim());
    if (!access || !claims) throw unauthenticated();
    const sessionId = access.sessionId;
    if ((open.get(sessionId) ?? 0) >= MAX_STREAMS_PER_SESSION) {
      throw new AppError(
        429,
        "too_many_streams",
        `At most ${MAX_STREAMS_PER_SESSION} event streams may be open per session`,
        { headers: { "Retry-After": "5" } },
      );
    }
    const userId = access.user.id;
    if ((openByUser.get(userId) ?? 0) >= deps.maxStreamsPerUser) {
      throw new AppError(
        429,
        "too_many_streams",
        `At most ${deps.maxStreamsPerUser} event streams may be open per user; close other tabs or sign out on other devices`,
        { headers: { "Retry-After": "5" } },
      );
    }
    open.set(sessionId, (open.get(sessionId) ?? 0) + 1);
    openByUser.set(userId, (openByUser.get(userId) ?? 0) + 1);
    await deps.feed.poke();
    const encoder = new TextEncoder();
    const cleanups: (() => void)[] = [];
    let ended = false;
    const cleanUp = () => {
      if (ended) return;
      ended = true;
      for (const cleanup of cleanups) cleanup();
      for (const [counts, key] of [[open, sessionId], [openByUser, userId]] as const) {
        const left = (counts.get(key) ?? 1) - 1;
        if (left > 0) counts.set(key, left);
        else counts.delete(key);
      }
    };
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const write = (text: string) => {
          if (ended) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            cleanUp();
          }
        };
        const send = (name: string, data: unknown) =>
          write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
        const end = (reason: string) => {
          if (ended) return;
          send("end", { reason });
          cleanUp();
          try {
            controller.close();
          } catch {
            // Already closed by the client.
          }
        };
        /** Ends the stream when the session, the token or the caller's rights no longer hold. */
        const recheck = async () => {
          if (ended) return;
          if (claims.exp * 1000 <= deps.clock()) return end("token_expired");
          try {
            const now = await deps.accessOf(header, { touch: false });
            if (!now) return end("token_expired");
            if (rightsChanged(access, now)) end("rights_changed");
          } catch (error) {
            end(error instanceof AppError ? error.code : "session_ended");
          }
        };
        send("hello", {
          organization_id: access.organizationId,
          versions: deps.feed.versionsOf(access.organizationId) ?? null,
        });
        // Events go out one after another, as they happened: a records event waits for
        // the decision of what the caller may hear of it.
        let queue = Promise.resolve();
        cleanups.push(deps.feed.subscribe(access.organizationId, (event) => {
          queue = queue.then(async () => {
            if (event.type !== "records") {
              send("change", event);
              void recheck();
              return;
            }
            const records = await deps.recordEvents.audible(event, access);
            if (records.length > 0) send("records", { ...event, records });
          }).catch((error) => {
            logLine(null, "warn", "event stream send failed", { error: String(error) });
          });
        }));
        cleanups.push(deps.sessions.watch(sessionId, () => end("session_ended")));
        const keepAlive = setInterval(() => write(": keep-alive\n\n"), KEEP_ALIVE_MS);
        const checks = setInterval(() => void recheck(), STREAM_CHECK_MS);
        cleanups.push(() => clearInterval(keepAlive), () => clearInterval(checks));
      },
      cancel() {
        cleanUp();
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
