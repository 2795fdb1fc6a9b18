/**
 * Server configuration read from the environment, with the spec's defaults. Every
 * setting is parsed once at start; an invalid value stops the server with a message
 * that names the variable.
 */

/** At most `max` requests per `windowSeconds` from one client address. */
export interface RateLimitSetting {
  max: number;
  windowSeconds: number;
}

/**
 * Invitations (staff, portal, and sending one again) an organisation may send per
 * UTC day, and fewer while it is less than a day old, so a new organisation cannot
 * relay mail to any address.
 */
export interface InvitationLimits {
  perDay: number;
  perDayNewOrganization: number;
}

/** The classes of anonymous writes, each with its own per-address limit. */
export type AnonymousWriteClass = "reports" | "forms" | "registration" | "invitation" | "signing";

/** The product version: the footer, the health check and the OpenAPI document say it. */
export const PRODUCT_VERSION = "1.0.0";

/** Everything the server reads from its environment. */
export interface Config {
  port: number;
  databaseUrl: string;
  seed: "demo" | "none";
  jwtSecret?: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  passwordIterations: number;
  loginMaxPerAccount: number;
  loginMaxPerAddress: number;
  loginWindowSeconds: number;
  /** Proxies in front of the server that append to X-Forwarded-For (0: use the socket). */
  trustedProxies: number;
  anonymousLimits: Record<AnonymousWriteClass, RateLimitSetting>;
  invitationLimits: InvitationLimits;
  maxBodyBytes: number;
  idleTimeoutSeconds: number;
  idleWarningSeconds: number;
  /** Live event streams one user may hold over all their sessions (EVENT_STREAMS_PER_USER). */
  eventStreamsPerUser: number;
  clientDist: string;
  publicUrl: string;
  /** The interface to listen on: loopback unless the operator opens it up. */
  host: string;
  /** How long a write waits for another connection's database write lock before a 503. */
  dbWriteWaitMs: number;
  /** Connections in the PostgreSQL pool (DATABASE_POOL_SIZE). */
  dbPoolSize: number;
  /** How long a client may take to send a request's body once its headers arrived. */
  requestBodyTimeoutMs: number;
  /** Request logs go to this file, rotated by size, instead of stdout when set. */
  logFile?: string;
  logMaxBytes: number;
  logFiles: number;
  /** `smtp://user:pass@host:port`: where outgoing mail is sent; unset keeps it in the outbox. */
  smtpUrl?: string;
  /** The sender of outgoing mail. */
  mailFrom: string;
  /** How often due reminders are looked for (REMINDER_CHECK_SECONDS). */
  reminderCheckSeconds: number;
}

/** The defaults, from the spec and the issues. */
export const DEFAULT_CONFIG: Config = {
  port: 8000,
  databaseUrl: "sqlite:data/app.db",
  seed: "demo",
  accessTokenTtlSeconds: 15 * 60,
  refreshTokenTtlSeconds: 30 * 24 * 60 * 60,
  passwordIterations: 600_000,
  loginMaxPerAccount: 10,
  loginMaxPerAddress: 50,
  loginWindowSeconds: 15 * 60,
  trustedProxies: 0,
  anonymousLimits: {
    reports: { max: 30, windowSeconds: 60 },
    forms: { max: 10, windowSeconds: 60 },
    registration: { max: 5, windowSeconds: 60 * 60 },
    invitation: { max: 10, windowSeconds: 15 * 60 },
    signing: { max: 60, windowSeconds: 15 * 60 },
  },
  invitationLimits: { perDay: 100, perDayNewOrganization: 20 },
  // A few tabs on each of a few devices; a hundred sign-ins held five hundred streams without it.
  eventStreamsPerUser: 20,
  maxBodyBytes: 1024 * 1024,
  idleTimeoutSeconds: 60 * 60,
  idleWarningSeconds: 5 * 60,
  clientDist: "client/dist",
  publicUrl: "http://localhost:8000",
  host: "127.0.0.1",
  dbWriteWaitMs: 5000,
  dbPoolSize: 10,
  requestBodyTimeoutMs: 30_000,
  logMaxBytes: 10 * 1024 * 1024,
  logFiles: 5,
  mailFrom: "Opsuite <no-reply@localhost>",
  reminderCheckSeconds: 30,
};

function intFrom(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`Cannot start: ${name} must be a positive integer, got "${raw}"`);
  }
  return value;
}

function trustedProxiesFrom(env: Record<string, string | undefined>): number {
  const raw = env.TRUSTED_PROXIES;
  if (raw === undefined || raw === "") {
    // The old switch: on meant one proxy in front.
    return ["1", "true", "on"].includes(env.TRUST_PROXY ?? "") ? 1 : 0;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`Cannot start: TRUSTED_PROXIES must be 0 or a positive integer, got "${raw}"`);
  }
  return value;
}

function limitFrom(
  env: Record<string, string | undefined>,
  name: string,
  fallback: RateLimitSetting,
): RateLimitSetting {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const match = /^(\d+)\/(\d+)$/.exec(raw.trim());
  const [max, windowSeconds] = match ? [Number(match[1]), Number(match[2])] : [0, 0];
  if (!(max > 0 && windowSeconds > 0)) {
    throw new Error(
      `Cannot start: ${name} must be "<requests>/<seconds>" with both above 0, got "${raw}"`,
    );
  }
  return { max, windowSeconds };
}

