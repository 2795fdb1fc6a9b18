/**
 * CSV import and export of records through the HTTP API, on the test-only types
 * (server/testing/sample-record-types.ts): `sample_contact` (named by its full
 * name, linking to a job) and `sample_job` (every field type, a level-1 field).
 * Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { deepStrictEqual as assertEquals, ok as assert } from "node:assert/strict";
import { createEngineTestApp, grant } from "../testing/engine-app.ts";
import type { TestApp } from "../../testing/test-app.ts";
import { parseCsv } from "../csv/mod.ts";
import { importCsv } from "../testing/import-upload.ts";

const ADMIN = "admin@acme.test";
const PM = "pm@acme.test";

/** Grants a role of every organisation `<module>.<action>` for each action. */
async function withApp(fn: (app: TestApp) => Promise<void>) {
  const app = await createEngineTestApp();
  try {
    await grant(app, "firm_admin", "time-tracking", ["import", "export"]);
    await grant(app, "firm_admin", "milestones", ["import", "export"]);
    await fn(app);
  } finally {
    await app.close();
  }
}

async function listed(app: TestApp, token: string, type: string, sortField = "name") {
  const response = await app.call("POST", `/api/records/${type}/list`, {
    token,
    body: { limit: 500, sort: [{ field: sortField, dir: "asc" }] },
  });
  return (await response.json()).items as Record<string, unknown>[];
}

async function exported(app: TestApp, token: string, path: string) {
  const response = await app.call("GET", path, { token });
  const text = await response.text();
  return { response, text, rows: response.ok ? parseCsv(text).map((r) => r.cells) : [] };
}

const CONTACTS = "Name,Email\r\nAda Lovelace,ada@example.com\r\nBad Row,not-an-email\r\n" +
  '"Grace ""Amazing"" Hopper",grace@example.com\r\n';

Deno.test("POST /api/records/{type}/import with one bad row stores nothing and reports the row's line and field", async () => {
  await withApp(async (app) => {
    const admin = await app.tokenFor(ADMIN);
    const { status, body } = await importCsv(app, admin, "sample_contact", CONTACTS);
    assertEquals(status, 200);
    assertEquals(body, {
      dry_run: false,
      created: 0,
      updated: 0,
      failed: [{
        line: 3,
        field: "email",
        column: "Email",
        message: "Email must be an email address",
      }],
      header: ["Name", "Email"],
      failed_rows: [{ line: 3, cells: ["Bad Row", "not-an-email"] }],
    });
    assertEquals(await listed(app, admin, "sample_contact"), []);
  });
});

Deno.test("A dry run stores nothing and counts what would be stored; partial mode stores the good rows, audited as import", async () => {
  await withApp(async (app) => {
    const admin = await app.tokenFor(ADMIN);
    const dry = await importCsv(app, admin, "sample_contact", CONTACTS, { dry_run: "true" });
    assertEquals([dry.body.dry_run, dry.body.created, dry.body.failed.length], [true, 2, 1]);
    assertEquals(await listed(app, admin, "sample_contact"), []);

    const partial = await importCsv(app, admin, "sample_contact", CONTACTS, { mode: "partial" });
    assertEquals([partial.body.created, partial.body.failed[0].line], [2, 3]);
    const stored = await listed(app, admin, "sample_contact");
    assertEquals(stored.map((r) => [r.name, r.email]), [
      ["Ada Lovelace", "ada@example.com"],
      ['Grace "Amazing" Hopper', "grace@example.com"],
    ]);
    const audit = await app.db.all<{ action: string; resource_id: string; after_value: string }>(
      "SELECT action, resource_id, after_value FROM audit_logs WHERE resource_type = ? ORDER BY after_value",
      ["sample_contact"],
    );
    assertEquals(audit.map((a) => [a.action, JSON.parse(a.after_value).email]), [
      ["import", "ada@example.com"],
      ["import", "grace@example.com"],
    ]);
    assertEquals(new Set(audit.map((a) => a.resource_id)), new Set(stored.map((r) => r.id)));
    for (const { id } of stored) {
      assert(/^sample_[0-9a-hjkmnp-tv-z]{20}$/.test(String(id)), String(id));
    }
  });
});

