/**
 * Builds the Hono app from its dependencies (database, configuration, clock,
 * signing secret). No port, no globals: tests call `app.request()` on it.
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import type { AppEnv } from "./platform/http/app-env.ts";
import { requestId } from "./platform/http/request-id.ts";
import { securityHeaders } from "./platform/http/security-headers.ts";
import { handleError } from "./platform/errors/error-handler.ts";
import { AppError } from "./platform/errors/app-error.ts";
import { Api, type Authenticator } from "./platform/http/api.ts";
import { createAccessResolver } from "./platform/access/resolver.ts";
import { createKnownCallers } from "./platform/access/known-callers.ts";
import { createAccessTokenVerifier } from "./platform/auth/tokens.ts";
import { LoginThrottle } from "./platform/auth/rate-limit.ts";
import { createAuthService } from "./platform/auth/service.ts";
import { authRoutes } from "./platform/auth/routes.ts";
import { organizationRoutes } from "./platform/orgs/routes.ts";
import { buildOpenApiDocument } from "./platform/openapi/document.ts";
import { createStaticClient } from "./platform/http/static-client.ts";
import { logLine, QUIET } from "./platform/http/log.ts";
import { navigationRoutes } from "./modules/navigation/routes.ts";
import { notificationRoutes } from "./modules/notifications/routes.ts";
import { userRoutes } from "./modules/users/routes.ts";
import { leadRoutes } from "./modules/leads/routes.ts";
import { auditRoutes } from "./modules/audit/routes.ts";
import { settingsRoutes } from "./modules/settings/routes.ts";
import { projectTemplateRoutes } from "./modules/project-templates/routes.ts";
import { taskRoutes } from "./modules/tasks/routes.ts";
import { clientRoutes } from "./modules/clients/routes.ts";
import { clientAccessRoutes } from "./modules/clients/client-access.ts";
import { portalRoutes } from "./modules/portal/routes.ts";
import { projectRoutes } from "./modules/projects/routes.ts";
import { projectAnalyticsRoutes } from "./modules/project-analytics/mod.ts";
import { dashboardAnalyticsRoutes } from "./modules/analytics-dashboard/mod.ts";
import { reportRoutes } from "./modules/reports/mod.ts";
import { calendarRoutes } from "./modules/calendar/routes.ts";
import { dashboardRoutes } from "./modules/dashboard/routes.ts";
import { feedbackRoutes, PRODUCT_VERSION } from "./modules/feedback/routes.ts";
import { ShellKeys, uiRoutes } from "./ui/routes.ts";
import { DescriptorCache } from "./ui/descriptor-cache.ts";
import { descriptorLane } from "./ui/descriptor-lane.ts";
import { withFastLanes } from "./platform/http/fast-lanes.ts";
import { ChangeFeed } from "./platform/admin/change-feed.ts";
import { eventRoutes } from "./platform/admin/events-route.ts";
import { adminRoutes } from "./platform/admin/routes.ts";

/** What the app is built from. */
export interface AppDeps {
  db: Database;
  config: Config;
  secret: string;
  clock?: () => number;
}

/** The app and what tests and benchmarks may reach into. */
export interface BuiltApp {
  app: Hono<AppEnv>;
  api: Api;
  descriptors: DescriptorCache;
  /** Watches organisation versions; `main.ts` starts its polling. */
  feed: ChangeFeed;
  /** The request handler to serve: the fast lanes, then the router. */
  fetch: (request: Request) => Response | Promise<Response>;
}

