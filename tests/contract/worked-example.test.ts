/**
 * ARCHITECTURE.md's worked example, "Add an area with one record type", is true:
 * this test takes the document's code blocks as they are written, builds the area
 * from them (each block is the file its first line names), adds it to the list of
 * areas and starts a server on a new database of the run's dialect. The area then
 * has its table, its module in every organisation, the permissions the declaration
 * gives the default roles, a list screen, a form and a working API, and a role the
 * declaration leaves out is refused.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { addArea } from "../../server/areas/mod.ts";
import type { Area } from "../../server/areas/define-area.ts";
import { createApp } from "../../server/app.ts";
import { DEFAULT_CONFIG } from "../../server/config.ts";
import { openDatabase } from "../../server/db/open.ts";
import { prepareDatabase } from "../../server/db/prepare.ts";
import { createEmptyDatabaseUrl } from "../../server/testing/test-database.ts";
import { seededPersonToken } from "../../server/testing/test-app.ts";

const ROOT = new URL("../../", import.meta.url);
const SECTION = "### Add an area with one record type";

/** The section's code blocks, each with the path its first line names. */
async function exampleFiles(): Promise<{ path: string; text: string }[]> {
  const doc = await Deno.readTextFile(new URL("ARCHITECTURE.md", ROOT));
  const start = doc.indexOf(SECTION);
  ok(start >= 0, `ARCHITECTURE.md has no section "${SECTION}"`);
  const end = doc.indexOf("\n#", start + SECTION.length);
  const section = doc.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```ts\n\/\/ (server\/areas\/\S+\.ts)\n([\s\S]*?)```/g)].map((m) => ({
    path: m[1],
    text: m[2],
  }));
}

/**
 * Writes the blocks into a folder of their own, each import pointing where it
 * would point from the block's own path: at another block, or at the real file.
 */
async function buildExample(files: { path: string; text: string }[]): Promise<string> {
  const dir = await Deno.makeTempDir({ prefix: "worked-example-" });
  const own = new Set(files.map((f) => f.path));
  for (const file of files) {
    const text = file.text.replace(/from "(\.[^"]+)"/g, (_, specifier: string) => {
      const target = new URL(specifier, new URL(file.path, ROOT));
      const inRepo = target.pathname.slice(ROOT.pathname.length);
      return `from "${own.has(inRepo) ? `file://${dir}/${inRepo}` : target.href}"`;
    });
    const path = `${dir}/${file.path}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    await Deno.writeTextFile(path, text);
  }
  return dir;
}

Deno.test("the worked example of ARCHITECTURE.md builds an area with permissions, a list, a form and its table", async () => {
  const files = await exampleFiles();
  assertEquals(files.map((f) => f.path).sort(), [
    "server/areas/purchasing/area.ts",
    "server/areas/purchasing/types/vendor.ts",
  ]);
  const dir = await buildExample(files);
  const manifest = await import(`file://${dir}/server/areas/purchasing/area.ts`);
  const area = Object.values(manifest)[0] as Area;
  addArea(area);

  const empty = await createEmptyDatabaseUrl();
  const db = openDatabase(empty.url, {});
  try {
    const prepared = await prepareDatabase(db, {
      seed: "demo",
      now: Date.now(),
      hash: (password) => Promise.resolve(`plain:${password}`),
    });
    const { app, feed } = createApp({
      db,
      config: { ...DEFAULT_CONFIG, clientDist: "/nonexistent" },
      secret: prepared.secret,
    });
    feed.stop();
    const tokenFor = (email: string) => seededPersonToken(db, prepared.secret, email, Date.now());
    const call = (token: string, method: string, path: string, body?: unknown) =>
      app.request(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const admin = await tokenFor("admin@acme.test");

    // Its table, made at start with no migration.
    assertEquals(await db.all("SELECT id FROM vendors"), []);

    // Its module in the sidebar and its permissions in the roles matrix.
    const routes = await (await call(admin, "GET", "/ui/routes")).json();
    ok(
      JSON.stringify(routes).includes('"/app/vendors"'),
      "the route table has /app/vendors",
    );
    const shell = await (await call(admin, "GET", "/ui/shell")).json();
    ok(JSON.stringify(shell).includes('"Vendors"'), "the sidebar lists Vendors");
    const roles = await (await call(admin, "POST", "/admin/roles/list", {})).json();
    ok(JSON.stringify(roles).includes("vendors.create"), "the roles matrix offers vendors.create");

    // A list screen and a form.
    const list = await call(admin, "GET", "/ui/screens/vendors");
    assertEquals(list.status, 200);
    ok(
      JSON.stringify(await list.json()).includes('"record-list"'),
      "the list screen lists records",
    );
    const form = await call(admin, "GET", "/ui/screens/vendors/form?id=new");
    assertEquals(form.status, 200);
    ok(JSON.stringify(await form.json()).includes('"record-form"'), "the form screen has a form");

    // The API: created, listed, and a bad rating refused naming the field.
    const created = await call(admin, "POST", "/api/records/vendor", {
      values: { name: "Acme Paper", email: "orders@acmepaper.example", rating: 4 },
    });
    assertEquals(created.status, 201);
    const listed = await (await call(admin, "POST", "/api/records/vendor/list", {})).json();
    assertEquals(listed.items.map((r: { name: string }) => r.name), ["Acme Paper"]);
    const bad = await call(admin, "POST", "/api/records/vendor", {
      values: { name: "Too Good", rating: 9 },
    });
    assertEquals(bad.status, 400);
    ok(JSON.stringify(await bad.json()).includes("rating"), "the refusal names the rating");

    // A plain member, whom the declaration gives nothing, is refused.
    const member = await tokenFor("member@acme.test");
    assertEquals((await call(member, "POST", "/api/records/vendor/list", {})).status, 403);
    assertEquals((await call(member, "GET", "/ui/screens/vendors")).status, 403);
  } finally {
    await db.close();
    await empty.drop();
    await Deno.remove(dir, { recursive: true });
  }
});
