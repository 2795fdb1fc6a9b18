/**
 * Operations without the UI, on the same DATABASE_URL as the server:
 *
 *   npm run admin -- create-admin --email <email> --org <name> [--first <name>] [--last <name>]
 *
 * creates an organisation and its first administrator on an empty installation
 * (SEED=none). The password is read from ADMIN_PASSWORD, or generated and printed.
 *
 *   npm run admin -- modules list --org <org>
 *   npm run admin -- modules enable|disable <moduleId> --org <org>
 *   npm run admin -- permissions grant|revoke <permission> --role <role> --org <org>
 *
 * go through the same services, validation and audit as the API; `<org>` is an
 * organisation id or name. Running servers notice the change within a second.
 */
import { readConfig } from "../config.ts";
import { openDatabase } from "../db/open.ts";
import { prepareDatabase } from "../db/prepare.ts";
import { foundOrganization } from "../platform/orgs/found-organization.ts";
import { hashPassword } from "../platform/auth/password.ts";
import { encodeBase64Url } from "../platform/auth/base64.ts";
import type { Database } from "../db/database.ts";
import { listModules, setModuleEnabled } from "../platform/admin/modules-admin.ts";
import { listRoles, setRolePermission } from "../platform/admin/roles-admin.ts";
import { AppError } from "../platform/errors/app-error.ts";

/** Reads `--name value` pairs. */
export function parseFlags(
  args: string[],
): { positional: string[]; flags: Record<string, string> } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    if (args[i].startsWith("--")) {
      flags[args[i].slice(2)] = args[i + 1] ?? "";
      i++;
    } else positional.push(args[i]);
  }
  return { positional, flags };
}

const USAGE = `usage:
  npm run admin -- create-admin --email <email> --org <organization name> [--first <first name>] [--last <last name>]
  npm run admin -- modules list --org <org id or name>
  npm run admin -- modules enable|disable <moduleId> --org <org id or name>
  npm run admin -- permissions grant|revoke <permission> --role <role> --org <org id or name>`;

async function withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const config = readConfig(Deno.env.toObject());
  const db = openDatabase(config.databaseUrl, { listen: false });
  try {
    await prepareDatabase(db, { seed: "none", jwtSecret: config.jwtSecret, now: Date.now() });
    return await fn(db);
  } finally {
    await db.close();
  }
}

async function organizationId(db: Database, org: string | undefined): Promise<string> {
  if (!org) throw new Error(`--org is required\n${USAGE}`);
  const rows = await db.all<{ id: string }>(
    "SELECT id FROM organizations WHERE id = ? OR name = ?",
    [org, org],
  );
  if (rows.length !== 1) {
    throw new Error(
      rows.length
        ? `Several organizations are named "${org}"; use its id`
        : `No organization "${org}"`,
    );
  }
  return rows[0].id;
}

async function modulesCommand(positional: string[], flags: Record<string, string>): Promise<void> {
  const [action, moduleId] = positional;
  await withDatabase(async (db) => {
    const orgId = await organizationId(db, flags.org);
    if (action === "list") {
      for (const m of await listModules({ db, organizationId: orgId })) {
        console.log(
          `${m.enabled ? "on " : "off"}  ${m.id.padEnd(32)} ${m.category.padEnd(11)} ${m.name}`,
        );
      }
      return;
    }
    if ((action !== "enable" && action !== "disable") || !moduleId) throw new Error(USAGE);
    const current = (await listModules({ db, organizationId: orgId })).find((m) =>
      m.id === moduleId
    );
    if (!current) throw new Error(`No module "${moduleId}"`);
    const result = await setModuleEnabled(
      { db, organizationId: orgId, actorId: null, now: new Date().toISOString() },
      { moduleId, enabled: action === "enable", version: current.version },
    );
    console.log(
      `${result.module.name} (${moduleId}) is now ${
        result.module.enabled ? "enabled" : "disabled"
      }; catalogue version ${result.catalogue_version}`,
    );
  });
}

async function permissionsCommand(
  positional: string[],
  flags: Record<string, string>,
): Promise<void> {
  const [action, permission] = positional;
  if ((action !== "grant" && action !== "revoke") || !permission || !flags.role) {
    throw new Error(USAGE);
  }
  await withDatabase(async (db) => {
    const orgId = await organizationId(db, flags.org);
    const role = (await listRoles({ db, organizationId: orgId })).roles.find((r) =>
      r.name === flags.role
    );
    if (!role) throw new Error(`No role "${flags.role}"`);
    const result = await setRolePermission(
      { db, organizationId: orgId, actorId: null, now: new Date().toISOString() },
      { role: role.name, permission, version: role.version, granted: action === "grant" },
    );
    console.log(
      `${action === "grant" ? "Granted" : "Revoked"} ${permission} ${
        action === "grant" ? "to" : "from"
      } ${role.name}; permission version ${result.permission_version}`,
    );
  });
}

async function createAdmin(flags: Record<string, string>): Promise<void> {
  const email = flags.email?.trim().toLowerCase();
  const orgName = flags.org?.trim();
  if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || !orgName) {
    throw new Error(`create-admin needs --email and --org\n${USAGE}`);
  }
  const config = readConfig(Deno.env.toObject());
  const db = openDatabase(config.databaseUrl, { listen: false });
  try {
    await prepareDatabase(db, { seed: "none", jwtSecret: config.jwtSecret, now: Date.now() });
    const password = Deno.env.get("ADMIN_PASSWORD") ??
      encodeBase64Url(crypto.getRandomValues(new Uint8Array(12)));
    if (password.length < 10) throw new Error("ADMIN_PASSWORD must be at least 10 characters");
    const hash = await hashPassword(password, config.passwordIterations);
    await db.transaction((tx) =>
      foundOrganization(tx, {
        organizationName: orgName,
        email,
        passwordHash: hash,
        firstName: flags.first ?? "Admin",
        lastName: flags.last ?? "",
        actor: null,
        now: new Date().toISOString(),
      })
    );
    console.log(`Created organization "${orgName}" and administrator ${email}`);
    if (!Deno.env.get("ADMIN_PASSWORD")) console.log(`Password: ${password}`);
  } finally {
    await db.close();
  }
}

if (import.meta.main) {
  const { positional, flags } = parseFlags(Deno.args);
  try {
    if (positional[0] === "create-admin") await createAdmin(flags);
    else if (positional[0] === "modules") await modulesCommand(positional.slice(1), flags);
    else if (positional[0] === "permissions") await permissionsCommand(positional.slice(1), flags);
    else {
      console.error(USAGE);
      Deno.exit(2);
    }
  } catch (error) {
    console.error(
      error instanceof AppError || error instanceof Error ? error.message : String(error),
    );
    Deno.exit(1);
  }
}