/** Builds the app. */
export function createApp(deps: AppDeps): BuiltApp {
  const { db, config } = deps;
  const clock = deps.clock ?? Date.now;
  const app = new Hono<AppEnv>();
  const resolveAccess = createAccessResolver(db);
  const verifyToken = createAccessTokenVerifier(deps.secret, clock);

  const accessFor = async (header: string | null | undefined) => {
    if (!header?.startsWith("Bearer ")) return null;
    const claims = await verifyToken(header.slice(7).trim());
    return claims ? await resolveAccess(claims.sub) : null;
  };
  /** Access known without waiting: a token verified before, access cached and current. */
  const knownAccess = createKnownCallers({ verifier: verifyToken, resolver: resolveAccess, clock });
  const authenticate: Authenticator = async (c) => {
    const cached = c.get("access");
    if (cached) return cached;
    const access = await accessFor(c.req.header("authorization"));
    if (access) c.set("access", access);
    return access;
  };

  app.use("*", requestId());
  app.use("*", async (c, next) => {
    if (QUIET) return await next();
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
  app.use("*", securityHeaders());
  app.use(
    "*",
    bodyLimit({
      maxSize: config.maxBodyBytes,
      onError: () => {
        throw new AppError(413, "payload_too_large", "Request body is larger than 1 MiB");
      },
    }),
  );
  app.onError(handleError);

  const api = new Api(app, authenticate);
  const auth = createAuthService({
    db,
    clock,
    secret: deps.secret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
    passwordIterations: config.passwordIterations,
    throttle: new LoginThrottle({
      maxPerAccount: config.loginMaxPerAccount,
      maxPerAddress: config.loginMaxPerAddress,
      windowMs: config.loginWindowSeconds * 1000,
    }, clock),
  });
  authRoutes(api, auth, { trustProxy: config.trustProxy });
  organizationRoutes(api, db, clock);
  navigationRoutes(api);
  notificationRoutes(api, db);
  userRoutes(api, db);
  leadRoutes(api, db, clock);
  auditRoutes(api, db);
  settingsRoutes(api, db, clock);
  projectTemplateRoutes(api, db);
  taskRoutes(api, db, clock);
  clientRoutes(api, db);
  projectRoutes(api, db);
  projectAnalyticsRoutes(api, db, clock);
  const dashboardAnalyticsLane = dashboardAnalyticsRoutes(app, api, db, { clock, knownAccess });
  reportRoutes(api, db, clock);
  calendarRoutes(api, db, clock);
  dashboardRoutes(api, db, clock);
  feedbackRoutes(api, db, clock);
  const feed = new ChangeFeed(db, clock);
  const sessionDefaults = {
    idleTimeoutSeconds: config.idleTimeoutSeconds,
    warningSeconds: config.idleWarningSeconds,
  };
  adminRoutes(api, {
    db,
    clock,
    feed,
    publicUrl: config.publicUrl,
    passwordIterations: config.passwordIterations,
    sessionDefaults,
  });
  eventRoutes(app, feed, authenticate);
  clientAccessRoutes(api, db, clock, config.publicUrl);
  portalRoutes(api, db, clock);

  let openApiBytes: string | undefined;
  const openApi =
    () => (openApiBytes ??= JSON.stringify(buildOpenApiDocument(api, PRODUCT_VERSION)));
  app.get(
    "/api/openapi.json",
    (c) => c.body(openApi(), 200, { "Content-Type": "application/json; charset=UTF-8" }),
  );
  app.get("/api/openapi/operations", (c) =>
    c.json({
      operations: api.endpoints.map((e) => ({
        method: e.method.toUpperCase(),
        path: e.path.replace(/:([A-Za-z_]+)/g, "{$1}"),
        tag: e.tag,
        summary: e.summary,
        access: e.audience === "public"
          ? "Anyone"
          : e.audience === "user"
          ? "Signed-in users"
          : e.audience === "portal"
          ? "Client portal users"
          : "Staff",
      })),
    }));

  const descriptors = new DescriptorCache();
  const shellKeys = new ShellKeys();
  uiRoutes(app, {
    db,
    clock,
    authenticate,
    cache: descriptors,
    sessionDefaults,
    shellKeys,
  });

  const client = createStaticClient(config.clientDist);
  app.notFound((c) => {
    // The API namespace never falls back to the client: a mistyped call is a JSON 404.
    const isNavigation = c.req.method === "GET" && !c.req.path.startsWith("/api/") &&
      (c.req.header("accept") ?? "").includes("text/html");
    if (c.req.method === "GET") {
      const asset = client.asset(c);
      if (asset) return asset;
      if (isNavigation) return client.index(c);
    }
    return c.json({
      error: { code: "not_found", message: `No route for ${c.req.method} ${c.req.path}` },
    }, 404);
  });

  const fetch = withFastLanes(
    [descriptorLane({ cache: descriptors, clock, knownAccess, shellKeys }), dashboardAnalyticsLane],
    (request) => app.fetch(request),
  );
  return { app, api, descriptors, feed, fetch };
}
