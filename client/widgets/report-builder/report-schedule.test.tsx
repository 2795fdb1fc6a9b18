/**
 * The report builder's "Email me this report": a saved report shows the caller's
 * subscriptions in words (with why one was not sent), subscribes weekly on a
 * weekday at an hour, shows the server's refusal, and stops a subscription.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, fakeServer } from "../../testing/fake-server.ts";
import { taskMeta } from "../../testing/record-fixture.ts";
import { renderScreen, screenOf } from "../../testing/render-screen.tsx";
import { reportBuilderNode } from "../../testing/report-builder-fixture.ts";

const TASKS = "/api/records/task";
const REPORTS = "/api/records/report";
const SUBSCRIPTIONS = "/api/records/report_subscription";

const BUILDER = screenOf(reportBuilderNode("r1"));

const SAVED = {
  [`GET ${TASKS}/meta`]: { meta: taskMeta(), options: {} },
  [`GET ${REPORTS}/meta`]: { meta: taskMeta({ id: "report" }), options: {} },
  [`GET ${REPORTS}/r1`]: {
    record: {
      id: "r1",
      version: 1,
      name: "Open work",
      title: "Open work",
      record_type: "task",
      definition: JSON.stringify({ aggregates: [{ fn: "count", as: "count" }] }),
      chart: "table",
      sharing: "private",
      shared_roles: [],
    },
    actions: [],
    read_only_fields: [],
    makes: [],
    waiting_for: null,
  },
  [`POST ${TASKS}/query`]: { rows: [{ count: 7 }], more: false },
};

/** The list of one subscription to r1 (s1 at version 3) with these values. */
const listOf = (values: Record<string, unknown>) => ({
  items: [{ id: "s1", version: 3, report: "r1", ...values }],
  next_cursor: null,
  total: { count: 1, exact: true },
});

describe("the report builder's Email me this report", () => {
  it("shows the caller's subscriptions and subscribes weekly on a weekday at an hour", async () => {
    const server = fakeServer({
      ...SAVED,
      [`POST ${SUBSCRIPTIONS}/list`]: listOf({
        frequency: "daily",
        hour: 7,
        stopped_reason: "You may no longer read this report",
      }),
      [`POST ${SUBSCRIPTIONS}`]: { record: { id: "s2" } },
    });
    await renderScreen(BUILDER, { params: { id: "r1" } });
    const section = await screen.findByRole("region", { name: "Email me this report" });
    expect(await within(section).findByText(/Daily at 07:00/)).toBeTruthy();
    expect(within(section).getByText(/not sent: You may no longer read this report/)).toBeTruthy();
    expect(server.to("POST", `${SUBSCRIPTIONS}/list`)[0].body).toEqual({
      filters: [{ field: "report", op: "eq", value: "r1" }],
    });

    fireEvent.change(within(section).getByLabelText("How often"), {
      target: { value: "weekly" },
    });
    fireEvent.change(within(section).getByLabelText("On"), { target: { value: "5" } });
    fireEvent.change(within(section).getByLabelText("At"), { target: { value: "18" } });
    fireEvent.click(within(section).getByRole("button", { name: "Subscribe" }));
    await waitFor(() => expect(server.to("POST", SUBSCRIPTIONS)).toHaveLength(1));
    expect(server.to("POST", SUBSCRIPTIONS)[0].body).toEqual({
      values: { report: "r1", frequency: "weekly", weekday: "5", hour: 18 },
    });
    await waitFor(() => expect(server.to("POST", `${SUBSCRIPTIONS}/list`)).toHaveLength(2));
  });

  it("shows the server's refusal, and stops a subscription at its version", async () => {
    const server = fakeServer({
      ...SAVED,
      [`POST ${SUBSCRIPTIONS}/list`]: listOf({
        frequency: "weekly",
        weekday: "1",
        hour: 9,
        stopped_reason: "",
      }),
      [`POST ${SUBSCRIPTIONS}`]: apiError(400, "invalid_input", "You may not read this report", {
        fields: { report: "You may not read this report" },
      }),
      [`DELETE ${SUBSCRIPTIONS}/s1`]: new Response(null, { status: 204 }),
    });
    await renderScreen(BUILDER, { params: { id: "r1" } });
    const section = await screen.findByRole("region", { name: "Email me this report" });
    expect(await within(section).findByText(/Weekly on Monday at 09:00/)).toBeTruthy();
    expect(within(section).queryByText(/not sent/)).toBeNull();
    fireEvent.click(within(section).getByRole("button", { name: "Subscribe" }));
    expect((await within(section).findByRole("alert")).textContent).toContain(
      "You may not read this report",
    );
    fireEvent.click(within(section).getByRole("button", { name: "Stop" }));
    await waitFor(() => expect(server.to("DELETE", `${SUBSCRIPTIONS}/s1`)).toHaveLength(1));
    expect(server.to("DELETE", `${SUBSCRIPTIONS}/s1`)[0].url).toBe(`${SUBSCRIPTIONS}/s1?version=3`);
  });
});