/** Reads the configuration from an environment map (Deno.env.toObject() in main). */
export function readConfig(env: Record<string, string | undefined>): Config {
  const port = intFrom(env, "PORT", DEFAULT_CONFIG.port);
  const accessTokenTtlSeconds = intFrom(
    env,
    "ACCESS_TOKEN_TTL_SECONDS",
    DEFAULT_CONFIG.accessTokenTtlSeconds,
  );
  if (accessTokenTtlSeconds > 15 * 60) {
    throw new Error("Cannot start: ACCESS_TOKEN_TTL_SECONDS must be at most 900 (15 minutes)");
  }
  const seed = env.SEED ?? "demo";
  if (seed !== "demo" && seed !== "none") {
    throw new Error(`Cannot start: SEED must be "demo" or "none", got "${seed}"`);
  }
  return {
    port,
    databaseUrl: env.DATABASE_URL || DEFAULT_CONFIG.databaseUrl,
    seed,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSeconds,
    refreshTokenTtlSeconds: intFrom(
      env,
      "REFRESH_TOKEN_TTL_SECONDS",
      DEFAULT_CONFIG.refreshTokenTtlSeconds,
    ),
    passwordIterations: Math.max(
      600_000,
      intFrom(env, "PASSWORD_ITERATIONS", DEFAULT_CONFIG.passwordIterations),
    ),
    loginMaxPerAccount: intFrom(env, "LOGIN_MAX_PER_ACCOUNT", DEFAULT_CONFIG.loginMaxPerAccount),
    loginMaxPerAddress: intFrom(env, "LOGIN_MAX_PER_ADDRESS", DEFAULT_CONFIG.loginMaxPerAddress),
    loginWindowSeconds: intFrom(env, "LOGIN_WINDOW_SECONDS", DEFAULT_CONFIG.loginWindowSeconds),
    trustedProxies: trustedProxiesFrom(env),
    anonymousLimits: {
      reports: limitFrom(env, "RATE_LIMIT_REPORTS", DEFAULT_CONFIG.anonymousLimits.reports),
      forms: limitFrom(env, "RATE_LIMIT_FORMS", DEFAULT_CONFIG.anonymousLimits.forms),
      registration: limitFrom(
        env,
        "RATE_LIMIT_REGISTRATION",
        DEFAULT_CONFIG.anonymousLimits.registration,
      ),
      invitation: limitFrom(
        env,
        "RATE_LIMIT_INVITATION",
        DEFAULT_CONFIG.anonymousLimits.invitation,
      ),
      signing: limitFrom(env, "RATE_LIMIT_SIGNING", DEFAULT_CONFIG.anonymousLimits.signing),
    },
    invitationLimits: {
      perDay: intFrom(env, "INVITATIONS_PER_DAY", DEFAULT_CONFIG.invitationLimits.perDay),
      perDayNewOrganization: intFrom(
        env,
        "INVITATIONS_PER_DAY_NEW_ORGANIZATION",
        DEFAULT_CONFIG.invitationLimits.perDayNewOrganization,
      ),
    },
    maxBodyBytes: DEFAULT_CONFIG.maxBodyBytes,
    idleTimeoutSeconds: intFrom(env, "IDLE_TIMEOUT_SECONDS", DEFAULT_CONFIG.idleTimeoutSeconds),
    eventStreamsPerUser: intFrom(
      env,
      "EVENT_STREAMS_PER_USER",
      DEFAULT_CONFIG.eventStreamsPerUser,
    ),
    idleWarningSeconds: intFrom(env, "IDLE_WARNING_SECONDS", DEFAULT_CONFIG.idleWarningSeconds),
    clientDist: env.CLIENT_DIST || DEFAULT_CONFIG.clientDist,
    publicUrl: env.PUBLIC_URL || `http://localhost:${port}`,
    host: env.HOST || DEFAULT_CONFIG.host,
    dbWriteWaitMs: intFrom(env, "DB_WRITE_WAIT_MS", DEFAULT_CONFIG.dbWriteWaitMs),
    dbPoolSize: intFrom(env, "DATABASE_POOL_SIZE", DEFAULT_CONFIG.dbPoolSize),
    requestBodyTimeoutMs: intFrom(
      env,
      "REQUEST_BODY_TIMEOUT_MS",
      DEFAULT_CONFIG.requestBodyTimeoutMs,
    ),
    logFile: env.LOG_FILE || undefined,
    logMaxBytes: intFrom(env, "LOG_MAX_BYTES", DEFAULT_CONFIG.logMaxBytes),
    logFiles: intFrom(env, "LOG_FILES", DEFAULT_CONFIG.logFiles),
    smtpUrl: smtpUrlFrom(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || DEFAULT_CONFIG.mailFrom,
    reminderCheckSeconds: intFrom(
      env,
      "REMINDER_CHECK_SECONDS",
      DEFAULT_CONFIG.reminderCheckSeconds,
    ),
  };
}

function smtpUrlFrom(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === "") return undefined;
  if (!/^smtps?:\/\/[^/]+/.test(raw)) {
    throw new Error("Cannot start: SMTP_URL must look like smtp://user:pass@host:port");
  }
  return raw;
}
