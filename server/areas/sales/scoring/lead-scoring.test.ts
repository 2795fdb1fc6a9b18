/**
 * Lead scoring through HTTP: a lead's score and explanation against sums worked
 * by hand from Acme's seeded rules (referral or partner +25, qualified or further
 * +25, worth 50,000 or more +15, replied within 2 days +15, met in person +20, no
 * activity for 60 days -10), scored again when the lead is saved, when an activity on it is
 * logged or deleted, and after a rule changes (the background pass); kept between
 * 0 and 100; a hand-set score refused; a bad condition refused naming it; and
 * another organisation's rules never counted.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp, type TestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, errorOf, jsonOf } from "../../../testing/http-assertions.ts";
import { LeadRescoring } from "./rescoring.ts";

// deno-lint-ignore no-explicit-any
type Json = Record<string, any>;

async function createLead(t: TestApp, token: string, values: Json): Promise<Json> {
  return (await jsonOf<{ record: Json }>(
    await t.call("POST", "/api/records/lead", { token, body: { values } }),
    201,
  )).record;
}

async function getRecord(t: TestApp, token: string, type: string, id: string): Promise<Json> {
  return (await jsonOf<{ record: Json }>(
    await t.call("GET", `/api/records/${type}/${id}`, { token }),
  )).record;
}

async function patch(t: TestApp, token: string, type: string, record: Json, values: Json) {
  return (await jsonOf<{ record: Json }>(
    await t.call("PATCH", `/api/records/${type}/${record.id}`, {
      token,
      body: { version: record.version, values },
    }),
  )).record;
}

async function createRule(t: TestApp, token: string, values: Json): Promise<Json> {
  return (await jsonOf<{ record: Json }>(
    await t.call("POST", "/api/records/lead_scoring_rule", { token, body: { values } }),
    201,
  )).record;
}

async function ruleCount(t: TestApp): Promise<number> {
  const row = await t.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM lead_scoring_rules");
  return Number(row!.n);
}

Deno.test("lead scoring", async (s) => {
  const t = await createTestApp();
  const rescoring = new LeadRescoring(t.db, { clock: () => t.clock.now });
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const sales = await t.tokenFor("sales@acme.test");
    const globex = await t.tokenFor("admin@globex.test");
    const today = new Date(t.clock.now).toISOString().slice(0, 10);
    let lead: Json = {};

    await s.step(
      "a new lead is scored by the rules that hold, explained in their order",
      async () => {
        lead = await createLead(t, sales, {
          name: "Rita Referral",
          company: "Referral Co",
          source: "referral",
          estimated_value: 60_000,
        });
        assertEquals(lead.score, 40);
        assertEquals(
          lead.score_explanation,
          "+25 source is referral or partner, +15 worth 50,000 or more",
        );
      },
    );

    await s.step("saving the lead scores it again", async () => {
      lead = await patch(t, sales, "lead", lead, { source: "website" });
      assertEquals(lead.score, 15);
      assertEquals(lead.score_explanation, "+15 worth 50,000 or more");
      lead = await patch(t, sales, "lead", lead, { source: "referral" });
      assertEquals(lead.score, 40);
    });

    let meeting: Json = {};
    await s.step("a positive meeting logged on the lead scores it again", async () => {
      meeting = (await jsonOf<{ record: Json }>(
        await t.call("POST", "/api/records/lead_activity", {
          token: sales,
          body: {
            values: {
              lead: lead.id,
              activity_type: "meeting",
              subject: "First meeting",
              date: today,
              outcome: "positive",
            },
          },
        }),
        201,
      )).record;
      const scored = await getRecord(t, sales, "lead", lead.id);
      assertEquals(scored.score, 75);
      assertEquals(
        scored.score_explanation,
        "+25 source is referral or partner, +15 worth 50,000 or more, +15 replied within 2 days, +20 met in person",
      );
      // The score is system data: the lead's version does not move, so open forms stay current.
      assertEquals(scored.version, lead.version);
    });

    await s.step("deleting the activity scores the lead again", async () => {
      const res = await t.call(
        "DELETE",
        `/api/records/lead_activity/${meeting.id}?version=${meeting.version}`,
        { token: sales },
      );
      assertEquals(res.status, 204);
      assertEquals((await getRecord(t, sales, "lead", lead.id)).score, 40);
    });
    await s.step("a hand-set score is refused: the rules alone set it", async () => {
      await assertInvalidFields(
        await t.call("PATCH", `/api/records/lead/${lead.id}`, {
          token: admin,
          body: { version: lead.version, values: { score: 90 } },
        }),
        "score",
      );
    });

    await s.step(
      "a condition that does not parse, or reads an unknown name, is refused naming it",
      async () => {
        const before = await ruleCount(t);
        for (const condition of ["source ==", "budget > 5", "score > 10"]) {
          await assertInvalidFields(
            await t.call("POST", "/api/records/lead_scoring_rule", {
              token: admin,
              body: { values: { name: `bad ${condition}`, condition, points: 5 } },
            }),
            "condition",
          );
        }
        assertEquals(await ruleCount(t), before, "nothing refused is stored");
      },
    );

    let boost: Json = {};
    await s.step("a new rule scores the leads again in the background, kept to 100", async () => {
      boost = await createRule(t, admin, {
        name: "referral campaign",
        condition: "source == 'referral' and lower(company) == 'referral co'",
        points: 80,
        sort_order: 5,
      });
      assertEquals((await getRecord(t, sales, "lead", lead.id)).score, 40, "the save did not wait");
      ok(await rescoring.rescore(new Date(t.clock.now).toISOString()) > 0);
      const scored = await getRecord(t, sales, "lead", lead.id);
      assertEquals(scored.score, 100);
      assertEquals(
        scored.score_explanation,
        "+80 referral campaign, +25 source is referral or partner, +15 worth 50,000 or more (total 120, kept to 100)",
      );
      assertEquals(await rescoring.rescore(new Date(t.clock.now).toISOString()), 0, "once only");
    });

    await s.step("switching a rule off scores the leads again without it", async () => {
      t.clock.now += 1_000;
      await patch(t, admin, "lead_scoring_rule", boost, { active: false });
      await rescoring.rescore(new Date(t.clock.now).toISOString());
      assertEquals((await getRecord(t, sales, "lead", lead.id)).score, 40);
    });
    await s.step("a sum below 0 is kept to 0", async () => {
      t.clock.now += 1_000;
      await createRule(t, admin, {
        name: "cold outreach",
        condition: "source == 'cold_outreach'",
        points: -40,
      });
      const cold = await createLead(t, sales, { name: "Carl Cold", source: "cold_outreach" });
      assertEquals(cold.score, 0);
      assertEquals(cold.score_explanation, "-40 cold outreach (total -40, kept to 0)");
    });

    await s.step("another organisation's rules never count", async () => {
      t.clock.now += 1_000;
      const theirs = await createRule(t, globex, {
        name: "globex favourite",
        condition: "is_set(name)",
        points: 50,
      });
      await rescoring.rescore(new Date(t.clock.now).toISOString());
      const ours = await getRecord(t, sales, "lead", lead.id);
      assertEquals(ours.score, 40);
      ok(!String(ours.score_explanation).includes("globex"));
      await errorOf(
        await t.call("GET", `/api/records/lead_scoring_rule/${theirs.id}`, { token: admin }),
        404,
        "not_found",
      );
      const globexLead = await createLead(t, globex, { name: "Gil Globex", source: "website" });
      assertEquals(globexLead.score_explanation, "+50 globex favourite");
    });

    await s.step("a bulk edit scores each lead, and so does converting one", async () => {
      const other = await createLead(t, sales, { name: "Bo Bulk", source: "website" });
      assertEquals(other.score, 0);
      const res = await jsonOf<Json>(
        await t.call("POST", "/api/records/lead/bulk", {
          token: sales,
          body: { ids: [other.id], values: { source: "referral" } },
        }),
      );
      ok(JSON.stringify(res).includes(other.id));
      const scored = await getRecord(t, sales, "lead", other.id);
      assertEquals([scored.score, scored.score_explanation], [
        25,
        "+25 source is referral or partner",
      ]);
      await jsonOf(
        await t.call("POST", `/api/records/lead/${other.id}/actions/convert`, {
          token: sales,
          body: { version: scored.version },
        }),
      );
      const won = await getRecord(t, sales, "lead", other.id);
      assertEquals(
        [won.stage, won.score, won.score_explanation],
        ["won", 50, "+25 source is referral or partner, +25 qualified or further"],
      );
    });

    await s.step("the sales role reads the rules but may not change them", async () => {
      await errorOf(
        await t.call("POST", "/api/records/lead_scoring_rule", {
          token: sales,
          body: { values: { name: "mine", condition: "has_meeting", points: 5 } },
        }),
        403,
        "forbidden",
      );
      const list = await jsonOf<{ items: Json[] }>(
        await t.call("POST", "/api/records/lead_scoring_rule/list", { token: sales, body: {} }),
      );
      ok(list.items.some((r) => r.name === "met in person"));
    });
  } finally {
    await rescoring.stop();
    await t.close();
  }
});

Deno.test("the seeded leads carry the score their rules and activities give", async () => {
  const t = await createTestApp();
  try {
    const sales = await t.tokenFor("sales@acme.test");
    // led_acme_001: a positive discovery call (and more) is seeded on it.
    const lead = await getRecord(t, sales, "lead", "led_acme_001");
    ok(String(lead.score_explanation).length > 0);
    const points = [...String(lead.score_explanation).matchAll(/([+-]\d+) /g)]
      .reduce((sum, m) => sum + Number(m[1]), 0);
    assertEquals(lead.score, Math.min(100, Math.max(0, points)));
  } finally {
    await t.close();
  }
});

Deno.test("a rule saved while the background pass runs scores the leads a moment later, heard on the change signal", async () => {
  const t = await createTestApp();
  const rescoring = new LeadRescoring(t.db, { clock: () => t.clock.now });
  rescoring.start();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const lead = await createLead(t, admin, { name: "Hal Heard", source: "website" });
    assertEquals(lead.score, 0);
    t.clock.now += 1_000;
    await createRule(t, admin, {
      name: "website visitor",
      condition: "source == 'website'",
      points: 5,
    });
    let scored: Json = {};
    for (let i = 0; i < 50; i++) {
      await rescoring.settled();
      scored = await getRecord(t, admin, "lead", lead.id);
      if (scored.score === 5) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assertEquals([scored.score, scored.score_explanation], [5, "+5 website visitor"]);
  } finally {
    await rescoring.stop();
    await t.close();
  }
});
