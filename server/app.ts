/**
 * Builds the Hono app from its dependencies (database, configuration, clock,
 * signing secret). No port, no globals: tests call `app.request()` on it.
 */
import { printRoutes } from "./records/print-routes.ts";
import { requestEvidence, signingContext, signingRoutes } from "./records/signing/mod.ts";
import { type Context, Hono } from "hono";
import { type Config, PRODUCT_VERSION } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { AppEnv } from "./platform/http/app-env.ts";
import { requestId } from "./platform/http/request-id.ts";
import { securityHeaders } from "./platform/http/security-headers.ts";
import { handleError } from "./platform/errors/error-handler.ts";
import { Api, type Authenticator } from "./platform/http/api.ts";
import { createAccessResolver } from "./platform/access/resolver.ts";
import { createSessionAuthenticator } from "./platform/access/session-access.ts";
import { createAccessTokenVerifier } from "./platform/auth/tokens.ts";
import { SessionStore } from "./platform/auth/session-store.ts";
import { LoginThrottle } from "./platform/auth/rate-limit.ts";
import { HashingPool, type PasswordHasher } from "./platform/auth/hashing-pool.ts";
import { limitAnonymousWrites } from "./platform/http/anonymous-limit.ts";
import { createAuthService } from "./platform/auth/service.ts";
import { authRoutes } from "./platform/auth/routes.ts";
import { organizationRoutes } from "./platform/orgs/routes.ts";
import { buildOpenApiDocument } from "./platform/openapi/document.ts";
import { operationsRoutes } from "./platform/openapi/operations.ts";
import { createStaticClient } from "./platform/http/static-client.ts";
import { logLine, QUIET } from "./platform/http/log.ts";
import { uiRoutes } from "./ui/routes.ts";
import { firstScreenHead, ScreenWidgets } from "./ui/first-screen.ts";
import { buildRoutesDescriptor } from "./ui/routes-descriptor.ts";
import { DescriptorCache } from "./ui/descriptor-cache.ts";
import { ChangeFeed } from "./platform/admin/change-feed.ts";
import { eventRoutes } from "./platform/admin/events-route.ts";
import { adminRoutes } from "./platform/admin/routes.ts";
import { healthRoutes } from "./platform/http/health.ts";
import { bodyDeadlineNote } from "./platform/http/body-timeout.ts";
import { defaultBodyLimit } from "./platform/http/body-limit.ts";
import { wrongMethodCheck } from "./platform/http/method-not-allowed.ts";
import { refuseUnreadableQuery } from "./platform/http/query-text.ts";
import { passwordResetRoutes } from "./platform/auth/password-reset.ts";
import { invitationPreviewRoutes } from "./platform/auth/invitation-preview.ts";
import { outgoingMailRoutes } from "./platform/mail/mod.ts";
import type { RecordEngine } from "./records/engine/engine.ts";
import { areaEngine } from "./areas/area-engine.ts";
import { RecordEventAudience } from "./records/engine/record-event-audience.ts";
import { recordRoutes } from "./records/routes.ts";
import { areas } from "./areas/mod.ts";
import type { RecordType } from "./records/define.ts";
import type { RecordController } from "./records/engine/controller.ts";

/** What the app is built from. */
export interface AppDeps {
  db: Database;
  config: Config;
  secret: string;
  clock?: () => number;
  /** Hashes and verifies passwords (default: a pool sized to the machine). */
  hasher?: PasswordHasher;
  /** The record types the engine serves (default: every declared type; tests add test-only ones). */
  recordTypes?: readonly RecordType[];
  /** Controllers of test-only types, besides the areas' own. */
  controllers?: readonly RecordController[];
}

/** The app and what tests and benchmarks may reach into. */
export interface BuiltApp {
  app: Hono<AppEnv>;
  api: Api;
  descriptors: DescriptorCache;
  /** The record engine serving every record type. */
  records: RecordEngine;
  /** Watches organisation versions; `main.ts` starts its polling. */
  feed: ChangeFeed;
  /** The request handler to serve: every request goes through the router (with Deno's connection info). */
  fetch: (request: Request, info?: Deno.ServeHandlerInfo) => Response | Promise<Response>;
}

/**
 * Requests that do not count as the user's activity for the idle time-out: the
 * event stream stays open (and reconnects) on its own.
 */
const NOT_ACTIVITY = new Set(["/ui/events"]);

/**
 * A browser opening a page: the client answers it. The API namespace never falls
 * back to the client, so a mistyped call there is a JSON 404.
 */
function isBrowserNavigation(c: Context<AppEnv>): boolean {
  return c.req.method === "GET" && !c.req.path.startsWith("/api/") &&
    (c.req.header("accept") ?? "").includes("text/html");
}

