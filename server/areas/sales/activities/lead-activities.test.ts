/**
 * Lead activities through HTTP: who logs and reads them, what a create without a
 * lead or client or with an unknown type answers, the lead's form timeline, the
 * activity logger's form and the dashboard's overdue next steps of the caller.
 */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { errorOf, jsonOf } from "../../../testing/http-assertions.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

const LIST = "/api/records/lead_activity/list";

async function listIds(t: TestApp, token: string, body: Json = {}): Promise<string[]> {
  const answer = await jsonOf<{ items: { id: string }[] }>(
    await t.call("POST", LIST, { token, body: { limit: 500, ...body } }),
  );
  return answer.items.map((i) => i.id);
}

/** The first node of a descriptor tree that `match` accepts. */
function find(node: unknown, match: (n: Json) => boolean): Json | undefined {
  if (Array.isArray(node)) {
    for (const n of node) {
      const found = find(n, match);
      if (found) return found;
    }
    return undefined;
  }
  if (node === null || typeof node !== "object") return undefined;
  if (match(node as Json)) return node as Json;
  return find(Object.values(node), match);
}

/** Calls a screen's source as the client does. */
async function callSource(t: TestApp, token: string, source: Json): Promise<Json> {
  return await jsonOf(await t.call(source.method, source.path, { token, body: source.body }));
}

