/**
 * Contract: what every screen the demo accounts get says about feedback. Every
 * confirmation of a call names the call on its button (never a bare OK/Cancel),
 * and every source that follows record changes names declared record types, so
 * figure cards reload on the same live events as the lists beside them.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../server/testing/test-app.ts";
import { PEOPLE } from "../../server/db/seed/demo-people.ts";
import { recordTypes } from "../../server/records/catalogue.ts";
import { emittedScreens } from "./emitted-screens.ts";

const staff = PEOPLE.filter((p) => p.login && !p.email.endsWith("northwind.test"));
const declared = new Set(recordTypes().map((t) => t.id));

/** Every object inside a JSON value, with where it is. */
function* objectsIn(value: unknown, at = ""): Generator<[string, Record<string, unknown>]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* objectsIn(item, `${at}/${i}`);
  } else if (typeof value === "object" && value !== null) {
    yield [at, value as Record<string, unknown>];
    for (const [key, item] of Object.entries(value)) yield* objectsIn(item, `${at}/${key}`);
  }
}

Deno.test("every screen's confirmations name their action, and its sources follow declared record types", async () => {
  const t = await createTestApp();
  try {
    let confirmations = 0;
    let following = 0;
    for (const person of staff) {
      const token = await t.tokenFor(person.email);
      const routes = await (await t.call("GET", "/ui/routes", { token })).json();
      for (const { screen, status, body } of await emittedScreens(t, routes, token)) {
        if (status !== 200) continue;
        for (const [at, object] of objectsIn(body)) {
          if (object.kind === "call" && object.confirm !== undefined) {
            confirmations++;
            ok(
              typeof object.confirmLabel === "string" && typeof object.keepLabel === "string",
              `${screen}${at}: a confirmation without the words on its buttons`,
            );
          }
        }
        const sources = (body as { sources?: Record<string, { follows?: string[] }> }).sources;
        for (const [name, source] of Object.entries(sources ?? {})) {
          for (const type of source.follows ?? []) {
            following++;
            ok(declared.has(type), `${screen}: source ${name} follows unknown type "${type}"`);
          }
        }
      }
    }
    ok(confirmations >= 3, `only ${confirmations} confirmations were seen`);
    ok(following >= 5, `only ${following} followed types were seen`);
  } finally {
    await t.close();
  }
});

Deno.test("figure cards follow the records they count: leads' figures, the dashboard's", async () => {
  const t = await createTestApp();
  try {
    const token = await t.tokenFor("admin@acme.test");
    const leads = await (await t.call("GET", "/ui/screens/leads", { token })).json();
    assertEquals(leads.sources.stats.follows, ["lead"]);
    const dashboard = await (await t.call("GET", "/ui/screens/dashboard", { token })).json();
    assertEquals(dashboard.sources.summary.follows, [
      "task",
      "project",
      "lead",
      "invoice",
      "payment",
    ]);
  } finally {
    await t.close();
  }
});
