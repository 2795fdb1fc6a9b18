/**
 * Rows come back with the same JavaScript types and values from both drivers, one
 * test per shape the repositories read: counts, sums and averages, 0/1 flags
 * (and the booleans the API makes of them), nullable text, ISO dates and
 * date-times, integer identity ids, and the dialect helpers' results. Each shape
 * is read from the seeded test database of the run and checked against what
 * JavaScript computes from the plain rows; when the run is on PostgreSQL the same
 * reads also run on a SQLite test database and must give equal values, so one
 * PostgreSQL run proves the two drivers agree.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../testing/test-app.ts";
import { TEST_DIALECT } from "../testing/test-database.ts";
import {
  addDays,
  containsMatch,
  containsPattern,
  daysBetween,
  isoDatePlus,
  wholeDaysBetween,
} from "./dialect.ts";

const ORG = "org_acme";
const DRIVERS = TEST_DIALECT === "postgres" ? "PostgreSQL and SQLite drivers" : "SQLite driver";
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

/** Floats summed in another order may differ in the last bits; everything else must be equal. */
function comparable(value: unknown): unknown {
  if (typeof value === "number" && !Number.isInteger(value)) return Number(value.toPrecision(12));
  if (Array.isArray(value)) return value.map(comparable);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v)]));
  }
  return value;
}

/**
 * Reads with `read` from a seeded database of the run's dialect and checks it;
 * on a PostgreSQL run, also from a SQLite one, and the two must be equal.
 */
async function readOnEveryDriver<T>(
  read: (t: TestApp) => Promise<T>,
  check: (value: T) => void | Promise<void>,
): Promise<void> {
  const apps: TestApp[] = [];
  try {
    apps.push(await createTestApp());
    if (TEST_DIALECT === "postgres") apps.push(await createTestApp({}, { dialect: "sqlite" }));
    const values: T[] = [];
    for (const t of apps) {
      const value = await read(t);
      await check(value);
      values.push(value);
    }
    if (values.length === 2) {
      assertEquals(comparable(values[0]), comparable(values[1]), "PostgreSQL and SQLite differ");
    }
  } finally {
    for (const t of apps) await t.close();
  }
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

function near(actual: number, expected: number): boolean {
  return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
}

Deno.test(`The ${DRIVERS}: COUNT(*), alone and grouped, comes back as an integer number`, async () => {
  await readOnEveryDriver(async (t) => {
    const ids = await t.db.all<{ status: string }>(
      "SELECT status FROM tasks WHERE organization_id = ? ORDER BY id",
      [ORG],
    );
    const total = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM tasks WHERE organization_id = ?",
      [ORG],
    );
    const none = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM tasks WHERE organization_id = ?",
      ["org_none"],
    );
    const byStatus = await t.db.all<{ status: string; n: number }>(
      "SELECT status, COUNT(*) AS n FROM tasks WHERE organization_id = ? GROUP BY status ORDER BY status",
      [ORG],
    );
    return { statuses: ids.map((r) => r.status), total: total!.n, none: none!.n, byStatus };
  }, ({ statuses, total, none, byStatus }) => {
    ok(statuses.length > 0);
    assertEquals([typeof total, total], ["number", statuses.length]);
    assertEquals([typeof none, none], ["number", 0]);
    for (const row of byStatus) {
      ok(Number.isInteger(row.n), `${row.status}: ${typeof row.n}`);
      assertEquals(row.n, statuses.filter((s) => s === row.status).length);
    }
  });
});