Deno.test("Import reads labels, options by label, links by title, flags and dates, and reports each bad value", async () => {
  await withApp(async (app) => {
    const admin = await app.tokenFor(ADMIN);
    await importCsv(app, admin, "sample_contact", "full_name\nAcme Desk\nTwin\nTwin\n");
    const csv = "Title,Kind,Contact,Billable,Due,Visits,Margin\n" +
      'Boiler,repair,acme desk,no,2026-05-01,"1,2",10\n' +
      "Roof,Install,Nobody,yes,2026-05-02,3,\n" +
      "Door,Paint,Twin,maybe,01/05/2026,x,\n" +
      "Sink,Repair,,1,,200,\n";
    const bad = await importCsv(app, admin, "sample_job", csv);
    assertEquals(bad.body.failed, [
      { line: 2, field: "visits", column: "Visits", message: 'Visits: "1,2" is not a number' },
      {
        line: 3,
        field: "contact",
        column: "Contact",
        message: 'Contact: Nothing matches "Nobody" by title or ID',
      },
      {
        line: 4,
        field: "kind",
        column: "Kind",
        message: 'Kind: "Paint" is not one of the options (Repair, Install)',
      },
      {
        line: 4,
        field: "contact",
        column: "Contact",
        message: 'Contact: 2 records are titled "Twin"; write the ID',
      },
      {
        line: 4,
        field: "billable",
        column: "Billable",
        message: 'Billable: "maybe" is not yes or no (write yes/no, true/false or 1/0)',
      },
      {
        line: 4,
        field: "due_date",
        column: "Due",
        message: 'Due: "01/05/2026" is not a date written as YYYY-MM-DD (such as 2026-03-14)',
      },
      { line: 4, field: "visits", column: "Visits", message: 'Visits: "x" is not a number' },
      { line: 5, field: "visits", column: "Visits", message: "Visits must be at most 99" },
    ]);
    assertEquals(
      bad.body.failed_rows?.map((r) => r.line),
      [2, 3, 4, 5],
      "each failed row once, in file order",
    );
    const good = await importCsv(
      app,
      admin,
      "sample_job",
      'Title,Kind,Contact,Billable,Due,Visits\nBoiler,repair,acme desk,no,2026-05-01,"1,2"\n'
        .replace('"1,2"', "12"),
    );
    assertEquals([good.body.created, good.body.failed], [1, []]);
    const [job] = await listed(app, admin, "sample_job");
    assertEquals(
      [job.title, job.kind, job.contact__title, job.billable, job.due_date, job.visits],
      ["Boiler", "repair", "Acme Desk", false, "2026-05-01", 12],
    );
    assert(/^JOB-\d{4}-\d{5}$/.test(String(job.name)), String(job.name));
  });
});

Deno.test("A row with an ID updates that record; an unknown ID or column is reported", async () => {
  await withApp(async (app) => {
    const admin = await app.tokenFor(ADMIN);
    await importCsv(app, admin, "sample_contact", "full_name,email\nAda,ada@example.com\n");
    const [ada] = await listed(app, admin, "sample_contact");
    const update = await importCsv(
      app,
      admin,
      "sample_contact",
      `ID,Name,Email\n${ada.id},Ada King,ada@king.example\n,New One,new@example.com\n`,
    );
    assertEquals([update.body.created, update.body.updated, update.body.failed], [1, 1, []]);
    const after = await listed(app, admin, "sample_contact");
    assertEquals(after.map((r) => [r.name, r.email, r.version]), [
      ["Ada King", "ada@king.example", 2],
      ["New One", "new@example.com", 1],
    ]);
    const unknown = await importCsv(
      app,
      admin,
      "sample_contact",
      "ID,Name,Shoe size\nnope,X,42\n",
    );
    assertEquals(unknown.body.failed, [{
      line: 1,
      field: null,
      column: "Shoe size",
      message: 'Unknown column "Shoe size": it is neither a field id nor a field label of Contact',
    }]);
    const missing = await importCsv(app, admin, "sample_contact", "ID,Name\nnope,X\n");
    assertEquals(missing.body.failed, [{
      line: 2,
      field: "id",
      column: "ID",
      message: "No contact has this ID",
    }]);
  });
});

Deno.test("Import and export are refused with 403 naming <module>.import and <module>.export", async () => {
  const app = await createEngineTestApp();
  try {
    const admin = await app.tokenFor(ADMIN);
    const refused = await importCsv(app, admin, "sample_job", "Title\nX\n");
    assertEquals([refused.status, refused.body.error?.message], [
      403,
      "Missing permission milestones.import",
    ]);
    const { response, text } = await exported(app, admin, "/api/records/sample_job/export");
    assertEquals([response.status, JSON.parse(text).error.message], [
      403,
      "Missing permission milestones.export",
    ]);
  } finally {
    await app.close();
  }
});

