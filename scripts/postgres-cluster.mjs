// A throwaway PostgreSQL cluster for the test run: Debian's server binaries
// (installed with apt-get when missing and root), a temporary directory, a free
// port on 127.0.0.1, trust authentication for the `postgres` role. Stopped and
// removed when this process ends, however it ends (except SIGKILL).
import { spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";

const DEBIAN_ROOT = "/usr/lib/postgresql";
const isRoot = process.getuid?.() === 0;

/**
 * The URL of the PostgreSQL server the tests use: `TEST_DATABASE_URL` when set
 * (nothing is started), else a cluster of our own. Throws with a message saying
 * what to do when no server can be had.
 */
export async function testDatabase() {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    console.log(`PostgreSQL: the existing server at ${redacted(given)} (TEST_DATABASE_URL)`);
    return given;
  }
  const bin = serverBinaries() ?? installServer();
  const url = startCluster(bin, Number(process.env.TEST_PG_PORT) || await freePort());
  console.log(`PostgreSQL: ${version(bin)}, throwaway cluster at ${url}`);
  return url;
}

/** `PG_BIN`, else the newest version under /usr/lib/postgresql that has a server. */
function serverBinaries() {
  const hasServer = (dir) =>
    ["initdb", "pg_ctl", "postgres"].every((b) => existsSync(join(dir, b)));
  if (process.env.PG_BIN) {
    if (hasServer(process.env.PG_BIN)) return process.env.PG_BIN;
    throw new Error(`PG_BIN=${process.env.PG_BIN} holds no initdb, pg_ctl and postgres`);
  }
  const versions = existsSync(DEBIAN_ROOT)
    ? readdirSync(DEBIAN_ROOT).filter((v) => /^\d+(\.\d+)?$/.test(v)).sort((a, b) => b - a)
    : [];
  return versions.map((v) => join(DEBIAN_ROOT, v, "bin")).find(hasServer);
}

function installServer() {
  const how =
    "install Debian's PostgreSQL server (sudo apt-get install -y postgresql), point PG_BIN at its bin directory, or set TEST_DATABASE_URL to a server whose role may CREATE DATABASE";
  if (!isRoot) throw new Error(`The PostgreSQL server binaries are missing: ${how}.`);
  console.log("\n=== installing Debian's PostgreSQL (apt-get install -y postgresql)");
  // Debian's package may also start a cluster of its own on 5432; the tests do not use it.
  const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const install = update.status === 0 &&
    spawnSync("apt-get", ["install", "-y", "-qq", "postgresql"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  const bin = install?.status === 0 ? serverBinaries() : undefined;
  if (!bin) throw new Error(`Cannot install PostgreSQL with apt-get: ${how}.`);
  return bin;
}

/** A port nobody listens on now: the one the kernel hands out for port 0. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function version(bin) {
  return spawnSync(join(bin, "postgres"), ["--version"], { encoding: "utf8" }).stdout.trim();
}

function redacted(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.href;
  } catch {
    return "(an unparsable URL)";
  }
}

function startCluster(bin, port) {
  const dir = mkdtempSync(join(tmpdir(), "opsuite-pg-"));
  const data = join(dir, "data");
  // PostgreSQL refuses to run as root: the cluster belongs to Debian's `postgres`
  // user, or to `nobody` when PG_BIN points at binaries installed without one.
  const owner = isRoot ? (userIds("postgres") ? "postgres" : "nobody") : undefined;
  const pg = (name, args) => {
    const command = owner ? "runuser" : join(bin, name);
    const argv = owner ? ["-u", owner, "--", join(bin, name), ...args] : args;
    return spawnSync(command, argv, { encoding: "utf8", cwd: dir });
  };
  let running = false;
  const stop = () => {
    if (running) pg("pg_ctl", ["-D", data, "-m", "immediate", "-s", "stop"]);
    running = false;
    rmSync(dir, { recursive: true, force: true });
  };
  process.on("exit", stop);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => {
      stop();
      process.exit(128 + constants.signals[signal]);
    });
  }
  try {
    if (owner) {
      const { uid, gid } = userIds(owner);
      chownSync(dir, uid, gid);
    }
    // C.UTF-8 orders strings by code point, as SQLite does, and lets lower() fold
    // non-ASCII letters, so search and ordering agree between the two databases.
    must(
      pg("initdb", [
        "-D",
        data,
        "-A",
        "trust",
        "-U",
        "postgres",
        "--encoding=UTF8",
        "--locale=C.UTF-8",
        "--no-sync",
      ]),
      "initdb",
    );
    // Test processes run in parallel and each opens a pool: many connections, and
    // no durability needed for a cluster that is thrown away.
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      "-c listen_addresses=127.0.0.1",
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=300",
    ].join(" ");
    running = true;
    must(
      pg("pg_ctl", ["-D", data, "-o", options, "-l", join(dir, "server.log"), "-w", "start"]),
      "pg_ctl start",
    );
  } catch (error) {
    const log = join(dir, "server.log");
    if (existsSync(log)) {
      console.error(spawnSync("tail", ["-n", "20", log], { encoding: "utf8" }).stdout);
    }
    stop();
    throw error;
  }
  return `postgres://postgres@127.0.0.1:${port}/postgres`;
}

function userIds(name) {
  const id = (flag) => spawnSync("id", [flag, name], { encoding: "utf8" });
  const uid = id("-u");
  const gid = id("-g");
  if (uid.status !== 0 || gid.status !== 0) return undefined;
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

function must(result, step) {
  if (result.status !== 0) {
    throw new Error(
      `PostgreSQL ${step} failed (exit ${result.status}): ${
        (result.stderr || result.stdout || result.error?.message || "").trim()
      }`,
    );
  }
}