Deno.test(`The ${DRIVERS}: SUM and AVG of integer columns come back as numbers, integer division truncates, and the SUM of no rows is null`, async () => {
  await readOnEveryDriver(async (t) => {
    const rows = await t.db.all<{ story_points: number; priority: number }>(
      "SELECT story_points, priority FROM tasks WHERE organization_id = ? ORDER BY id",
      [ORG],
    );
    const totals = await t.db.get<
      { points: number; mean_priority: number; per_task: number; empty: number | null }
    >(
      `SELECT SUM(story_points) AS points, AVG(priority) AS mean_priority,
              SUM(story_points) / COUNT(*) AS per_task,
              (SELECT SUM(story_points) FROM tasks WHERE organization_id = 'org_none') AS empty
         FROM tasks WHERE organization_id = ?`,
      [ORG],
    );
    return { rows, totals: totals! };
  }, ({ rows, totals }) => {
    const points = sum(rows.map((r) => r.story_points));
    assertEquals([typeof totals.points, totals.points], ["number", points]);
    assertEquals(typeof totals.mean_priority, "number");
    ok(near(totals.mean_priority, sum(rows.map((r) => r.priority)) / rows.length));
    assertEquals(totals.per_task, Math.trunc(points / rows.length));
    assertEquals(totals.empty, null);
  });
});

Deno.test(`The ${DRIVERS}: SUM and AVG of real columns come back as numbers with their fractions`, async () => {
  await readOnEveryDriver(async (t) => {
    const rows = await t.db.all<{ project_id: string; hours: number }>(
      "SELECT project_id, hours FROM time_logs WHERE organization_id = ? ORDER BY id",
      [ORG],
    );
    const perProject = await t.db.all<{ project_id: string; total: number; mean: number }>(
      `SELECT project_id, SUM(hours) AS total, AVG(hours) AS mean
         FROM time_logs WHERE organization_id = ? GROUP BY project_id ORDER BY project_id`,
      [ORG],
    );
    const budget = await t.db.get<{ total: number }>(
      "SELECT SUM(budget) AS total FROM projects WHERE organization_id = ?",
      [ORG],
    );
    return { rows, perProject, budget: budget!.total };
  }, ({ rows, perProject, budget }) => {
    ok(rows.length > 0);
    assertEquals(typeof budget, "number");
    for (const row of perProject) {
      const hours = rows.filter((r) => r.project_id === row.project_id).map((r) => r.hours);
      assertEquals([typeof row.total, typeof row.mean], ["number", "number"]);
      ok(near(row.total, sum(hours)), `${row.project_id}: ${row.total} ≠ ${sum(hours)}`);
      ok(near(row.mean, sum(hours) / hours.length));
    }
    ok(rows.some((r) => !Number.isInteger(r.hours)), "some hours have fractions");
  });
});

Deno.test(`The ${DRIVERS}: integer 0/1 flags come back as the numbers 0 and 1, and the API answers them as booleans`, async () => {
  await readOnEveryDriver(async (t) => {
    const flags = await t.db.all<{ id: string; is_milestone: number; is_billable: number }>(
      "SELECT id, is_milestone, is_billable FROM tasks WHERE organization_id = ? ORDER BY id",
      [ORG],
    );
    const stored = await t.db.all<{ id: string; read: number }>(
      "SELECT id, read FROM notifications WHERE user_id = 'usr_acme_admin' AND organization_id = ? ORDER BY id",
      [ORG],
    );
    const res = await t.call("POST", "/notifications", {
      token: await t.tokenFor("admin@acme.test"),
      body: {},
    });
    assertEquals(res.status, 200);
    const answered = (await res.json()) as {
      notifications: { id: string; read: boolean }[];
      unread_count: number;
    };
    return {
      flags,
      stored,
      answered: answered.notifications.map((n) => ({ id: n.id, read: n.read }))
        .sort((a, b) => a.id < b.id ? -1 : 1),
      unread: answered.unread_count,
    };
  }, ({ flags, stored, answered, unread }) => {
    for (const row of flags) {
      ok([0, 1].includes(row.is_milestone) && [0, 1].includes(row.is_billable), row.id);
    }
    ok(flags.some((r) => r.is_milestone === 1) && flags.some((r) => r.is_milestone === 0));
    ok(stored.some((r) => r.read === 1) && stored.some((r) => r.read === 0));
    assertEquals(answered, stored.map((r) => ({ id: r.id, read: r.read === 1 })));
    assertEquals(unread, stored.filter((r) => r.read === 0).length);
  });
});

