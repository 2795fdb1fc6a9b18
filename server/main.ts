/**
 * Starts the server: reads the configuration, opens and prepares the database,
 * builds the app and serves it. Nothing else happens here.
 */
import { readConfig } from "./config.ts";
import { openDatabase } from "./db/open.ts";
import { prepareDatabase } from "./db/prepare.ts";
import { createApp } from "./app.ts";
import { DEMO_PASSWORD, PEOPLE } from "./db/seed/demo-people.ts";
import { createSmtpTransport, MailDelivery } from "./platform/mail/mod.ts";

const config = readConfig(Deno.env.toObject());
const db = openDatabase(config.databaseUrl);
const prepared = await prepareDatabase(db, {
  seed: config.seed,
  jwtSecret: config.jwtSecret,
  now: Date.now(),
});
const { fetch: handler, feed } = createApp({ db, config, secret: prepared.secret });
await feed.poke();
feed.start();
const mail = config.smtpUrl === undefined
  ? undefined
  : new MailDelivery(db, createSmtpTransport(config.smtpUrl, { from: config.mailFrom }));
mail?.start();

const server = Deno.serve({
  port: config.port,
  hostname: Deno.env.get("HOST") ?? "0.0.0.0",
  onListen: () => {
    const lines = [
      `Opsuite is running at http://localhost:${config.port}`,
      `Database: ${config.databaseUrl}${prepared.seeded ? " (demo data seeded)" : ""}`,
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

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, async () => {
    feed.stop();
    await mail?.stop();
    await server.shutdown();
    await db.close();
    Deno.exit(0);
  });
}
