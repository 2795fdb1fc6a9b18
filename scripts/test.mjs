#!/usr/bin/env node
// Runs every check and test, in order, stopping at the first failure:
// format, lint, type checks, the Deno tests (server, schemas, contract) once on
// SQLite and once on PostgreSQL (a throwaway cluster, see postgres-cluster.mjs,
// or TEST_DATABASE_URL), the Vitest tests (client), the production build and its
// size budget, and the Playwright tests in Debian's Chromium (installed here when
// missing and root).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { testDatabase } from "./postgres-cluster.mjs";

const bin = (name) => new URL(`../node_modules/.bin/${name}`, import.meta.url).pathname;
const totals = { passed: 0, failed: 0 };
/** Passed and failed per run, for the breakdown on the total line. */
const runs = [];
let running;
// A step still running when this process ends (a signal, a failed step) goes with it.
process.on("exit", () => running?.kill());

function totalLine(failed) {
  const breakdown = runs.map(({ name, passed, failed }) =>
    `${name} ${passed}${failed ? ` / ${failed} failed` : ""}`
  );
  const parts = breakdown.length ? ` (${breakdown.join(", ")})` : "";
  return `\ntotal: ${totals.passed} passed, ${failed} failed${parts}`;
}

function run(title, command, args, options = {}) {
  console.log(`\n=== ${title}`);
  return new Promise((resolve) => {
    const child = running = spawn(command, args, {
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    for (const stream of [child.stdout, child.stderr]) {
      stream.on("data", (chunk) => {
        output += chunk;
        (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
      });
    }
    child.on("exit", (code) => {
      running = undefined;
      // deno-lint-ignore no-control-regex
      const plain = output.replace(/\x1b\[[0-9;]*m/g, "");
      options.count?.(plain);
      if (code !== 0) {
        console.error(`\n${title} failed (exit ${code})`);
        console.log(totalLine(Math.max(totals.failed, 1)));
        process.exit(code ?? 1);
      }
      resolve(plain);
    });
  });
}

function add(name, passed, failed) {
  const counts = { name, passed: Number(passed ?? 0), failed: Number(failed ?? 0) };
  runs.push(counts);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
}

function denoCount(name) {
  return (out) => {
    const m = out.match(/(?:ok|FAILED) \| (\d+) passed(?: \((\d+) steps?\))? \| (\d+) failed/);
    if (m) add(name, m[1], m[3]);
  };
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (existsSync(path)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${path}. Install Debian's Chromium first: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log("\n=== installing Debian's Chromium (apt-get install -y chromium)");
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const install = update.status === 0 &&
    spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  if (!install || install.status !== 0 || !existsSync(path)) {
    console.error(
      "Cannot install Chromium with apt-get; install it by hand: apt-get install -y chromium",
    );
    process.exit(1);
  }
}

const deno = bin("deno");
await run("format", deno, ["fmt", "--check"]);
await run("lint", deno, ["lint"]);
await run("type check", deno, [
  "check",
  "server/main.ts",
  "server/cli",
  "schemas",
  "tests",
  "client/main.tsx",
]);

// Started once before the Deno tests and kept for every later step (they see
// TEST_DATABASE_URL); stopped when this process exits.
console.log("\n=== PostgreSQL");
let postgresUrl;
try {
  postgresUrl = await testDatabase();
} catch (error) {
  console.error(`\n${error.message}`);
  console.log(totalLine(Math.max(totals.failed, 1)));
  process.exit(1);
}
const denoTests = ["test", "-A", "--parallel", "server", "schemas", "tests/contract"];
await run("deno tests (sqlite)", deno, denoTests, {
  // undefined drops the variable, so this run stays on SQLite even when it was given.
  env: { LOG_LEVEL: "quiet", TEST_DATABASE_URL: undefined },
  count: denoCount("deno sqlite"),
});
process.env.TEST_DATABASE_URL = postgresUrl;
await run("deno tests (postgres)", deno, denoTests, {
  env: { LOG_LEVEL: "quiet" },
  count: denoCount("deno postgres"),
});
await run("vitest", bin("vitest"), ["run", "--config", "client/vite.config.ts"], {
  count: (out) => {
    const m = out.match(/Tests\s+(?:(\d+) failed \| )?(\d+) passed/);
    if (m) add("vitest", m[2], m[1]);
  },
});
await run("client build", bin("vite"), [
  "build",
  "--config",
  "client/vite.config.ts",
  "--logLevel",
  "warn",
]);

ensureChromium();
await run("playwright", bin("playwright"), ["test", "--config", "tests/e2e/playwright.config.ts"], {
  count: (out) => {
    const passed = out.match(/(\d+) passed/);
    const failed = out.match(/(\d+) failed/);
    add("playwright", passed?.[1], failed?.[1]);
  },
});
console.log(totalLine(totals.failed));