/** Builds the app. */
export function createApp(deps: AppDeps): BuiltApp {
  const { db, config } = deps;
  const clock = deps.clock ?? Date.now;
  const app = new Hono<AppEnv>();
  const sessionDefaults = {
    idleTimeoutSeconds: config.idleTimeoutSeconds,
    warningSeconds: config.idleWarningSeconds,
  };
  const sessions = new SessionStore(db, clock, sessionDefaults);
  const verifyToken = createAccessTokenVerifier(deps.secret, clock);
  const accessOf = createSessionAuthenticator({
    db,
    verify: verifyToken,
    sessions,
    resolve: createAccessResolver(db),
    clock,
  });
  const authenticate: Authenticator = async (c) => {
    const cached = c.get("access");
    if (cached) return cached;
    const access = await accessOf(c.req.header("authorization"), {
      touch: !NOT_ACTIVITY.has(c.req.path),
    });
    if (access) c.set("access", access);
    return access;
  };

  const client = createStaticClient(config.clientDist);
  // The page of an address carries the route table and starts its first screen (first-screen.ts).
  const screenWidgets = new ScreenWidgets();
  const firstScreen = {
    routes: buildRoutesDescriptor(),
    assets: client.firstScreenAssets(),
    widgets: screenWidgets,
    build: client.buildId(),
  };
  const page = (c: Context) => client.index(c, firstScreenHead(c.req.path, firstScreen));
  app.use("*", requestId());
  // With info lines off (LOG_LEVEL=quiet) there is no request log to time.
  if (!QUIET) {
    app.use("*", async (c, next) => {
      const started = performance.now();
      await next();
      if (c.req.path.startsWith("/assets/")) return;
      logLine(c, "info", "request", {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      });
    });
  }
  app.use("*", securityHeaders());
  // Who each record call and signing answer comes from, for signatures' evidence.
  app.use("/api/records/*", requestEvidence());
  app.use("/api/signing/*", requestEvidence());
  // The checks before authentication, in this order, in one layer: a wrong method
  // (405), query text that cannot be read as sent (400), the body's deadline noted.
  const refuseWrongMethod = wrongMethodCheck(() => app.routes, { exempt: isBrowserNavigation });
  const noteBodyDeadline = bodyDeadlineNote({ timeoutMs: config.requestBodyTimeoutMs });
  app.use("*", async (c, next) => {
    refuseWrongMethod(c);
    refuseUnreadableQuery(c);
    noteBodyDeadline(c);
    await next();
  });
  // A browser opening a legacy enterprise page (no token, wants HTML) gets the client,
  // which redirects it to /app; the API calls on the same paths answer everyone else.
  // Middleware, not a GET route: it answers no method of its own (method-not-allowed.ts).
  app.use(
    "/enterprise-projects/*",
    async (c, next) => {
      if (isBrowserNavigation(c) && !c.req.header("authorization")) return await page(c);
      await next();
    },
  );
  app.onError(handleError);

  // Bodies are read by the calls that take them (api.ts), within each call's limit.
  const api = new Api(app, authenticate, { bodyLimit: defaultBodyLimit(config.maxBodyBytes) });
  limitAnonymousWrites(app, {
    limits: config.anonymousLimits,
    trustedProxies: config.trustedProxies,
    clock,
  });
  const hasher = deps.hasher ?? new HashingPool({ iterations: config.passwordIterations });
  const auth = createAuthService({
    db,
    clock,
    secret: deps.secret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    hasher,
    publicUrl: config.publicUrl,
    throttle: new LoginThrottle({
      maxPerAccount: config.loginMaxPerAccount,
      maxPerAddress: config.loginMaxPerAddress,
      windowMs: config.loginWindowSeconds * 1000,
    }, clock),
    sessions,
  });
  authRoutes(api, auth, { trustedProxies: config.trustedProxies });
  passwordResetRoutes(api, { db, clock, config, hasher });
  invitationPreviewRoutes(api, { db, clock });
  organizationRoutes(api, db, clock);
  const records = areaEngine(db, {
    clock,
    publicUrl: config.publicUrl,
    recordTypes: deps.recordTypes,
    controllers: deps.controllers,
  });
  healthRoutes(api, db, { clock, version: PRODUCT_VERSION });
  const feed = new ChangeFeed(db, clock);
  adminRoutes(api, {
    db,
    clock,
    publicUrl: config.publicUrl,
    sessionDefaults,
    invitationLimits: config.invitationLimits,
  });
  eventRoutes(app, {
    feed,
    recordEvents: new RecordEventAudience(records),
    maxStreamsPerUser: config.eventStreamsPerUser,
    sessions,
    accessOf,
    verifyToken,
    clock,
  });
  outgoingMailRoutes(api, { db, config });
  // Each area's calls, in the order of the areas.
  for (const area of areas()) area.routes?.({ app, api, db, records, clock, config });
  printRoutes(api, db, records, clock, areas().flatMap((area) => area.printers ?? []));
  signingRoutes(api, signingContext(records, areas().flatMap((area) => area.signing ?? [])));
  recordRoutes(api, records);

  let openApiBytes: string | undefined;
  const openApi =
    () => (openApiBytes ??= JSON.stringify(buildOpenApiDocument(api, PRODUCT_VERSION)));
  app.get(
    "/api/openapi.json",
    (c) => c.body(openApi(), 200, { "Content-Type": "application/json; charset=UTF-8" }),
  );
  operationsRoutes(api);

  const descriptors = new DescriptorCache();
  uiRoutes(app, {
    db,
    clock,
    authenticate,
    cache: descriptors,
    sessionDefaults,
    screenWidgets,
  });

  app.notFound((c) => {
    if (c.req.method === "GET") {
      const asset = client.asset(c);
      if (asset) return asset;
      if (isBrowserNavigation(c)) return page(c);
    }
    return c.json({
      error: { code: "not_found", message: `No route for ${c.req.method} ${c.req.path}` },
    }, 404);
  });

  return {
    app,
    api,
    descriptors,
    feed,
    records,
    fetch: (request, info) => app.fetch(request, info),
  };
}
