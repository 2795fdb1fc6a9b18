/**
 * The canary crawl's sentinels: unique values written, through the API as the
 * administrator, where a caller may not always look. They are found from the
 * declarations alone, so a record type declared later gets its own:
 * - every level-1 field of every type, child tables' too, holds a unique number
 *   (or text) on a record of that type;
 * - every type with an own-record rule has records of someone else (no demo
 *   account's) whose free-text fields hold a unique text;
 * - every type attached to another (a document) gets a record attached to such a
 *   record of someone else, with unique text of its own.
 * Writes go through the record API, so the audit log, histories, live events and
 * module copies of records (a project's versions, taken before and after) hold
 * the sentinels as they would hold real values.
 */
import type { TestApp } from "../../../server/testing/test-app.ts";
import { recordTypes } from "../../../server/records/catalogue.ts";
import type { RecordField, RecordType } from "../../../server/records/define.ts";

/** A value that must reach only callers whose GET of its record shows it. */
export interface Sentinel {
  value: string;
  /** The same value as a report may print it (numbers grouped: 7,301,111.37). */
  shown: readonly string[];
  type: string;
  id: string;
  field: string;
}

/** What the crawl fills its calls with besides the sentinels. */
export interface Canaries {
  sentinels: Sentinel[];
  /** Record ids to fill path and body parameters with, by type: sentinel records and what they link to. */
  ids: Map<string, string[]>;
  /** Values of other named parameters (a version comparison's from and to). */
  values: Map<string, string[]>;
}

type Values = Record<string, unknown>;

const NUMERIC = new Set(["int", "float", "currency", "percent"]);
const FREE_TEXT = new Set(["data", "long_text"]);

/** Changes a field cannot take from a caller. */
function writable(field: RecordField): boolean {
  return !field.read_only && !field.computed && !field.fetch_from && !field.hidden;
}

/**
 * Module calls that keep their own copy of a record of a type (a project's
 * versions): each runs before and after the sentinels are written to a record of
 * the type and answers the copy's number, so the crawl compares the two copies
 * (`from` and `to`).
 */
const COPIES: Record<string, (t: TestApp, token: string, id: string) => Promise<string>> = {
  async project(t, token, id) {
    const res = await t.call("POST", `/enterprise-projects/${id}/versions`, {
      token,
      body: { change_summary: "Canary copy" },
    });
    return String(((await json(res, `version of ${id}`)).version as Values).version_number);
  },
};

