/**
 * Playwright against the real server and a freshly seeded database, in Debian's
 * Chromium (no browser download). The server runs with a short session policy
 * only where a test starts its own (see idle-logout.spec.ts). Two more instances
 * share one database for the flows across instances (two-instances.spec.ts): a
 * fresh PostgreSQL database when TEST_DATABASE_URL names a server (npm test
 * starts one), else one SQLite file.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/** The server, started as the product starts it (with its garbage collector settings). */
const V8_FLAGS: string[] = JSON.parse(
  readFileSync(new URL("../../server/v8-flags.json", import.meta.url), "utf8"),
);
const SERVER_COMMAND = `./node_modules/.bin/deno run -A --v8-flags=${
  V8_FLAGS.join(",")
} server/main.ts`;

const port = Number(process.env.E2E_PORT ?? 8787);
/** A second server with a short session policy, for the idle sign-out flow. */
export const SHORT_SESSION_PORT = port + 1;
/** Two instances on one database. */
const INSTANCE_PORTS = [port + 2, port + 3];
process.env.E2E_DB ??= `/tmp/opsuite-e2e-${port}-${Date.now()}.db`;
process.env.E2E_SHORT_URL = `http://127.0.0.1:${SHORT_SESSION_PORT}`;
process.env.E2E_INSTANCE_URLS = INSTANCE_PORTS.map((p) => `http://127.0.0.1:${p}`).join(" ");
process.env.E2E_SHARED_DATABASE_URL ??= sharedDatabaseUrl();

/** The database both instances open; on PostgreSQL created here, before they start. */
function sharedDatabaseUrl(): string {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return `sqlite:${process.env.E2E_DB}.shared`;
  const name = `opsuite_e2e_${port}_${Date.now()}`;
  execFileSync("psql", [server, "-qc", `CREATE DATABASE ${name}`], { stdio: "inherit" });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.href;
}

const instances = INSTANCE_PORTS.map((instancePort) => ({
  command: SERVER_COMMAND,
  cwd: "../..",
  url: `http://127.0.0.1:${instancePort}/api/health`,
  reuseExistingServer: false,
  timeout: 60_000,
  env: {
    PORT: String(instancePort),
    DATABASE_URL: process.env.E2E_SHARED_DATABASE_URL!,
    LOG_LEVEL: "quiet",
    HOST: "127.0.0.1",
  },
}));

export default defineConfig({
  testDir: ".",
  testMatch: "*.spec.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  outputDir: "../../test-results/e2e",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "retain-on-failure",
  },
  webServer: [
    {
      command: SERVER_COMMAND,
      cwd: "../..",
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(port),
        DATABASE_URL: `sqlite:${process.env.E2E_DB}`,
        LOG_LEVEL: "quiet",
        HOST: "127.0.0.1",
        // Mailed links point where the browser opens the product, so they can be followed.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // A reminder set a minute ahead arrives within the flow's patience (reminders.spec.ts).
        REMINDER_CHECK_SECONDS: "5",
      },
    },
    {
      command: SERVER_COMMAND,
      cwd: "../..",
      url: `http://127.0.0.1:${SHORT_SESSION_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(SHORT_SESSION_PORT),
        DATABASE_URL: `sqlite:${process.env.E2E_DB}.short`,
        LOG_LEVEL: "quiet",
        HOST: "127.0.0.1",
        IDLE_TIMEOUT_SECONDS: "12",
        IDLE_WARNING_SECONDS: "8",
      },
    },
    ...instances,
  ],
});
