/**
 * Gets a database ready to serve: migrations, the module catalogue as defined in
 * code, the token signing secret (kept in the database so every instance on it
 * agrees), and the demo seed on an empty database unless `SEED=none`. Several
 * instances may start together on one PostgreSQL database: migrations take turns,
 * the first secret stored is everyone's, and one seed lands.
 */
import type { Database } from "./database.ts";
import { migrate } from "./migrate.ts";
import { seedDemo } from "./seed/demo.ts";
import { syncModuleCatalogue } from "../platform/orgs/organization-bootstrap.ts";
import { encodeBase64Url } from "../platform/auth/base64.ts";

/** What preparing found and did. */
export interface Prepared {
  secret: string;
  seeded: boolean;
  migrations: number[];
}

/** Prepares the database. */
export async function prepareDatabase(
  db: Database,
  options: {
    seed: "demo" | "none";
    jwtSecret?: string;
    now: number;
    hash?: (password: string) => Promise<string>;
  },
): Promise<Prepared> {
  const migrations = await migrate(db);
  await db.transaction((tx) => syncModuleCatalogue(tx));
  let secret = options.jwtSecret;
  if (!secret) {
    const fresh = encodeBase64Url(crypto.getRandomValues(new Uint8Array(48)));
    await db.run(
      "INSERT INTO meta (key, value) VALUES ('jwt_secret', ?) ON CONFLICT (key) DO NOTHING",
      [fresh],
    );
    const stored = await db.get<{ value: string }>(
      "SELECT value FROM meta WHERE key = 'jwt_secret'",
    );
    secret = stored!.value;
  }
  let seeded = false;
  const empty = !(await db.get("SELECT 1 AS x FROM organizations LIMIT 1"));
  if (empty && options.seed === "demo") {
    try {
      await seedDemo(db, { now: options.now, hash: options.hash });
      seeded = true;
    } catch (error) {
      // Another instance starting at the same time seeded it first: its seed stands.
      if (!(await db.get("SELECT 1 AS x FROM organizations LIMIT 1"))) throw error;
    }
  }
  return { secret, seeded, migrations };
}