Deno.test(`The ${DRIVERS}: nullable text comes back as a string or null, never undefined`, async () => {
  await readOnEveryDriver(async (t) => {
    const rows = await t.db.all<
      { id: string; completed_at: string | null; started_at: string | null }
    >(
      "SELECT id, completed_at, started_at FROM tasks WHERE organization_id = ? ORDER BY id",
      [ORG],
    );
    const given = await t.db.get<{ missing: string | null; present: string | null }>(
      "SELECT CAST(? AS text) AS missing, COALESCE(CAST(? AS text), 'fallback') AS present",
      [null, null],
    );
    return { rows, given: given! };
  }, ({ rows, given }) => {
    for (const row of rows) {
      for (const value of [row.completed_at, row.started_at]) {
        ok(value === null || typeof value === "string", `${row.id}: ${String(value)}`);
      }
    }
    ok(rows.some((r) => r.completed_at === null) && rows.some((r) => r.completed_at !== null));
    assertEquals({ ...given }, { missing: null, present: "fallback" });
  });
});

Deno.test(`The ${DRIVERS}: ISO dates and date-times come back as the text stored, and compare and aggregate as text`, async () => {
  await readOnEveryDriver(async (t) => {
    const rows = await t.db.all<{ id: string; due_date: string | null; created_at: string }>(
      "SELECT id, due_date, created_at FROM tasks WHERE organization_id = ? ORDER BY id",
      [ORG],
    );
    const range = await t.db.get<{ first: string; last: string; day: string }>(
      `SELECT MIN(due_date) AS first, MAX(due_date) AS last, MAX(substr(created_at, 1, 10)) AS day
         FROM tasks WHERE organization_id = ?`,
      [ORG],
    );
    const midpoint = rows.map((r) => r.due_date).filter((d) => d !== null).sort()[5]!;
    const before = await t.db.get<{ n: number }>(
      "SELECT COUNT(*) AS n FROM tasks WHERE organization_id = ? AND due_date < ?",
      [ORG, midpoint],
    );
    return { rows, range: range!, midpoint, before: before!.n };
  }, ({ rows, range, midpoint, before }) => {
    const dues = rows.map((r) => r.due_date).filter((d): d is string => d !== null).sort();
    for (const due of dues) ok(ISO_DATE.test(due), due);
    for (const row of rows) ok(ISO_DATE_TIME.test(row.created_at), row.created_at);
    assertEquals(range.first, dues[0]);
    assertEquals(range.last, dues.at(-1));
    assertEquals(range.day, rows.map((r) => r.created_at.slice(0, 10)).sort().at(-1));
    assertEquals(before, dues.filter((d) => d < midpoint).length);
  });
});

Deno.test(`The ${DRIVERS}: integer identity ids (task_status_history.id) come back as increasing integer numbers`, async () => {
  await readOnEveryDriver(async (t) => {
    const rows = await t.db.all<{ id: number; task_id: string }>(
      "SELECT id, task_id FROM task_status_history WHERE organization_id = ? ORDER BY id LIMIT 50",
      [ORG],
    );
    const last = await t.db.get<{ id: number }>(
      "SELECT MAX(id) AS id FROM task_status_history",
    );
    const one = await t.db.get<{ id: number }>(
      "SELECT id FROM task_status_history WHERE id = ?",
      [rows[1].id],
    );
    return { ids: rows.map((r) => r.id), last: last!.id, one: one!.id };
  }, ({ ids, last, one }) => {
    ok(ids.length > 1);
    for (const id of ids) ok(Number.isSafeInteger(id) && id > 0, `${typeof id} ${id}`);
    ok(ids.every((id, i) => i === 0 || id > ids[i - 1]));
    assertEquals([typeof last, typeof one], ["number", "number"]);
    assertEquals(one, ids[1]);
    ok(last >= ids.at(-1)!);
  });
});

