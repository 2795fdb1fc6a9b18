/**
 * A server process that dies mid-run (for the kill -9 test): it opens the database
 * at the URL it is given, creates a lead as the administrator (which queues the
 * rules it triggers, committed with it), claims the due runs as its runner would,
 * says "claimed", then waits to be killed without carrying them out.
 */
import { openDatabase } from "../../../db/open.ts";
import { areaEngine } from "../../area-engine.ts";
import { createAccessResolver } from "../../../platform/access/resolver.ts";
import { claimDueRuns } from "../rules/run-queue.ts";

const [url, name] = Deno.args;
const db = openDatabase(url);
const engine = areaEngine(db, { publicUrl: "http://localhost:8000" });
const admin = await db.get<{ id: string }>("SELECT id FROM users WHERE email = 'admin@acme.test'");
const membership = await createAccessResolver(db)(admin!.id, "org_acme");
await engine.create({ ...membership!, sessionId: "crash" }, "lead", { name, source: "website" });
const claimed = await db.transaction((tx) => claimDueRuns(tx, new Date().toISOString(), 10));
console.log(`claimed ${claimed.length}`);
await new Promise(() => {});
