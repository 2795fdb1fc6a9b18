/**
 * Contract: no screen shows an internal. For every demo account, every screen the
 * route table offers is walked over the demo data (screen-walk.ts): each record
 * screen with the records the account may read, every source called as the client
 * calls it, every record form, list and timeline loaded. Nothing shown may be an
 * id where a title exists, a stored code without its label (the server's value
 * labels, the declarations' options, states and document statuses), or a bare
 * true/false. Before the walk, each record type's first available action is taken
 * on one of its records, so the timelines hold state and document status changes.
 */
import { ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../server/testing/test-app.ts";
import { PEOPLE } from "../../server/db/seed/demo-people.ts";
import { VALUE_LABELS } from "../../server/ui/value-labels.ts";
import { recordTypes } from "../../server/records/catalogue.ts";
import type { Vocabulary } from "./shown-internals.ts";
import { walkScreens } from "./screen-walk.ts";

const KNOWN_CODES = new Set(
  Object.entries(VALUE_LABELS).filter(([kind]) =>
    !["YES_NO", "ON_SCHEDULE", "ENABLED"].includes(kind)
  )
    .flatMap(([, labels]) => Object.keys(labels)).filter((code) => /^[a-z_]+$/.test(code)),
);
/** Who takes the actions that fill the timelines. */
const ACTOR = "admin@acme.test";
/** Records of a type tried for an action that can be taken now. */
const ACTION_CANDIDATES = 20;
/** An id of the data: a kind prefix, `_`, then letters, digits and `_`. */
const ID_SHAPE = /^[a-z]{2,6}_[a-z0-9_]+$/;

type Json = Record<string, unknown>;

/** Takes, as the actor, the first action each record type offers on one of its records. */
async function takeOneActionPerType(t: TestApp): Promise<void> {
  const token = await t.tokenFor(ACTOR);
  const types = (await (await t.call("GET", "/api/records/types", { token })).json()).types as {
    id: string;
    actions: { id: string; comment?: string }[];
  }[];
  for (const type of types.filter((ty) => ty.actions.length > 0)) {
    const api = `/api/records/${type.id}`;
    const list = await (await t.call("POST", `${api}/list`, {
      token,
      body: { limit: ACTION_CANDIDATES, fields: ["name"] },
    })).json();
    for (const item of list.items as Json[]) {
      const got = await (await t.call("GET", `${api}/${item.id}`, { token })).json();
      // The record's actions begin with save and delete; the type's own come after.
      const action = (got.actions as { id: string }[]).find((a) =>
        type.actions.some((declared) => declared.id === a.id)
      );
      if (!action) continue;
      const res = await t.call("POST", `${api}/${item.id}/actions/${action.id}`, {
        token,
        body: { version: got.record.version, comment: "Checked during the screen walk" },
      });
      await res.body?.cancel();
      if (res.status === 200) break;
    }
  }
}

/** The ids the database holds for records, people and organisations. */
async function dataIds(t: TestApp): Promise<Set<string>> {
  const tables = [
    ...new Set([...recordTypes().map((type) => type.table), "users", "organizations"]),
  ];
  const ids = new Set<string>();
  for (const table of tables) {
    for (const row of await t.db.all<{ id: string }>(`SELECT id FROM ${table}`)) {
      if (ID_SHAPE.test(row.id)) ids.add(row.id);
    }
  }
  return ids;
}

/** Record ids with a timeline (audit entries or comments), by record type. */
async function recordsWithHistory(t: TestApp): Promise<Map<string, string[]>> {
  const rows = await t.db.all<{ type: string; id: string }>(
    `SELECT resource_type AS type, resource_id AS id FROM audit_logs WHERE resource_id IS NOT NULL
     UNION SELECT record_type AS type, record_id AS id FROM record_comments`,
  );
  const byType = new Map<string, string[]>();
  for (const row of rows) byType.set(row.type, [...(byType.get(row.type) ?? []), row.id]);
  return byType;
}

const accounts = PEOPLE.filter((p) => p.login);

for (const person of accounts) {
  Deno.test(`no screen shows an id, a stored code or a bare true/false to ${person.email}`, async () => {
    const t = await createTestApp();
    try {
      await takeOneActionPerType(t);
      const vocabulary: Vocabulary = { ids: await dataIds(t), codes: KNOWN_CODES };
      const { problems, walked } = await walkScreens({
        t,
        token: await t.tokenFor(person.email),
        vocabulary,
        withHistory: await recordsWithHistory(t),
      });
      ok(walked > 3, `only ${walked} screens were walked`);
      ok(
        problems.length === 0,
        `${problems.length} internals shown to ${person.email}:\n${problems.join("\n")}`,
      );
    } finally {
      await t.close();
    }
  });
}
