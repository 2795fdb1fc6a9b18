import assert from "node:assert/strict";
import { topicsOfWrite } from "./change-topics.ts";

Deno.test("a write's topics come from the table it writes", () => {
  assert.deepEqual(topicsOfWrite("UPDATE role_permissions SET permission = ? WHERE role_id = ?"), [
    "access",
  ]);
  assert.deepEqual(topicsOfWrite("INSERT INTO tasks (id) VALUES (?)"), ["data"]);
  assert.deepEqual(topicsOfWrite("  delete from leads where id = ?"), ["data"]);
  assert.deepEqual(topicsOfWrite("INSERT INTO audit_logs (id) VALUES (?)"), []);
});

Deno.test("a session's start and activity change nothing; its end is a change of sessions", () => {
  assert.deepEqual(topicsOfWrite("INSERT INTO sessions (id, user_id) VALUES (?, ?)"), []);
  assert.deepEqual(
    topicsOfWrite("UPDATE sessions SET last_seen_at = ? WHERE id = ? AND revoked_at IS NULL"),
    [],
  );
  assert.deepEqual(
    topicsOfWrite("UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE id = ?"),
    ["sessions"],
  );
  assert.deepEqual(topicsOfWrite("UPDATE sessions SET organization_id = ? WHERE id = ?"), [
    "sessions",
  ]);
});

Deno.test("refreshing statistics changes nothing anyone reads; an unknown statement is a change of data", () => {
  assert.deepEqual(topicsOfWrite("ANALYZE leads"), []);
  assert.deepEqual(topicsOfWrite("PRAGMA optimize"), []);
  assert.deepEqual(topicsOfWrite("vacuum"), []);
  assert.deepEqual(topicsOfWrite("REPLACE INTO leads (id) VALUES (?)"), ["data"]);
});
