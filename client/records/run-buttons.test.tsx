import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { taskMeta, taskRow } from "../testing/record-fixture.ts";
import { apiError, fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/task";
const OFFERS = "/api/automation/manual-rules?type=task";
const RUNS = {
  id: "manual_rules",
  from: OFFERS,
  label: "Run: {name}",
  run: "/api/automation/rules/{id}/run",
  done: 'Rule "{name}" queued for {record}',
};

function formScreen() {
  return screenOf({
    type: "record-form",
    api: API,
    meta: taskMeta(),
    recordId: { $param: "id" },
    runs: [RUNS],
  });
}

async function openTask(handlers: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({
    [`GET ${API}/t1`]: {
      record: taskRow("t1", { version: 3, status: "open", lines: [] }),
      actions: [{ id: "update", label: "Edit", done: "saved" }],
      read_only_fields: [],
    },
    [`GET ${OFFERS}`]: { items: [{ id: "rule 1", name: "Send welcome pack" }] },
    ...handlers,
  });
  const view = await renderScreen(formScreen(), { params: { id: "t1" }, realDialogs: true });
  await screen.findByRole("heading", { name: "Task t1" });
  return { server, ...view };
}

describe("a record form's run buttons", () => {
  it("offers a button per rule the server lists, in the descriptor's words", async () => {
    await openTask({
      [`GET ${OFFERS}`]: {
        items: [{ id: "r1", name: "Send welcome pack" }, { id: "r2", name: "Mark hot" }],
      },
    });
    expect(await screen.findByRole("button", { name: "Run: Send welcome pack" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Run: Mark hot" })).toBeTruthy();
  });

  it("runs the rule on the record, says so by the rule and the record, and loads the record again", async () => {
    const { server, toasts } = await openTask({
      "POST /api/automation/rules/rule%201/run": { queued: true, rule: "Send welcome pack" },
    });
    const loads = server.to("GET", `${API}/t1`).length;
    fireEvent.click(await screen.findByRole("button", { name: "Run: Send welcome pack" }));
    await waitFor(() => expect(toasts).toEqual(['Rule "Send welcome pack" queued for Task t1']));
    expect(server.to("POST", "/api/automation/rules/rule%201/run")[0].body).toEqual({
      record_id: "t1",
    });
    await waitFor(() => expect(server.to("GET", `${API}/t1`).length).toBeGreaterThan(loads));
  });

  it("tells the server's refusal in its words", async () => {
    const { toasts } = await openTask({
      "POST /api/automation/rules/rule%201/run": apiError(
        409,
        "conflict",
        'Rule "Send welcome pack" is switched off',
      ),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Run: Send welcome pack" }));
    await waitFor(() => expect(toasts).toEqual(['Rule "Send welcome pack" is switched off']));
  });

  it("waits while the form has unsaved edits", async () => {
    await openTask();
    const button = await screen.findByRole("button", { name: "Run: Send welcome pack" });
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "Edited" } });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute("title")).toBe("Save your changes first");
  });

  it("shows no button when the server offers none or refuses the list", async () => {
    await openTask({ [`GET ${OFFERS}`]: apiError(403, "forbidden", "Not allowed") });
    await waitFor(() => expect(screen.getByRole("button", { name: "Save" })).toBeTruthy());
    expect(screen.queryByRole("button", { name: /^Run:/ })).toBeNull();
  });
});
