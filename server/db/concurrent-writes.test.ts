/**
 * Versioned administration writes racing on one role, in the run's dialect, half
 * through one app and half through a second app on a connection of its own (two
 * instances on one database): exactly one write wins each version, the others
 * answer 409, every success leaves one audit entry, and no update is lost.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createApp } from "../app.ts";
import type { Database } from "./database.ts";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { TEST_DIALECT } from "../testing/test-database.ts";
import { moduleDefinitions } from "../platform/catalogue/module-definitions.ts";

const WRITERS = 50;
/** Each writer grants its own permission to the role. */
const PERMISSIONS = moduleDefinitions().slice(0, WRITERS).map((m) => m.readPermissionId);
/** Long enough that SQLite's second connection waits for the lock instead of answering 503. */
const WRITE_WAIT_MS = 60_000;

/** What the admin calls used here answer. */
interface Answer {
  status: number;
  body: {
    role?: { version: number };
    roles?: { name: string; version: number; permissions: string[] }[];
    error?: { code: string; details?: { current_version?: number } };
  };
}

type Send = (path: string, body: unknown) => Promise<Answer>;

/** Two instances on one database: the test app and a second app on another connection. */
async function twoInstances(): Promise<{ t: TestApp; other: Database; sends: Send[] }> {
  const t = await createTestApp({ dbWriteWaitMs: WRITE_WAIT_MS });
  const other = t.connect({ writeWaitMs: WRITE_WAIT_MS });
  const second = createApp({
    db: other,
    config: t.config,
    secret: t.secret,
    clock: () => t.clock.now,
  });
  const token = await t.tokenFor("admin@acme.test");
  const sendThrough =
    (fetch: (request: Request) => Response | Promise<Response>): Send => async (path, body) => {
      const res = await fetch(
        new Request(`http://localhost${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
      return { status: res.status, body: await res.json() };
    };
  return { t, other, sends: [sendThrough((r) => t.fetch(r)), sendThrough((r) => second.fetch(r))] };
}

async function createRole(send: Send, name: string): Promise<number> {
  const res = await send("/admin/roles/create", { name });
  assertEquals(res.status, 201, JSON.stringify(res.body));
  return res.body.role!.version;
}

async function roleState(
  send: Send,
  name: string,
): Promise<{ version: number; permissions: string[] }> {
  const res = await send("/admin/roles/list", {});
  assertEquals(res.status, 200, JSON.stringify(res.body));
  const role = res.body.roles!.find((r) => r.name === name)!;
  return { version: role.version, permissions: [...role.permissions].sort() };
}

/** The grants audited for a role: the permission and the version each one was made on. */
async function auditedGrants(
  t: TestApp,
  role: string,
): Promise<{ permission: string; version: number }[]> {
  const rows = await t.db.all<{ before_value: string; after_value: string }>(
    "SELECT before_value, after_value FROM audit_logs WHERE organization_id = 'org_acme' AND action = 'permission.grant' AND resource_id = ?",
    [role],
  );
  return rows.map((r) => ({
    permission: JSON.parse(r.after_value).permission,
    version: JSON.parse(r.before_value).version,
  })).sort((a, b) => a.version - b.version);
}

Deno.test(`${WRITERS} concurrent versioned grants to one role through two instances on ${TEST_DIALECT}: one wins, ${WRITERS - 1} answer 409, one audit entry, no lost update`, async () => {
  const { t, other, sends } = await twoInstances();
  try {
    const version = await createRole(sends[0], "race_once");
    const answers = await Promise.all(
      PERMISSIONS.map((permission, i) =>
        sends[i % 2]("/admin/roles/grant", { role: "race_once", permission, version })
      ),
    );
    const won = answers.flatMap((a, i) => (a.status === 200 ? [PERMISSIONS[i]] : []));
    const refused = answers.filter((a) => a.status === 409 && a.body.error?.code === "conflict");
    assertEquals(
      { won: won.length, refused: refused.length },
      { won: 1, refused: WRITERS - 1 },
      JSON.stringify(answers.filter((a) => a.status !== 200 && a.status !== 409)),
    );
    assertEquals(await roleState(sends[1], "race_once"), {
      version: version + 1,
      permissions: won,
    });
    assertEquals(await auditedGrants(t, "race_once"), [{ permission: won[0], version }]);
  } finally {
    await other.close();
    await t.close();
  }
});

Deno.test(`${WRITERS} writers retrying with the fresh version through two instances on ${TEST_DIALECT}: all ${WRITERS} grants land, one per version, each audited once`, async () => {
  const { t, other, sends } = await twoInstances();
  try {
    const start = await createRole(sends[0], "race_retry");
    let conflicts = 0;
    const writer = async (permission: string, send: Send) => {
      let version = start;
      while (true) {
        const res = await send("/admin/roles/grant", { role: "race_retry", permission, version });
        if (res.status === 200) return;
        assertEquals(
          [res.status, res.body.error?.code],
          [409, "conflict"],
          JSON.stringify(res.body),
        );
        conflicts++;
        // The version the refusal names, or a fresh read when that was read before the winner committed.
        const current = res.body.error?.details?.current_version ?? version;
        version = current > version ? current : (await roleState(send, "race_retry")).version;
      }
    };
    await Promise.all(PERMISSIONS.map((permission, i) => writer(permission, sends[i % 2])));
    assertEquals(await roleState(sends[1], "race_retry"), {
      version: start + WRITERS,
      permissions: [...PERMISSIONS].sort(),
    });
    const audited = await auditedGrants(t, "race_retry");
    assertEquals(audited.map((a) => a.version), PERMISSIONS.map((_, i) => start + i));
    assertEquals(audited.map((a) => a.permission).sort(), [...PERMISSIONS].sort());
    console.log(`[${TEST_DIALECT}] ${WRITERS} grants landed after ${conflicts} answers 409`);
  } finally {
    await other.close();
    await t.close();
  }
});