Deno.test("GET /api/records/{type}/export streams the filtered list with labels as headings, page after page", async () => {
  await withApp(async (app) => {
    const admin = await app.tokenFor(ADMIN);
    const lines = ["Name,Email"];
    for (let i = 0; i < 1_205; i++) {
      lines.push(`Person ${String(i).padStart(4, "0")},p${i}@x.example`);
    }
    lines.push("=HYPERLINK(1),formula@x.example");
    assertEquals(
      (await importCsv(app, admin, "sample_contact", lines.join("\n"))).body.created,
      1_206,
    );
    const { response, rows } = await exported(
      app,
      admin,
      "/api/records/sample_contact/export?format=csv&sort=" +
        encodeURIComponent(JSON.stringify([{ field: "full_name", dir: "asc" }])),
    );
    assertEquals(response.headers.get("content-type"), "text/csv; charset=utf-8");
    assert(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/.test(
        response.headers.get("content-disposition")!,
      ),
    );
    assertEquals(rows[0], ["ID", "Name", "Email", "Job"]);
    assertEquals(rows.length, 1_207);
    assertEquals(rows[1].slice(1), ["'=HYPERLINK(1)", "formula@x.example", ""]);
    assertEquals(rows[2].slice(1, 3), ["Person 0000", "p0@x.example"]);
    assertEquals(rows[1_206].slice(1, 3), ["Person 1204", "p1204@x.example"]);

    const filtered = await exported(
      app,
      admin,
      "/api/records/sample_contact/export?filters=" +
        encodeURIComponent(JSON.stringify([{ field: "email", op: "eq", value: "p7@x.example" }])),
    );
    assertEquals(filtered.rows.slice(1).map((r) => r[1]), ["Person 0007"]);
    const bad = await exported(app, admin, "/api/records/sample_contact/export?filters=[oops");
    assertEquals([bad.response.status, JSON.parse(bad.text).error.details.fields], [400, {
      filters: "Must be JSON",
    }]);
  });
});

Deno.test("An export leaves out level-1 fields for a role without level 1, and imports back", async () => {
  await withApp(async (app) => {
    await grant(app, "project_manager", "milestones", ["read", "export"]);
    const admin = await app.tokenFor(ADMIN);
    await importCsv(app, admin, "sample_job", "Title,Margin,Kind\nBoiler,12.5,Repair\n");
    const full = await exported(app, admin, "/api/records/sample_job/export");
    assert(full.rows[0].includes("Margin"), full.rows[0].join());
    assertEquals(full.rows[1][full.rows[0].indexOf("Margin")], "12.5");
    assertEquals(full.rows[1][full.rows[0].indexOf("Kind")], "Repair");
    assertEquals(full.rows[1][full.rows[0].indexOf("Status")], "Open");

    const pm = await app.tokenFor(PM);
    // The type's default sort is its level-1 margin, which the list refuses to this role.
    const byTitle = encodeURIComponent(JSON.stringify([{ field: "title", dir: "asc" }]));
    const limited = await exported(app, pm, `/api/records/sample_job/export?sort=${byTitle}`);
    assertEquals(limited.response.status, 200, limited.text);
    assertEquals(limited.rows[0].includes("Margin"), false);
    assertEquals(limited.rows[0].length, full.rows[0].length - 1);

    const back = await importCsv(app, admin, "sample_job", full.text);
    assertEquals([back.body.updated, back.body.failed], [1, []], JSON.stringify(back.body));
  });
});

Deno.test("An import file may be larger than the 1 MiB other calls take", async () => {
  await withApp(async (app) => {
    const admin = await app.tokenFor(ADMIN);
    const lines = ["Name,Email"];
    for (let i = 0; i < 15_000; i++) {
      lines.push(`Person number ${i} of the big import file,person.${i}@big-import.example`);
    }
    const csv = lines.join("\r\n");
    assert(csv.length > 1024 * 1024, `${csv.length} bytes`);
    const { status, body } = await importCsv(app, admin, "sample_contact", csv, { dry_run: "1" });
    assertEquals([status, body.created, body.failed], [200, 15_000, []]);
  });
});