Deno.test(`The ${DRIVERS}: daysBetween, wholeDaysBetween and addDays give the same numbers and ISO dates as JavaScript`, async () => {
  await readOnEveryDriver(async (t) => {
    const d = t.db.dialect;
    const literal = await t.db.get<
      { days: number; whole: number; leap: string; back: string; from_time: string }
    >(
      `SELECT ${daysBetween(d, "a", "b")} AS days, ${wholeDaysBetween(d, "c", "e")} AS whole,
              ${addDays(d, "f", 1)} AS leap, ${addDays(d, "e", -60)} AS back,
              ${addDays(d, "g", 1)} AS from_time
         FROM (SELECT CAST(? AS text) AS a, CAST(? AS text) AS b, CAST(? AS text) AS c,
                      CAST(? AS text) AS e, CAST(? AS text) AS f, CAST(? AS text) AS g) AS given`,
      [
        "2024-01-01T00:00:00.000Z",
        "2024-01-03T12:00:00.000Z",
        "2024-02-27",
        "2024-03-01",
        "2024-02-28",
        "2024-12-31T23:30:00.000Z",
      ],
    );
    const rows = await t.db.all<
      {
        id: string;
        start_date: string;
        end_date: string;
        span: number;
        after: string;
        hours: number;
      }
    >(
      `SELECT id, start_date, end_date, ${wholeDaysBetween(d, "start_date", "end_date")} AS span,
              ${addDays(d, "end_date", 7)} AS after,
              ${daysBetween(d, "start_date", "end_date")} * 24 AS hours
         FROM projects WHERE organization_id = ? ORDER BY id`,
      [ORG],
    );
    return { literal: literal!, rows };
  }, ({ literal, rows }) => {
    assertEquals({ ...literal }, {
      days: 2.5,
      whole: 3,
      leap: "2024-02-29",
      back: "2024-01-01",
      from_time: "2025-01-01",
    });
    ok(rows.length > 0);
    for (const row of rows) {
      const span = (Date.parse(row.end_date) - Date.parse(row.start_date)) / 86_400_000;
      assertEquals([row.span, row.after], [span, isoDatePlus(row.end_date, 7)]);
      ok(near(row.hours, span * 24), `${row.id}: ${row.hours}`);
    }
  });
});

const SEARCH_TITLES: Record<string, string> = {
  a: "Café Müller rollout",
  b: "CAFÉ MÜLLER audit",
  c: "Raise coverage to 100% of modules",
  d: "Raise coverage to 1000 modules",
  e: "Rename snake_case fields",
  f: "Rename snakecase fields",
  g: "Back\\slash paths",
};

Deno.test(`The ${DRIVERS}: containsMatch finds text in any ASCII case, non-ASCII letters in lower case, and %, _ and \\ literally`, async () => {
  await readOnEveryDriver(async (t) => {
    const tasks = await t.db.all<{ id: string }>(
      "SELECT id FROM tasks WHERE organization_id = ? ORDER BY id LIMIT ?",
      [ORG, Object.keys(SEARCH_TITLES).length],
    );
    const keyOf = new Map<string, string>();
    for (const [i, key] of Object.keys(SEARCH_TITLES).entries()) {
      keyOf.set(tasks[i].id, key);
      await t.db.run("UPDATE tasks SET title = ? WHERE id = ?", [SEARCH_TITLES[key], tasks[i].id]);
    }
    const found: Record<string, string[]> = {};
    for (
      const typed of [
        "café",
        "CAFÉ",
        "müller",
        "MÜLLER",
        "caf",
        "100%",
        "0%",
        "_case",
        "k\\s",
        "e_c",
      ]
    ) {
      const rows = await t.db.all<{ id: string }>(
        `SELECT id FROM tasks WHERE organization_id = ? AND ${containsMatch("title")} ORDER BY id`,
        [ORG, containsPattern(typed)],
      );
      found[typed] = rows.map((r) => keyOf.get(r.id) ?? "other").sort();
    }
    return found;
  }, (found) => {
    // Typed non-ASCII capitals are only compared between the drivers: SQL lower() keeps a
    // stored "É" as it is while containsPattern folds what was typed, so "CAFÉ" finds only
    // "Café", not "CAFÉ" (the same on both).
    const { "CAFÉ": _cafe, "MÜLLER": _muller, ...asserted } = found;
    assertEquals(asserted, {
      "café": ["a"],
      "müller": ["a"],
      caf: ["a", "b"],
      "100%": ["c"],
      "0%": ["c"],
      _case: ["e"],
      "k\\s": ["g"],
      e_c: ["e"],
    });
  });
});
