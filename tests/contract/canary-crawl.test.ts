/**
 * The canary crawl: whatever shows record data shows only what the record's own
 * GET shows the caller. Unique sentinel values are written into every level-1
 * field (child tables' too), into records of someone else under an own-record
 * rule, and into records attached to those (canary/seed-canaries.ts). Then every
 * read operation of the OpenAPI document — every GET and every POST marked
 * `x-reads` (canary/read-calls.ts) — is called as every demo account, and a
 * sentinel in an answer fails the test unless that account's
 * `GET /api/records/{type}/{id}` of the sentinel's record shows it too (and, for
 * a record attached to another, that one's GET answers). The failure names the
 * account, the operation and the sentinel's record and field; an answer 5xx
 * fails it too.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../server/testing/test-app.ts";
import { type DemoPerson, PEOPLE } from "../../server/db/seed/demo-people.ts";
import { recordTypes } from "../../server/records/catalogue.ts";
import { pdfText } from "../../server/testing/pdf-text.ts";
import { seedCanaries, type Sentinel } from "./canary/seed-canaries.ts";
import { type Fill, type ReadCall, readCalls } from "./canary/read-calls.ts";

const ACCOUNTS = PEOPLE.filter((p) => p.login);

type OpenApi = Parameters<typeof readCalls>[0];

interface Answer {
  call: ReadCall;
  status: number;
  text: string;
}

/** The answer's text: a PDF's drawn strings, a stream's nothing, anything else as UTF-8. */
async function textOf(res: Response): Promise<string> {
  const type = res.headers.get("content-type") ?? "";
  if (type.startsWith("text/event-stream")) {
    await res.body?.cancel();
    return "";
  }
  if (type.startsWith("application/pdf")) {
    return pdfText(new Uint8Array(await res.arrayBuffer())).join("\n");
  }
  return await res.text();
}

async function crawl(t: TestApp, token: string, calls: readonly ReadCall[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const call of calls) {
    const res = await t.call(call.method, call.url, { token, body: call.body });
    answers.push({ call, status: res.status, text: await textOf(res) });
  }
  return answers;
}

/**
 * Records the client portal shows by design (its client's milestones are tasks):
 * they may carry no sentinel, since the portal's rule is not the staff GET's. Its
 * calls are crawled once bare and once with every id the first answers named.
 */
async function shownToPortal(t: TestApp, token: string, document: OpenApi, today: string) {
  const bare: Fill = { types: recordTypes(), ids: new Map(), values: new Map(), today };
  const first = await crawl(t, token, readCalls(document, bare));
  const ids = new Set<string>();
  for (const answer of first) {
    for (const m of answer.text.matchAll(/"(?:id|[a-z_]+_id)":"([A-Za-z0-9_.-]{3,64})"/g)) {
      ids.add(m[1]);
    }
  }
  const named: Fill = { ...bare, ids: new Map(recordTypes().map((type) => [type.id, [...ids]])) };
  const texts = [...first, ...await crawl(t, token, readCalls(document, named))]
    .map((a) => a.text).join("\n");
  const shown = new Set<string>();
  for (const type of recordTypes().filter((ty) => ty.declaration.own_records)) {
    const columns = type.fields.filter((f) => f.type === "data" || f.type === "long_text")
      .map((f) => `, ${f.column}`).join("");
    for (
      const row of await t.db.all<Record<string, unknown>>(
        `SELECT id, name${columns} FROM ${type.table}`,
      )
    ) {
      const values = Object.values(row).filter((v) => typeof v === "string" && v.length >= 6);
      if (values.some((v) => texts.includes(v as string))) shown.add(String(row.id));
    }
  }
  return shown;
}

/** The sentinels the account's own GET of their records shows it. */
async function allowedTo(t: TestApp, token: string, sentinels: readonly Sentinel[]) {
  const allowed = new Set<Sentinel>();
  const byRecord = Map.groupBy(sentinels, (s) => `${s.type}/${s.id}`);
  const read = async (path: string) => {
    const res = await t.call("GET", `/api/records/${path}`, { token });
    return res.ok ? await res.json() as { record: Record<string, unknown> } : undefined;
  };
  for (const [path, ofRecord] of byRecord) {
    const answer = await read(path);
    if (!answer) continue;
    // A record attached to another (a document) is readable only with that one.
    const attached = recordTypes().find((type) => type.id === ofRecord[0].type)!.declaration
      .attached_to;
    const target = attached && answer.record[attached.type_field];
    if (target && !(await read(`${target}/${answer.record[attached.id_field]}`))) continue;
    const text = JSON.stringify(answer);
    for (const s of ofRecord) if (text.includes(s.value)) allowed.add(s);
  }
  return allowed;
}

function acmeRoles(people: readonly DemoPerson[]) {
  return people.flatMap((p) =>
    p.memberships.filter((m) => m.org === "acme").map((m) => ({ id: p.id, role: m.role }))
  );
}

Deno.test("canary crawl: no read operation shows any account a value its record's GET hides from it", async () => {
  const t = await createTestApp();
  try {
    const today = new Date(t.clock.now).toISOString().slice(0, 10);
    const document = await (await t.call("GET", "/api/openapi.json")).json() as OpenApi;
    const tokens = new Map<string, string>();
    for (const account of ACCOUNTS) tokens.set(account.email, await t.tokenFor(account.email));
    const portal = ACCOUNTS.find((a) => a.clientId)!;

    const canaries = await seedCanaries(t, {
      admin: tokens.get("admin@acme.test")!,
      accounts: acmeRoles(ACCOUNTS),
      skip: await shownToPortal(t, tokens.get(portal.email)!, document, today),
    });
    const seeded = new Set(canaries.sentinels.map((s) => s.type));
    for (const type of recordTypes()) {
      const levelled = type.fields.some((f) =>
        f.level === 1 || (f.childFields ?? []).some((c) => c.level === 1)
      );
      if (levelled || type.declaration.own_records || type.declaration.attached_to) {
        assertEquals(seeded.has(type.id), true, `no sentinel in ${type.id}`);
      }
    }

    const leaks: string[] = [];
    const failures: string[] = [];
    for (const account of ACCOUNTS) {
      const token = tokens.get(account.email)!;
      const allowed = await allowedTo(t, token, canaries.sentinels);
      const calls = readCalls(document, {
        types: recordTypes(),
        ids: canaries.ids,
        values: new Map([
          ...canaries.values,
          ["organization_id", [`org_${account.memberships.find((m) => m.current)!.org}`]],
          ["user_id", [account.id]],
        ]),
        today,
      });
      for (const answer of await crawl(t, token, calls)) {
        const where = `${account.email}: ${answer.call.operation} (${answer.call.url})`;
        if (answer.status >= 500) failures.push(`${where} answered ${answer.status}`);
        for (const s of canaries.sentinels) {
          if (allowed.has(s) || !s.shown.some((v) => answer.text.includes(v))) continue;
          leaks.push(`${where} shows ${s.type}.${s.field} of ${s.id}`);
        }
      }
    }
    assertEquals([...new Set(leaks)], [], `${leaks.length} leaks`);
    assertEquals(failures, []);
  } finally {
    await t.close();
  }
});
