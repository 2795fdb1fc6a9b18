/**
 * Closing a database is quiet: a connection closed right after it opened (a
 * short-lived command, a test) logs no error, even when its driver had not
 * finished setting up what it opens in the background (PostgreSQL's LISTEN
 * connection for the change signal).
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestDatabase, TEST_DIALECT } from "../testing/test-database.ts";

const OPENINGS = 20;

Deno.test(`A ${TEST_DIALECT} database closed right after it opens logs no error`, async () => {
  const database = await createTestDatabase();
  const logged: unknown[][] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => void logged.push(args);
  try {
    for (let i = 0; i < OPENINGS; i++) {
      const db = database.connect();
      await db.get("SELECT 1 AS one");
      await db.close();
    }
  } finally {
    console.error = consoleError;
    await database.drop();
  }
  assertEquals(logged.map((args) => args.map(String).join(" ")), []);
});
