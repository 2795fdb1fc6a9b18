#!/usr/bin/env node
// Builds the client and starts the server (SQLite at data/app.db, demo data on an
// empty database). Environment: PORT, DATABASE_URL, SEED, and the rest of
// server/config.ts; SKIP_BUILD=1 serves the client already built, so a second
// instance started beside a running one does not rebuild client/dist under it.
import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

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

// The server's garbage collector settings (server/v8-flags.json, see ARCHITECTURE.md).
const v8Flags = JSON.parse(readFileSync(new URL("../server/v8-flags.json", import.meta.url)));

const server = spawn(bin("deno"), [
  "run",
  `--v8-flags=${v8Flags.join(",")}`,
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
