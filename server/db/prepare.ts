/**
 * Gets a database ready to serve: migrations, the declared record types' tables
 * synced, the module catalogue as defined in
 * code, newly declared default permissions granted to existing organisations, the
 * token signing secret (kept in the database so every instance on it
 * agrees), and the demo seed on an empty database unless `SEED=none`.
 */
import type { Database } from "./database.ts";
import { migrate } from "./migrate.ts";
import { isUniqueViolation } from "./constraint-errors.ts";
import { DatabaseBusyError } from "./database-busy.ts";
import { syncTables } from "../records/engine/table-sync.ts";
import { checkTypeModules } from "../records/engine/type-modules.ts";
import { recordTypes } from "../records/catalogue.ts";
import { seedDemo } from "./seed/demo.ts";
import { syncModuleCatalogue } from "../platform/orgs/organization-bootstrap.ts";
import { rollOutPermissions } from "../platform/access/permission-rollout.ts";
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
  // A type of an unknown module fails here, before any of its tables is made.
  checkTypeModules(recordTypes());
  await syncTables(db, recordTypes());
  await whenFree(() => db.transaction((tx) => syncModuleCatalogue(tx)));
  await whenFree(() => rollOutPermissions(db, { now: new Date(options.now).toISOString() }));
  let secret = options.jwtSecret;
  if (!secret) {
    // Instances starting together on a new database keep whichever secret was stored first.
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
  const seeded = options.seed === "demo" &&
    await seedEmpty(db, { now: options.now, hash: options.hash });
  return { secret, seeded, migrations };
}

/**
 * Runs a start-up write, again while another instance starting at the same time
 * holds the rows it writes (its transaction may outlast a request's write wait on
 * a busy machine); once that one commits, this one finds the work done.
 */
async function whenFree<T>(write: () => Promise<T>): Promise<T> {
  for (let wait = 0;; wait++) {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof DatabaseBusyError) || wait === SEED_WAITS) throw error;
    }
  }
}

/** How many times a start waits for another instance's seed to commit. */
const SEED_WAITS = 12;

/**
 * Seeds the demo data when the database has no organisation; whether it did.
 * Instances starting together on one new database all try: the first to insert
 * the seed's fixed rows wins, the others wait on its locks and then find its data.
 */
async function seedEmpty(
  db: Database,
  options: { now: number; hash?: (password: string) => Promise<string> },
): Promise<boolean> {
  for (let wait = 0;; wait++) {
    if (await db.get("SELECT 1 AS x FROM organizations LIMIT 1")) return false;
    try {
      await seedDemo(db, options);
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      // Another instance's seed still holds the rows: look again once it is done.
      if (!(error instanceof DatabaseBusyError) || wait === SEED_WAITS) throw error;
    }
  }
}
