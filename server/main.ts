/**
 * Starts the server: reads the configuration, opens and prepares the database,
 * builds the app and serves it. Nothing else happens here.
 */
import { readConfig } from "./config.ts";
import { openDatabase, shownDatabaseUrl } from "./db/open.ts";
import { prepareDatabase } from "./db/prepare.ts";
import { createApp } from "./app.ts";
import { DEMO_PASSWORD, PEOPLE } from "./db/seed/demo-people.ts";
import { closeLogFile, logToFile } from "./platform/http/log.ts";
import { createSmtpTransport, MailDelivery } from "./platform/mail/mod.ts";
import { areas } from "./areas/mod.ts";

const config = readConfig(Deno.env.toObject());
if (config.logFile) {
  logToFile(config.logFile, { maxBytes: config.logMaxBytes, files: config.logFiles });
}
const db = openDatabase(config.databaseUrl, {
  writeWaitMs: config.dbWriteWaitMs,
  poolSize: config.dbPoolSize,
});
const prepared = await prepareDatabase(db, {
  seed: config.seed,
  jwtSecret: config.jwtSecret,
  now: Date.now(),
});
const { fetch: handler, feed } = createApp({ db, config, secret: prepared.secret });
const mail = config.smtpUrl === undefined
  ? undefined
  : new MailDelivery(db, createSmtpTransport(config.smtpUrl, { from: config.mailFrom }));
mail?.start();
// Each area's periodic checks (overdue invoices, compliance due dates…).
const checks = areas().flatMap((area) => area.checks ?? []).map((make) => make(db, config));
for (const check of checks) check.start();

const server = Deno.serve({
  port: config.port,
  hostname: config.host,
  onListen: () => {
    const lines = [
      `Opsuite is running at http://${config.host}:${config.port}`,
      `Database: ${shownDatabaseUrl(config.databaseUrl)}${
        prepared.seeded ? " (demo data seeded)" : ""
      }`,
    ];
    if (config.seed === "demo") {
      lines.push(`Demo accounts (password "${DEMO_PASSWORD}"):`);
      for (const person of PEOPLE.filter((p) => p.login)) {
        lines.push(
          `  ${person.email.padEnd(24)} ${
            person.memberships.map((m) => `${m.role}@${m.org}`).join(", ")
          }`,
        );
      }
    } else {
      lines.push(
        "Create the first administrator with: npm run admin -- create-admin --email <email> --org <name>",
      );
    }
    console.log(lines.join("\n"));
  },
}, handler);

/** The longest a stop waits for requests in flight (event streams never end by themselves). */
const SHUTDOWN_GRACE_MS = 3000;

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    // A second signal, or a stop that cannot finish, ends the process at once.
    if (stopping) Deno.exit(1);
    stopping = true;
    setTimeout(() => Deno.exit(1), SHUTDOWN_GRACE_MS * 2);
    feed.stop();
    await mail?.stop();
    await Promise.all(checks.map((check) => check.stop()));
    await Promise.race([
      server.shutdown(),
      new Promise((resolve) => setTimeout(resolve, SHUTDOWN_GRACE_MS)),
    ]);
    await db.close().catch(() => {});
    closeLogFile();
    Deno.exit(0);
  });
}
