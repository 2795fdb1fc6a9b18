#!/usr/bin/env node
// Builds the client and starts the server (SQLite at data/app.db, demo data on an
// empty database). Environment: PORT, DATABASE_URL, SEED, and the rest of
// server/config.ts; SKIP_BUILD=1 serves the client already built, so a second
// instance started beside a running one does not rebuild client/dist under it.
import { spawn, spawnSync } from "node:child_process";

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;

if (process.env.SKIP_BUILD !== "1") {
  const build = spawnSync(bin("vite"), [
    "build",
    "--config",
    "client/vite.config.ts",
    "--logLevel",
    "warn",
  ], {
    stdio: "inherit",
  });
  if (build.status !== 0) {
    console.error("Cannot start: the client build failed");
    process.exit(build.status ?? 1);
  }
}

const server = spawn(bin("deno"), [
  "run",
  "--allow-net",
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-sys",
  "server/main.ts",
], {
  stdio: "inherit",
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