Deno.test("An export sorted by a field that may be empty walks every page once", async () => {
  await withApp(async (app) => {
    const admin = await app.tokenFor(ADMIN);
    const lines = ["Title,Due"];
    for (let i = 0; i < 620; i++) {
      lines.push(
        `Job ${i},${i % 3 === 0 ? "" : `2026-01-${String(1 + (i % 28)).padStart(2, "0")}`}`,
      );
    }
    assertEquals((await importCsv(app, admin, "sample_job", lines.join("\n"))).body.created, 620);
    const sort = encodeURIComponent(JSON.stringify([{ field: "due_date", dir: "asc" }]));
    const { rows } = await exported(app, admin, `/api/records/sample_job/export?sort=${sort}`);
    const due = rows[0].indexOf("Due");
    const titles = rows.slice(1).map((r) => r[rows[0].indexOf("Title")]);
    assertEquals(new Set(titles).size, 620);
    const dates = rows.slice(1).map((r) => r[due]);
    // Dated rows in order, then the 207 without a date.
    assertEquals(dates.slice(0, 413), dates.slice(0, 413).sort());
    assertEquals(dates.slice(0, 413).includes(""), false);
    assertEquals(dates.slice(413), Array(207).fill(""));
  });
});

Deno.test("Leads import with their name, source and stage by label and owner by email, and export back", async () => {
  await withApp(async (app) => {
    await grant(app, "firm_admin", "leads", ["read", "create", "update", "import", "export"]);
    const admin = await app.tokenFor(ADMIN);
    const meta = await (await app.call("GET", "/api/records/lead/meta", { token: admin })).json();
    const source = meta.options.source[0];
    const csv = "Name,Email,Source,Stage,Estimated value,Owner\n" +
      `Imported One,one@lead.example,${source.label},Proposal sent,"1,500.25",pm@acme.test\n` +
      `Imported Two,two@lead.example,${source.value},new,0,\n` +
      `,three@lead.example,${source.value},new,0,\n`;
    const bad = await importCsv(app, admin, "lead", csv);
    assertEquals(bad.body.failed, [{
      line: 4,
      field: "name",
      column: "Name",
      message: "Name is required",
    }]);
    const good = await importCsv(app, admin, "lead", csv.split("\n").slice(0, 3).join("\n"));
    assertEquals([good.body.created, good.body.failed], [2, []]);
    const search = (q: string) =>
      app.call("POST", "/api/records/lead/list", { token: admin, body: { search: q } });
    const [one] = (await (await search("Imported One")).json()).items;
    const pm = await app.db.get<{ id: string }>("SELECT id FROM users WHERE email = ?", [PM]);
    assertEquals(
      [one.name, one.source, one.stage, one.estimated_value, one.owner],
      ["Imported One", source.value, "proposal", 1500.25, pm!.id],
    );
    const { rows } = await exported(
      app,
      admin,
      "/api/records/lead/export?search=Imported",
    );
    assertEquals(rows[0].slice(0, 3), ["ID", "Contact name", "Company"]);
    assertEquals(rows.slice(1).map((r) => r[1]).sort(), ["Imported One", "Imported Two"]);
    const renamed = rows.map((r, i) => i === 1 ? [r[0], `${r[1]} Ltd`, ...r.slice(2)] : r);
    const back = await importCsv(
      app,
      admin,
      "lead",
      renamed.map((r) => r.map((c) => `"${c.replaceAll('"', '""')}"`).join(",")).join("\n"),
    );
    assertEquals([back.body.updated, back.body.failed], [2, []], JSON.stringify(back.body));
    const names = (await (await search("Imported")).json()).items.map((r: { name: string }) =>
      r.name
    );
    assert(names.some((n: string) => n.endsWith(" Ltd")), names.join());
  });
});

Deno.test("A file that is not readable CSV, or lacks a required column, stores nothing even in partial mode", async () => {
  await withApp(async (app) => {
    const admin = await app.tokenFor(ADMIN);
    const unclosed = await importCsv(
      app,
      admin,
      "sample_contact",
      'Name,Email\nAda,ada@example.com\nBob,"bob@example.com\nCid,cid@example.com\n',
      { mode: "partial" },
    );
    assertEquals(unclosed.body, {
      dry_run: false,
      created: 0,
      updated: 0,
      failed: [{
        line: 3,
        field: null,
        column: null,
        message: "A quoted field is not closed: its closing quote is missing",
      }],
      header: ["Name", "Email"],
      failed_rows: [],
    });
    const noName = await importCsv(app, admin, "sample_contact", "Email\nada@example.com\n", {
      mode: "partial",
    });
    assertEquals(noName.body.failed, [{
      line: 1,
      field: "full_name",
      column: null,
      message: 'No column for "Name", which every new record needs',
    }]);
    const empty = await importCsv(app, admin, "sample_contact", "\n\n");
    assertEquals(empty.body.failed, [{
      line: 1,
      field: null,
      column: null,
      message: "The file is empty: it has no header row",
    }]);
    assertEquals(await listed(app, admin, "sample_contact"), []);
  });
});
