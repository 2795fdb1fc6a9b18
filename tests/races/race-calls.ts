/**
 * Calls the race scenarios share: a person's record API on a test app, and
 * record actions sent with a version read beforehand, so the racing writes leave
 * together instead of each reading first.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { TestApp } from "../../server/testing/test-app.ts";
import type { RaceWrite } from "./race-scenario.ts";

/** A JSON object. */
export type Json = Record<string, unknown>;

/** A person's record API on one app; every call must answer `expect` (default 200/201). */
export async function personOn(app: TestApp, email: string) {
  const token = await app.tokenFor(email);
  const send = async (method: string, path: string, body?: unknown, expect?: number) => {
    const response = await app.call(method, path, { token, ...(body ? { body } : {}) });
    const json = await response.json() as Json;
    if (expect !== undefined) assertEquals(response.status, expect, JSON.stringify(json));
    return json;
  };
  const person = {
    token,
    /** Creates a record; answers it. */
    create: async (type: string, values: Json) =>
      (await send("POST", `/api/records/${type}`, { values }, 201)).record as Json,
    /** Reads a record. */
    get: async (type: string, id: string) =>
      (await send("GET", `/api/records/${type}/${id}`, undefined, 200)).record as Json,
    /** Takes an action on the record as it is now; answers the record after it. */
    act: async (type: string, id: string, action: string, body: Json = {}) => {
      const { version } = await person.get(type, id);
      return (await send("POST", `/api/records/${type}/${id}/actions/${action}`, {
        version,
        ...body,
      }, 200)).record as Json;
    },
    /** Every record of a type matching the filters (up to 500). */
    list: async (type: string, filters: Json[] = []) =>
      (await send("POST", `/api/records/${type}/list`, { filters, limit: 500 }, 200))
        .items as Json[],
    /** An action as a racing write, with the version the record has now. */
    actLater: async (type: string, id: string, action: string, body: Json = {}) => {
      const { version } = await person.get(type, id);
      return ((call) =>
        call("POST", `/api/records/${type}/${id}/actions/${action}`, {
          token,
          body: { version, ...body },
        })) as RaceWrite;
    },
    /** A create as a racing write. */
    createLater: (type: string, values: Json): RaceWrite => (call) =>
      call("POST", `/api/records/${type}`, { token, body: { values } }),
    /** Any call as a racing write. */
    callLater: (method: string, path: string, body?: unknown): RaceWrite => (call) =>
      call(method, path, { token, ...(body ? { body } : {}) }),
  };
  return person;
}

/** How many of `items` have each value of `field`. */
export function countBy(items: readonly Json[], field: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) {
    const key = String(item[field]);
    out[key] = (out[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** A number of audit entries of one action on one record. */
export async function auditCount(
  app: TestApp,
  resource: { type: string; id: string },
  action: string,
): Promise<number> {
  const row = await app.db.get<{ n: number }>(
    "SELECT COUNT(*) AS n FROM audit_logs WHERE resource_type = ? AND resource_id = ? AND action = ?",
    [resource.type, resource.id, action],
  );
  return Number(row?.n ?? 0);
}
