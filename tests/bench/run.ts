/**
 * `npm run bench`: every benchmark in turn, each in a process of its own, with the
 * request log off; or only those named (`npm run bench -- shell instances`). The
 * PostgreSQL figures need BENCH_DATABASE_URL (see databases.ts). Exits non-zero
 * if a bench failed; benches print figures and never judge times.
 */
const BENCHES = [
  "shell",
  "dashboard-cache",
  "analytics",
  "signin-flood",
  "deep-json-flood",
  "events",
  "record-events",
  "instances",
  "records-list",
  "records-form",
  "records-import",
  "records-import-memory",
  "records-export",
  "records-query",
  "board-browser",
  "report-export",
  "enterprise-transfer",
  "enterprise-schedule",
  "finance-dashboard",
  "payment-races",
  "startup",
  "duplicate-scan",
  "proposal-large",
];

const deno = new URL("../../node_modules/.bin/deno", import.meta.url).pathname;
const unknown = Deno.args.filter((name) => !BENCHES.includes(name));
if (unknown.length) {
  console.error(`Unknown bench: ${unknown.join(", ")} (known: ${BENCHES.join(", ")})`);
  Deno.exit(2);
}
const failed: string[] = [];
for (const name of Deno.args.length ? Deno.args : BENCHES) {
  console.log(`\n== ${name}`);
  const { success } = await new Deno.Command(deno, {
    args: ["run", "-A", new URL(`./${name}.ts`, import.meta.url).pathname],
    env: { LOG_LEVEL: "quiet" },
    stdout: "inherit",
    stderr: "inherit",
  }).output();
  if (!success) failed.push(name);
}
if (failed.length) {
  console.error(`\nFailed: ${failed.join(", ")}`);
  Deno.exit(1);
}