async function json(res: Response, what: string): Promise<Values> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Writes the sentinels; `skip` names records that may not carry them (the portal shows them by design). */
export async function seedCanaries(
  t: TestApp,
  options: {
    admin: string;
    /** The demo accounts of the organisation with their roles. */
    accounts: readonly { id: string; role: string }[];
    skip: ReadonlySet<string>;
  },
): Promise<Canaries> {
  const canaries: Canaries = { sentinels: [], ids: new Map(), values: new Map() };
  let serial = 0;
  const nextNumber = () => 7_300_000 + ++serial * 1_111 + 0.37;
  const nextText = (type: string, field: string) => `CANARY-${type}-${field}-${++serial}`;
  const keep = (type: string, id: string, field: string, value: number | string) => {
    const text = String(value);
    const shown = typeof value === "number"
      ? [text, value.toLocaleString("en-US", { maximumFractionDigits: 2 })]
      : [text];
    canaries.sentinels.push({ value: text, shown, type, id, field });
  };
  const remember = (type: string, id: string) => {
    const list = canaries.ids.get(type) ?? [];
    if (!list.includes(id)) list.push(id);
    canaries.ids.set(type, list);
  };
  const list = async (type: RecordType) =>
    (await json(
      await t.call("POST", `/api/records/${type.id}/list`, {
        token: options.admin,
        body: { limit: 200 },
      }),
      `list ${type.id}`,
    )).items as Values[];
  const get = async (type: RecordType, id: string) =>
    (await json(
      await t.call("GET", `/api/records/${type.id}/${id}`, { token: options.admin }),
      `get ${type.id} ${id}`,
    )).record as Values;
  const patch = (type: RecordType, record: Values, values: Values) =>
    t.call("PATCH", `/api/records/${type.id}/${record.id}`, {
      token: options.admin,
      body: { version: record.version, values },
    });
  /** Links of a written record, so calls about what it belongs to (its project) are made too. */
  const rememberLinks = (type: RecordType, record: Values) => {
    remember(type.id, String(record.id));
    for (const field of type.fields) {
      const rows = field.type === "table" && Array.isArray(record[field.id])
        ? record[field.id] as Values[]
        : [record];
      for (const f of field.type === "table" ? field.childFields ?? [] : [field]) {
        if (f.type !== "link" || !f.link || f.link === "user") continue;
        for (const row of rows) {
          if (typeof row[f.id] === "string") remember(f.link, row[f.id] as string);
        }
      }
    }
  };

  // Level-1 fields.
  for (const type of recordTypes()) {
    const own = type.fields.filter((f) => f.level === 1 && writable(f) && f.type !== "table");
    const tables = type.fields.filter((f) =>
      f.type === "table" && (f.childFields ?? []).some((c) => c.level === 1 && writable(c))
    );
    if (own.length === 0 && tables.length === 0) continue;
    // One record of an account the own-record rule confines (they read it, but not its
    // level-1 fields), and one of anyone.
    const rule = type.declaration.own_records;
    const confined = options.accounts.filter((a) => rule?.roles.includes(a.role)).map((a) => a.id);
    const items = await list(type);
    const owned = items.filter((item) =>
      rule?.fields.some((f) => confined.includes(String(item[f])))
    );
    let done = 0;
    for (const item of [...owned, ...items.filter((i) => !owned.includes(i))]) {
      if (done === (owned.length > 0 ? 2 : 1)) break;
      if (done === 1 && owned.includes(item)) continue;
      const record = await get(type, String(item.id));
      if (
        tables.some((f) => !Array.isArray(record[f.id]) || (record[f.id] as Values[]).length === 0)
      ) {
        continue;
      }
      const values: Values = {};
      const written: [string, number | string][] = [];
      for (const field of own) {
        const value = NUMERIC.has(field.type) ? nextNumber() : nextText(type.id, field.id);
        values[field.id] = value;
        written.push([field.id, value]);
      }
      for (const table of tables) {
        values[table.id] = (record[table.id] as Values[]).map((row) => {
          const next: Values = {};
          for (const child of table.childFields ?? []) {
            if (!writable(child) || !(child.id in row)) continue;
            next[child.id] = row[child.id];
            if (child.level === 1) {
              const value = NUMERIC.has(child.type) ? nextNumber() : nextText(type.id, child.id);
              next[child.id] = value;
              written.push([`${table.id}.${child.id}`, value]);
            } else if (NUMERIC.has(child.type) && child.max !== undefined) {
              // Other numbers of the row sit above the sentinels within their bounds, so rules
              // comparing them (a sanctioned amount at most the amount claimed) hold.
              next[child.id] = Math.min(child.max, 9_000_000);
            }
          }
          if (typeof row.id === "string") next.id = row.id;
          return next;
        });
      }
      const copy = COPIES[type.id];
      const before = copy ? await copy(t, options.admin, String(record.id)) : undefined;
      const res = await patch(type, record, values);
      if (!res.ok) {
        await res.body?.cancel();
        continue;
      }
      await res.body?.cancel();
      if (copy && before) {
        canaries.values.set("from", [before]);
        canaries.values.set("to", [await copy(t, options.admin, String(record.id))]);
      }
      for (const [field, value] of written) keep(type.id, String(record.id), field, value);
      rememberLinks(type, record);
      done++;
    }
  }

  // Records of someone else, under an own-record rule.
  const others = new Map<string, Values>();
  for (const type of recordTypes()) {
    const rule = type.declaration.own_records;
    if (!rule) continue;
    const texts = type.fields.filter((f) => FREE_TEXT.has(f.type) && writable(f) && !f.unique);
    // One record from each part of the list (its start, middle and end), so open and
    // closed, old and new ones are among them.
    const items = await list(type);
    const parts = [0, 1, 2].map((n) => items.slice(Math.floor((items.length * n) / 3)));
    const written = new Set<string>();
    for (const part of parts) {
      for (const item of part) {
        const id = String(item.id);
        if (written.has(id) || options.skip.has(id)) continue;
        const record = await get(type, id);
        // Nobody the rule confines may own it: then every confined account must be refused it.
        const confined = options.accounts.filter((a) => rule.roles.includes(a.role)).map((a) =>
          a.id
        );
        if (rule.fields.some((f) => confined.includes(String(record[f])))) continue;
        let values: Values = {};
        for (const field of texts) values[field.id] = nextText(type.id, field.id);
        let res = await patch(type, record, values);
        await res.body?.cancel();
        if (!res.ok && texts.length > 1) {
          // A text the type's rules check (an alert's measure names one of its report's
          // figures): the first text alone, its title, carries the sentinel.
          values = { [texts[0].id]: nextText(type.id, texts[0].id) };
          res = await patch(type, record, values);
          await res.body?.cancel();
        }
        if (!res.ok) continue;
        for (const [field, value] of Object.entries(values)) {
          keep(type.id, id, field, value as string);
        }
        rememberLinks(type, record);
        if (!others.has(type.id)) others.set(type.id, record);
        written.add(id);
        break;
      }
    }
  }

  // Records attached to someone else's.
  for (const type of recordTypes()) {
    const attached = type.declaration.attached_to;
    if (!attached) continue;
    for (const [targetType, target] of others) {
      const values: Values = {
        [attached.type_field]: targetType,
        [attached.id_field]: target.id,
      };
      for (const field of type.fields) {
        if (
          !writable(field) || field.id === attached.type_field || field.id === attached.id_field
        ) {
          continue;
        }
        if (FREE_TEXT.has(field.type)) values[field.id] = nextText(type.id, field.id);
        if (field.type === "attach" && field.required) {
          values[field.id] = await upload(t, options.admin, type.id);
        }
        // A required time (a reminder's) is one still to come.
        if (field.type === "datetime" && field.required) {
          values[field.id] = new Date(t.clock.now + 24 * 60 * 60 * 1000).toISOString();
        }
      }
      const created = (await json(
        await t.call("POST", `/api/records/${type.id}`, { token: options.admin, body: { values } }),
        `create ${type.id}`,
      )).record as Values;
      for (const [field, value] of Object.entries(values)) {
        if (typeof value === "string" && value.startsWith("CANARY-")) {
          keep(type.id, String(created.id), field, value);
        }
      }
      remember(type.id, String(created.id));
    }
  }
  return canaries;
}

/** Uploads a small file for a type's attach field; answers its id. */
async function upload(t: TestApp, token: string, typeId: string): Promise<string> {
  const form = new FormData();
  form.append("file", new File(["canary"], "canary.txt", { type: "text/plain" }));
  const res = await t.fetch(
    new Request(`http://localhost/api/records/${typeId}/files`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    }),
  );
  return String((await json(res, `upload for ${typeId}`) as { file: { id: string } }).file.id);
}