Deno.test("lead activities", async (s) => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    const admin = await t.tokenFor("admin@acme.test");
    const member = await t.tokenFor("member@acme.test");
    const seeded = await listIds(t, admin);

    await s.step("sales logs a call on a lead; the owner defaults to the caller", async () => {
      const { record } = await jsonOf<{ record: Json }>(
        await t.call("POST", "/api/records/lead_activity", {
          token: sales,
          body: {
            values: {
              lead: "led_acme_007",
              activity_type: "call",
              subject: "Intro call",
              duration_minutes: 25,
              outcome: "positive",
              next_step: "Send the brochure",
              next_step_date: "2030-01-15",
            },
          },
        }),
        201,
      );
      assertEquals(
        [record.lead, record.owner, record.activity_type, record.duration_minutes],
        ["led_acme_007", "usr_acme_sales", "call", 25],
      );
      assertEquals(record.date, new Date(t.clock.now).toISOString().slice(0, 10));
      assertEquals((await listIds(t, sales)).includes(record.id), true);
      assertEquals((await listIds(t, admin)).includes(record.id), true);
      assertEquals((await listIds(t, member)).includes(record.id), false);
      await errorOf(
        await t.call("GET", `/api/records/lead_activity/${record.id}`, { token: member }),
        404,
        "not_found",
      );
    });

    await s.step("an activity with a client and no lead is taken", async () => {
      t.clock.advance(1000);
      const { record } = await jsonOf<{ record: Json }>(
        await t.call("POST", "/api/records/lead_activity", {
          token: sales,
          body: { values: { client: "cli_contoso", activity_type: "email", subject: "Offer" } },
        }),
        201,
      );
      assertEquals([record.client, record.lead], ["cli_contoso", null]);
    });

    await s.step(
      "sales and the administrator read every activity; a member only their own",
      async () => {
        assertEquals(seeded.length, 9);
        assertEquals((await listIds(t, sales)).length, 11);
        assertEquals(await listIds(t, member), ["act_acme_00009"]);
        const own = await jsonOf<{ record: Json }>(
          await t.call("GET", "/api/records/lead_activity/act_acme_00009", { token: member }),
        );
        assertEquals(own.record.subject, "Technical workshop");
      },
    );

    await s.step("a member may not log activities", async () => {
      const res = await t.call("POST", "/api/records/lead_activity", {
        token: member,
        body: { values: { client: "cli_contoso", activity_type: "note", subject: "x" } },
      });
      assertEquals(res.status, 403);
    });

    await s.step(
      "neither a lead nor a client is 400 naming the lead, and nothing is stored",
      async () => {
        const before = (await listIds(t, admin)).length;
        const error = await errorOf(
          await t.call("POST", "/api/records/lead_activity", {
            token: sales,
            body: { values: { activity_type: "call", subject: "Nobody" } },
          }),
          400,
          "invalid_input",
        );
        assertEquals(Object.keys((error.details as Json).fields), ["lead"]);
        assertEquals((await listIds(t, admin)).length, before);
      },
    );

    await s.step(
      "an unknown activity type is 400 naming the type, and nothing is stored",
      async () => {
        const before = (await listIds(t, admin)).length;
        const error = await errorOf(
          await t.call("POST", "/api/records/lead_activity", {
            token: sales,
            body: { values: { lead: "led_acme_001", activity_type: "visit", subject: "Visit" } },
          }),
          400,
          "invalid_input",
        );
        assertEquals(
          (error.details as Json).fields.activity_type,
          "Type must be one of: Call, Meeting, Email, Note, Task",
        );
        assertEquals((await listIds(t, admin)).length, before);
      },
    );

    await s.step(
      "a lead's form lists its activities, newest first, with New for sales",
      async () => {
        const screen = await jsonOf(
          await t.call("GET", "/ui/screens/lead-detail?id=led_acme_001", { token: sales }),
        );
        const panel = find(screen, (n) => n.type === "section" && n.title === "Activities")!;
        const list = panel.children[0];
        assertEquals(
          [list.type, list.meta.id, list.fixedFilters, list.meta.can.create],
          ["record-list", "lead_activity", [{
            field: "lead",
            op: "eq",
            value: { $param: "id" },
          }], true],
        );
        assertEquals(list.emptyText, "No activities logged with this lead yet");
        assertEquals(
          await listIds(t, sales, {
            filters: [{ field: "lead", op: "eq", value: "led_acme_001" }],
            sort: list.meta.list.sort,
          }),
          ["act_acme_00005", "act_acme_00001"],
        );
      },
    );

    await s.step("a client's form lists its activities", async () => {
      const screen = await jsonOf(
        await t.call("GET", "/ui/screens/clients/form?id=cli_northwind", { token: sales }),
      );
      const panel = find(screen, (n) => n.type === "section" && n.title === "Activities");
      assertEquals(panel?.children[0].fixedFilters[0].field, "client");
    });

    await s.step(
      "the activity logger sends its form to the records API; members may not open it",
      async () => {
        const screen = await jsonOf<Json>(
          await t.call("GET", "/ui/screens/activity-logger", { token: sales }),
        );
        const form = find(screen, (n) => n.type === "form")!;
        assertEquals(
          [form.submit.path, form.submit.bodyKey, form.submit.resetOnSuccess],
          ["/api/records/lead_activity", "values", true],
        );
        assertEquals(form.fields.map((f: Json) => f.name), [
          "lead",
          "client",
          "activity_type",
          "subject",
          "date",
          "duration_minutes",
          "outcome",
          "notes",
          "next_step",
          "next_step_date",
        ]);
        const logged = await callSource(t, sales, screen.sources.loggedJustNow);
        assertEquals(logged.items[0].subject, "Offer");
        assertEquals(
          (await t.call("GET", "/ui/screens/activity-logger", { token: member })).status,
          403,
        );
      },
    );

    await s.step(
      "the dashboard lists only the caller's own next steps past their date and not done",
      async () => {
        const overdueOf = async (token: string) => {
          const screen = await jsonOf<Json>(
            await t.call("GET", "/ui/screens/dashboard", { token }),
          );
          const card = find(screen, (n) => n.type === "card" && n.title === "Overdue next steps");
          if (!card) return undefined;
          const answer = await callSource(t, token, screen.sources.overdueNextSteps);
          return answer.items.map((i: Json) => [i.id, i.next_step]);
        };
        assertEquals(await overdueOf(sales), [
          ["act_acme_00001", "Send a rough estimate"],
          ["act_acme_00002", "Call to ask about the deck"],
        ]);
        assertEquals(await overdueOf(admin), [["act_acme_00006", "Confirm the IT contact"]]);
        assertEquals(await overdueOf(member), []);
        assertEquals(await overdueOf(await t.tokenFor("finance@acme.test")), undefined);
        const { record } = await jsonOf<{ record: Json }>(
          await t.call("GET", "/api/records/lead_activity/act_acme_00002", { token: sales }),
        );
        await jsonOf(
          await t.call("PATCH", "/api/records/lead_activity/act_acme_00002", {
            token: sales,
            body: { version: record.version, values: { next_step_done: true } },
          }),
        );
        assertEquals(await overdueOf(sales), [["act_acme_00001", "Send a rough estimate"]]);
      },
    );
  } finally {
    await t.close();
  }
});
