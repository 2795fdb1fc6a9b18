/**
 * A lead's forecast fields: an expected close date and a forecast category are
 * kept as sent (an unknown category is a 400 naming the field), and `won_at` is
 * the server's: stamped when the lead enters Won by any write path (a save, the
 * conversion), cleared when it leaves Won, never taken from the caller.
 */
import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { createTestApp } from "../../../testing/test-app.ts";
import { assertInvalidFields, jsonOf } from "../../../testing/http-assertions.ts";

interface Lead {
  id: string;
  version: number;
  stage: string;
  expected_close_date: string | null;
  forecast_category: string;
  won_at: string | null;
}

Deno.test("A lead keeps its expected close date and forecast category; won_at follows entering and leaving Won", async () => {
  const t = await createTestApp();
  try {
    const admin = await t.tokenFor("admin@acme.test");
    const values = {
      name: "Forecast Field",
      source: "referral",
      stage: "proposal",
      estimated_value: 1200,
      expected_close_date: "2026-12-15",
      forecast_category: "commit",
    };
    // won_at is never the caller's.
    await assertInvalidFields(
      await t.call("POST", "/api/records/lead", {
        token: admin,
        body: { values: { ...values, won_at: "2020-01-01T00:00:00.000Z" } },
      }),
      "won_at",
    );
    const made = await jsonOf<{ record: Lead }>(
      await t.call("POST", "/api/records/lead", { token: admin, body: { values } }),
      201,
    );
    assertEquals(made.record.expected_close_date, "2026-12-15");
    assertEquals(made.record.forecast_category, "commit");
    assertEquals(made.record.won_at, null);

    const defaulted = await jsonOf<{ record: Lead }>(
      await t.call("POST", "/api/records/lead", {
        token: admin,
        body: { values: { name: "Forecast Default", source: "referral" } },
      }),
      201,
    );
    assertEquals(defaulted.record.forecast_category, "pipeline");

    await assertInvalidFields(
      await t.call("PATCH", `/api/records/lead/${made.record.id}`, {
        token: admin,
        body: { version: made.record.version, values: { forecast_category: "maybe" } },
      }),
      "forecast_category",
    );

    const won = await jsonOf<{ record: Lead }>(
      await t.call("PATCH", `/api/records/lead/${made.record.id}`, {
        token: admin,
        body: { version: made.record.version, values: { stage: "won" } },
      }),
    );
    ok(won.record.won_at && Date.parse(won.record.won_at) > Date.parse("2026-01-01"));
    const reopened = await jsonOf<{ record: Lead }>(
      await t.call("PATCH", `/api/records/lead/${made.record.id}`, {
        token: admin,
        body: { version: won.record.version, values: { stage: "proposal" } },
      }),
    );
    assertEquals(reopened.record.won_at, null);

    await jsonOf(
      await t.call("POST", `/api/records/lead/${defaulted.record.id}/actions/convert`, {
        token: admin,
        body: { version: defaulted.record.version },
      }),
    );
    const converted = await jsonOf<{ record: Lead }>(
      await t.call("GET", `/api/records/lead/${defaulted.record.id}`, { token: admin }),
    );
    assertEquals(converted.record.stage, "won");
    ok(converted.record.won_at, "the conversion stamps won_at");
  } finally {
    await t.close();
  }
});
