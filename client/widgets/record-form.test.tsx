import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { publishRecordChange } from "../api/record-events.ts";
import { taskMeta, taskRow } from "../testing/record-fixture.ts";
import { apiError, fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/task";
const ACTIONS = [
  { id: "update", label: "Edit", done: "saved" },
  {
    id: "delete",
    label: "Delete",
    tone: "danger",
    confirm: "Delete this task? This cannot be undone.",
    confirm_label: "Delete task",
    keep_label: "Keep task",
    done: "deleted",
  },
  { id: "complete", label: "Complete", comment: "optional", done: "completed" },
];

/** The record's actions with a submittable type's Cancel, as the server words it. */
const CANCEL = {
  id: "cancel",
  label: "Cancel",
  tone: "danger",
  comment: "optional",
  confirm: "Cancel this task? It stays on file, cancelled.",
  confirm_label: "Cancel task",
  keep_label: "Keep task",
  done: "cancelled",
};

function formScreen(extra: Record<string, unknown> = {}) {
  return screenOf({
    type: "record-form",
    api: API,
    meta: taskMeta(),
    recordId: { $param: "id" },
    ...extra,
  });
}

function answer(values: Record<string, unknown> = {}, actions: unknown[] = ACTIONS) {
  return {
    record: taskRow("t1", { version: 3, status: "open", lines: [], ...values }),
    actions,
    read_only_fields: [],
  };
}

async function openTask(
  handlers: Parameters<typeof fakeServer>[0] = {},
  options: Parameters<typeof renderScreen>[1] = {},
) {
  const server = fakeServer({ [`GET ${API}/t1`]: answer(), ...handlers });
  const view = await renderScreen(formScreen(), { params: { id: "t1" }, ...options });
  await screen.findByRole("heading", { name: "Task t1" });
  return { server, ...view };
}

function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe("the record-form widget", () => {
  it("shows the record with an input per field type and its state", async () => {
    await openTask();
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe("Task t1");
    expect((screen.getByLabelText("Priority") as HTMLSelectElement).selectedOptions[0].text)
      .toBe("High");
    expect((screen.getByRole("combobox", { name: "Project" }) as HTMLInputElement).value)
      .toBe("Apollo");
    expect((screen.getByLabelText("Due date") as HTMLInputElement).type).toBe("date");
    expect((screen.getByLabelText("Billable") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Budget") as HTMLInputElement).step).toBe("0.01");
    expect(screen.getByText("Open").className).toContain("tone-info");
    expect(screen.getByRole("tab", { name: "Lines" })).toBeTruthy();
  });

  it("says whom a record waits for, beside its state", async () => {
    await openTask({
      [`GET ${API}/t1`]: { ...answer(), waiting_for: "Waiting for Alice Morgan to approve" },
    });
    expect(screen.getByRole("status").textContent).toBe("Waiting for Alice Morgan to approve");
  });

  it("saves only the changed fields with the record's version", async () => {
    const { server } = await openTask({
      [`PATCH ${API}/t1`]: { record: taskRow("t1", { version: 4, title: "Renamed" }) },
    });
    type(/^Title/, "Renamed");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("PATCH", `${API}/t1`)).toHaveLength(1));
    expect(server.to("PATCH", `${API}/t1`)[0].body).toEqual({
      version: 3,
      values: { title: "Renamed" },
    });
  });

  it("tells that an existing record was saved, by its title", async () => {
    const { toasts } = await openTask({
      [`PATCH ${API}/t1`]: { record: taskRow("t1", { version: 4, title: "Renamed" }) },
    }, { realDialogs: true });
    type(/^Title/, "Renamed");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const notices = screen.getByRole("region", { name: "Notices" });
    expect(await within(notices).findByText("Task Renamed saved")).toBeTruthy();
    expect(toasts).toEqual(["Task Renamed saved"]);
  });

  it("saves with Ctrl+S", async () => {
    const { server } = await openTask({
      [`PATCH ${API}/t1`]: { record: taskRow("t1", { version: 4 }) },
    });
    type("Estimated hours", "2.5");
    fireEvent.keyDown(document, { key: "s", ctrlKey: true });
    await waitFor(() => expect(server.to("PATCH", `${API}/t1`)).toHaveLength(1));
    expect(server.to("PATCH", `${API}/t1`)[0].body).toEqual({
      version: 3,
      values: { estimated_hours: 2.5 },
    });
  });

  it("shows and requires fields as their conditions say, live", async () => {
    const { server } = await openTask();
    expect(screen.getByLabelText("Billing notes")).toBeTruthy();
    fireEvent.click(screen.getByLabelText("Billable"));
    expect(screen.queryByLabelText("Billing notes")).toBeNull();
    fireEvent.change(screen.getByLabelText("Priority"), { target: { value: "4" } });
    expect(screen.getByLabelText(/Why urgent/).getAttribute("aria-required")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Why urgent is required")).toBeTruthy();
    expect(server.to("PATCH", `${API}/t1`)).toHaveLength(0);
  });

  it("offers a type-master field's options from the type's meta", async () => {
    const meta = taskMeta();
    meta.fields.push({
      id: "category",
      label: "Category",
      type: "select",
      options_from: "task_category",
    });
    meta.form.tabs[0].sections[0].columns[0].push("category");
    fakeServer({
      [`GET ${API}/t1`]: answer({ category: "bug" }),
      [`GET ${API}/meta`]: {
        meta,
        options: {
          category: [{ value: "bug", label: "Bug" }, { value: "feature", label: "Feature" }],
        },
      },
    });
    await renderScreen(formScreen({ meta }), { params: { id: "t1" } });
    const select = await screen.findByLabelText("Category") as HTMLSelectElement;
    await waitFor(() => expect(select.selectedOptions[0]?.text).toBe("Bug"));
    expect([...select.options].map((o) => o.text)).toEqual(["Select…", "Bug", "Feature"]);
  });

  it("shows computed fields as read-only text", async () => {
    fakeServer({ [`GET ${API}/t1`]: answer({ code: "X-1" }) });
    await renderScreen(formScreen(), { params: { id: "t1" } });
    expect(await screen.findByText("X-1")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Code" })).toBeNull();
  });

  it("shows the server's field errors under their fields", async () => {
    await openTask({
      [`PATCH ${API}/t1`]: apiError(400, "invalid_input", "Invalid input", {
        fields: { title: "Title is too long" },
      }),
    });
    type(/^Title/, "x".repeat(10));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const message = await screen.findByText("Title is too long");
    expect(screen.getByLabelText(/^Title/).getAttribute("aria-describedby")).toBe(message.id);
  });

  it("shows a child row's error in its cell, in the server's words, on its tab, and focuses it", async () => {
    await openTask({
      [`GET ${API}/t1`]: answer({ lines: [{ id: "l1", item: "Desk", qty: 0, amount: 5 }] }),
      [`PATCH ${API}/t1`]: apiError(400, "invalid_input", "Line 1: Quantity must be at least 1", {
        fields: { "lines[0].qty": "Line 1: Quantity must be at least 1" },
      }),
    });
    type(/^Title/, "Changed");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const message = await screen.findByText("Line 1: Quantity must be at least 1");
    expect(screen.getByRole("tab", { name: "Lines" }).getAttribute("aria-selected")).toBe("true");
    const grid = screen.getByRole("table", { name: "Lines" });
    const cell = within(grid).getByLabelText("Quantity row 1");
    expect(message.closest("td")).toBe(cell.closest("td"));
    expect(cell.getAttribute("aria-invalid")).toBe("true");
    expect(cell.getAttribute("aria-describedby")).toBe(message.id);
    await waitFor(() => expect(document.activeElement).toBe(cell));
    expect(screen.getAllByText("Line 1: Quantity must be at least 1")).toHaveLength(1);
    fireEvent.change(cell, { target: { value: "2" } });
    expect(screen.queryByText("Line 1: Quantity must be at least 1")).toBeNull();
  });

  it("shows a field's error at the field, in the server's words, and focuses it", async () => {
    await openTask({
      [`PATCH ${API}/t1`]: apiError(400, "invalid_input", "Budget must be at least 0", {
        fields: { budget: "Budget must be at least 0" },
      }),
    });
    type("Budget", "-5");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const message = await screen.findByText("Budget must be at least 0");
    const input = screen.getByLabelText("Budget");
    expect(input.getAttribute("aria-describedby")).toBe(message.id);
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(screen.queryByText(/budget: /)).toBeNull();
  });

  it("a refusal because of the record's state shows the server's reason, not someone else's change", async () => {
    await openTask({
      [`PATCH ${API}/t1`]: apiError(
        409,
        "conflict",
        "Only a draft can be changed: this task is done",
        { fields: { title: "Title cannot be changed" } },
      ),
    });
    type(/^Title/, "Changed");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Only a draft can be changed: this task is done"))
      .toBeTruthy();
    expect(screen.queryByText(/changed by someone else/)).toBeNull();
    expect(screen.queryByText(/Reload/)).toBeNull();
  });

  it("an action refused because of the state does not say to reload; a stale one does", async () => {
    let stale = false;
    await openTask({
      [`POST ${API}/t1/actions/complete`]: () =>
        stale
          ? apiError(409, "conflict", "The task was changed by someone else.", {
            current_version: 4,
          })
          : apiError(409, "conflict", "Over budget: the project has $10.00 left"),
    });
    fireEvent.click(screen.getByRole("button", { name: "Complete" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Complete" }));
    expect(await screen.findByText("Over budget: the project has $10.00 left")).toBeTruthy();
    stale = true;
    fireEvent.click(screen.getByRole("button", { name: "Complete" }));
    fireEvent.click(
      within(await screen.findByRole("dialog")).getByRole("button", {
        name: "Complete",
      }),
    );
    expect(
      await screen.findByText(
        "The task was changed by someone else. Reload to see the current record.",
      ),
    ).toBeTruthy();
  });

  it("a record its state holds reads as read-only and says why", async () => {
    await openTask({
      [`GET ${API}/t1`]: {
        ...answer({ lines: [{ id: "l1", item: "Desk", qty: 2, amount: 5 }] }, []),
        read_only_fields: ["title", "lines", "budget"],
        read_only_reason: "Only a draft can be changed: this task is done",
      },
    });
    expect(screen.getByText("Only a draft can be changed: this task is done.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: /^Title/ })).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: "Lines" }));
    const grid = screen.getByRole("table", { name: "Lines" });
    expect(within(grid).queryByRole("textbox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Add row" })).toBeNull();
  });

  it("a state that leaves some columns open edits only those, with rows fixed", async () => {
    await openTask({
      [`GET ${API}/t1`]: {
        ...answer({ lines: [{ id: "l1", item: "Desk", qty: 2, amount: 5 }] }, ACTIONS),
        read_only_fields: ["title", "lines.item", "lines.qty"],
        read_only_reason: "Only a draft can be changed: this task is in review",
      },
    });
    expect(
      screen.getByText(
        "Only a draft can be changed: this task is in review. Only the fields still open can be changed.",
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Lines" }));
    const grid = screen.getByRole("table", { name: "Lines" });
    expect(within(grid).queryByLabelText("Item row 1")).toBeNull();
    expect(within(grid).queryByLabelText("Quantity row 1")).toBeNull();
    expect(within(grid).getByLabelText("Amount row 1")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Add row" })).toBeNull();
    expect(within(grid).queryByRole("button", { name: "Remove row 1" })).toBeNull();
  });

  it("does not take the event of its own save, heard before the answer, for someone else's", async () => {
    await openTask({
      [`PATCH ${API}/t1`]: () => {
        publishRecordChange({ recordType: "task", id: "t1", version: 4 });
        return { record: taskRow("t1", { version: 4, title: "Mine" }) };
      },
    });
    type(/^Title/, "Mine");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Save" }).hasAttribute("disabled")).toBe(false)
    );
    expect(screen.queryByText(/changed by someone else/)).toBeNull();
  });

  it("on a stale save keeps the typed values, and Reload saves on the new version", async () => {
    let version = 3;
    const { server } = await openTask({
      [`GET ${API}/t1`]: () => answer({ version, budget: version === 3 ? 1234.5 : 99 }),
      [`PATCH ${API}/t1`]: (r) =>
        (r.body as { version: number }).version === 3
          ? apiError(409, "conflict", "The record was changed", { current_version: 4 })
          : { record: taskRow("t1", { version: 5, title: "Mine" }) },
    });
    version = 4;
    type(/^Title/, "Mine");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const banner = await screen.findByText(/This record was changed by someone else/);
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe("Mine");
    fireEvent.click(within(banner.parentElement!).getByRole("button", { name: "Reload" }));
    await waitFor(() => expect(screen.queryByText(/changed by someone else/)).toBeNull());
    expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe("Mine");
    expect((screen.getByLabelText("Budget") as HTMLInputElement).value).toBe("99");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("PATCH", `${API}/t1`)).toHaveLength(2));
    expect(server.to("PATCH", `${API}/t1`)[1].body).toEqual({
      version: 4,
      values: { title: "Mine" },
    });
  });

  it("refetches on another's change when clean, and warns instead when there are edits", async () => {
    let title = "Task t1";
    await openTask({
      [`GET ${API}/t1`]: () => answer({ title, version: title === "Task t1" ? 3 : 4 }),
    });
    title = "Theirs";
    act(() => publishRecordChange({ recordType: "task", id: "t1", version: 4 }));
    expect(await screen.findByRole("heading", { name: "Theirs" })).toBeTruthy();
    type("Estimated hours", "7");
    act(() => publishRecordChange({ recordType: "task", id: "t1", version: 5 }));
    expect(await screen.findByText(/This record was changed by someone else/)).toBeTruthy();
    expect((screen.getByLabelText("Estimated hours") as HTMLInputElement).value).toBe("7");
    act(() => publishRecordChange({ recordType: "task", id: "t2", version: 9 }));
  });

  it("loads the screen's other sources (its tabs) again when the record changes", async () => {
    const server = fakeServer({
      [`GET ${API}/t1`]: answer(),
      "GET /approvals": { decisions: 1 },
    });
    await renderScreen(
      screenOf({ type: "page", children: [formScreen().body] }, {
        sources: { approvals: { method: "GET", path: "/approvals" } },
      }),
      { params: { id: "t1" } },
    );
    await screen.findByRole("heading", { name: "Task t1" });
    await waitFor(() => expect(server.to("GET", "/approvals")).toHaveLength(1));
    act(() => publishRecordChange({ recordType: "task", id: "t2", version: 9 }));
    act(() => publishRecordChange({ recordType: "project", id: "t1", version: 9 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.to("GET", "/approvals")).toHaveLength(1);
    act(() => publishRecordChange({ recordType: "task", id: "t1", version: 4 }));
    await waitFor(() => expect(server.to("GET", "/approvals")).toHaveLength(2));
  });

  it("looks again after a bulk change of its type only when it has no edits", async () => {
    let title = "Task t1";
    const { server } = await openTask({
      [`GET ${API}/t1`]: () => answer({ title, version: title === "Task t1" ? 3 : 4 }),
    });
    title = "Bulk renamed";
    act(() => publishRecordChange({ recordType: "task", id: null }));
    expect(await screen.findByRole("heading", { name: "Bulk renamed" })).toBeTruthy();
    type("Estimated hours", "7");
    act(() => publishRecordChange({ recordType: "task", id: null }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.to("GET", `${API}/t1`)).toHaveLength(2);
    expect(screen.queryByText(/changed by someone else/)).toBeNull();
  });

  it("ignores the event of its own save", async () => {
    const { server } = await openTask();
    act(() => publishRecordChange({ recordType: "task", id: "t1", version: 3 }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.to("GET", `${API}/t1`)).toHaveLength(1);
  });

  it("creates a new record and opens it at its address", async () => {
    const server = fakeServer({ [`POST ${API}`]: { record: taskRow("t9") } });
    const { router, toasts } = await renderScreen(
      formScreen({ initial: { project: "p7" } }),
      { params: { id: "new" } },
    );
    expect(await screen.findByRole("heading", { name: "New Task" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    type(/^Title/, "Write the report");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/tasks/t9"));
    expect(server.to("POST", API)[0].body).toEqual({
      values: { title: "Write the report", project: "p7", lines: [] },
    });
    expect(toasts).toEqual(["Task Task t9 created"]);
  });

  it("has a required Name input for a type named by its name, and opens under /app", async () => {
    const meta = taskMeta({ title_field: "name", form_route: "clients/:id" });
    meta.form.tabs[0].sections[0].columns[0].unshift("name");
    const server = fakeServer({ [`POST ${API}`]: { record: taskRow("c7") } });
    const { router } = await renderScreen(formScreen({ meta }), { params: { id: "new" } });
    const name = await screen.findByLabelText(/^Name/);
    expect(name.getAttribute("aria-required")).toBe("true");
    type(/^Title/, "Unnamed");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    fireEvent.change(name, { target: { value: "Acme Ltd" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/clients/c7"));
    expect(server.to("POST", API)[0].body).toMatchObject({
      values: { name: "Acme Ltd", title: "Unnamed" },
    });
  });

  it("shows a series-named record's ID read-only", async () => {
    const meta = taskMeta();
    meta.form.tabs[0].sections[0].columns[0].unshift("name");
    fakeServer({ [`GET ${API}/t1`]: answer() });
    await renderScreen(formScreen({ meta }), { params: { id: "t1" } });
    expect(await screen.findByText("TSK-t1")).toBeTruthy();
    expect(screen.queryByLabelText(/^ID/)).toBeNull();
  });

  it("shows a series-named record's number in its header when the layout leaves it out", async () => {
    fakeServer({ [`GET ${API}/t1`]: answer() });
    await renderScreen(formScreen({ meta: taskMeta() }), { params: { id: "t1" } });
    const form = await screen.findByRole("form");
    expect(within(form).getByText("TSK-t1").className).toBe("record-number");
  });

  it("takes an action with an optional comment", async () => {
    const { server } = await openTask({
      [`POST ${API}/t1/actions/complete`]: { record: taskRow("t1", { version: 4 }) },
    });
    fireEvent.click(screen.getByRole("button", { name: "Complete" }));
    const dialog = screen.getByRole("dialog", { name: "Complete" });
    fireEvent.change(within(dialog).getByLabelText(/Comment/), { target: { value: "All done" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Complete" }));
    await waitFor(() => expect(server.to("POST", `${API}/t1/actions/complete`)).toHaveLength(1));
    expect(server.to("POST", `${API}/t1/actions/complete`)[0].body).toEqual({
      version: 3,
      comment: "All done",
    });
  });

  it("takes an action that asks for a signature only with the signer's full name", async () => {
    const sign = {
      id: "accept",
      label: "Accept",
      signature: "required",
      confirm_label: "Accept",
      keep_label: "Go back",
      done: "accepted",
    };
    const { server } = await openTask({
      [`GET ${API}/t1`]: answer({}, [sign]),
      [`POST ${API}/t1/actions/accept`]: { record: taskRow("t1", { version: 4 }), made: [] },
    });
    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    const dialog = screen.getByRole("dialog", { name: "Accept" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept" }));
    expect(within(dialog).getByText("Type the signer's full name")).toBeTruthy();
    expect(server.to("POST", `${API}/t1/actions/accept`)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText(/Full name of the signer/), {
      target: { value: " Nancy Davolio " },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(server.to("POST", `${API}/t1/actions/accept`)).toHaveLength(1));
    expect(server.to("POST", `${API}/t1/actions/accept`)[0].body).toEqual({
      version: 3,
      signature_name: "Nancy Davolio",
    });
  });

  it("takes an action from its dialog without saving the form behind it", async () => {
    // The dialog is a portal inside the record's form: its submit must not bubble
    // to the form, which would save the record on its old version (409, "changed by
    // someone else").
    const { server } = await openTask({
      [`POST ${API}/t1/actions/complete`]: { record: taskRow("t1", { version: 4 }), made: [] },
    });
    fireEvent.click(screen.getByRole("button", { name: "Complete" }));
    const dialog = screen.getByRole("dialog", { name: "Complete" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Complete" }));
    await waitFor(() => expect(server.to("POST", `${API}/t1/actions/complete`)).toHaveLength(1));
    expect(server.requests.filter((r) => r.method !== "GET").map((r) => r.method)).toEqual([
      "POST",
    ]);
  });

  it("tells an action's result by its words, naming and linking the record it made", async () => {
    await openTask({
      [`POST ${API}/t1/actions/complete`]: {
        record: taskRow("t1", { version: 4 }),
        made: [{
          type: "client",
          label: "Client",
          id: "c1",
          title: "Fabrikam",
          path: "/app/clients/c1",
        }],
      },
    }, { realDialogs: true });
    fireEvent.click(screen.getByRole("button", { name: "Complete" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Complete" }));
    const notices = screen.getByRole("region", { name: "Notices" });
    expect(
      await within(notices).findByText(/Task Task t1 completed — client Fabrikam created/),
    ).toBeTruthy();
    expect(within(notices).getByRole("link", { name: "Open Fabrikam" }).getAttribute("href"))
      .toBe("/app/clients/c1");
  });

  it("asks before a cancel with buttons that say what each does, never two Cancels", async () => {
    const { server } = await openTask({
      [`GET ${API}/t1`]: answer({}, [...ACTIONS, CANCEL]),
      [`POST ${API}/t1/actions/cancel`]: { record: taskRow("t1", { version: 4 }), made: [] },
    }, { realDialogs: true });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel task" });
    expect(within(dialog).getByText("Cancel this task? It stays on file, cancelled.")).toBeTruthy();
    const buttons = within(dialog).getAllByRole("button").map((b) => b.textContent);
    expect(buttons).toEqual(["×", "Cancel task", "Keep task"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep task" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel task" }));
    await waitFor(() => expect(server.to("POST", `${API}/t1/actions/cancel`)).toHaveLength(1));
    const notices = screen.getByRole("region", { name: "Notices" });
    expect(await within(notices).findByText("Task Task t1 cancelled")).toBeTruthy();
  });

  it("holds actions back while there are unsaved edits", async () => {
    await openTask();
    type(/^Title/, "Changed");
    const complete = screen.getByRole("button", { name: "Complete" });
    expect(complete.hasAttribute("disabled")).toBe(true);
    expect(complete.getAttribute("title")).toBe("Save your changes first");
  });

  it("shows why an action was refused", async () => {
    await openTask({
      [`POST ${API}/t1/actions/complete`]: apiError(409, "conflict", "Open subtasks remain."),
    });
    fireEvent.click(screen.getByRole("button", { name: "Complete" }));
    fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Complete" }));
    expect(await screen.findByText(/Open subtasks remain\./)).toBeTruthy();
  });

  it("deletes with the record's version after confirming in the product's own dialog", async () => {
    const browserConfirm = vi.spyOn(globalThis, "confirm");
    const { server, toasts } = await openTask(
      { [`DELETE ${API}/t1`]: new Response(null, { status: 204 }) },
      { realDialogs: true },
    );
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete task" });
    expect(within(dialog).getByText("Delete this task? This cannot be undone.")).toBeTruthy();
    expect(document.activeElement?.textContent).toBe("Keep task");
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep task" }));
    expect(server.to("DELETE", `${API}/t1`)).toHaveLength(0);
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    fireEvent.click(screen.getByRole("button", { name: "Delete task" }));
    await waitFor(() => expect(server.to("DELETE", `${API}/t1`)).toHaveLength(1));
    expect(server.to("DELETE", `${API}/t1`)[0].url).toBe(`${API}/t1?version=3`);
    expect(toasts).toEqual(["Task Task t1 deleted"]);
    expect(browserConfirm).not.toHaveBeenCalled();
  });

  it("offers neither Save nor Delete when the record does not allow them", async () => {
    fakeServer({ [`GET ${API}/t1`]: answer({}, []) });
    await renderScreen(formScreen(), { params: { id: "t1" } });
    expect(await screen.findByRole("heading", { name: "Task t1" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.getByText("High")).toBeTruthy();
  });

  it("in read mode shows values only, in the user's words", async () => {
    fakeServer({ [`GET ${API}/t1`]: answer() });
    await renderScreen(formScreen({ mode: "read" }), { params: { id: "t1" } });
    expect(await screen.findByText("Apollo")).toBeTruthy();
    expect(screen.getByText("Mar 4, 2026")).toBeTruthy();
    expect(screen.getByText("$1,234.50")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Complete" })).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("links another record through type-ahead search", async () => {
    const { server } = await openTask({
      "GET /api/records/project/search": { items: [{ id: "p2", title: "Zeus" }] },
      [`PATCH ${API}/t1`]: { record: taskRow("t1", { version: 4 }) },
    });
    const input = screen.getByRole("combobox", { name: "Project" });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "ze" } });
    await waitFor(() =>
      expect(server.to("GET", "/api/records/project/search").map((r) => r.url)).toContain(
        "/api/records/project/search?q=ze",
      )
    );
    expect(await screen.findByRole("option", { name: "Zeus" })).toBeTruthy();
    fireEvent.keyDown(input, { key: "Enter" });
    expect((input as HTMLInputElement).value).toBe("Zeus");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("PATCH", `${API}/t1`)).toHaveLength(1));
    expect(server.to("PATCH", `${API}/t1`)[0].body).toEqual({
      version: 3,
      values: { project: "p2" },
    });
  });

  it("asks before leaving with unsaved edits", async () => {
    const { router } = await openTask({}, { realDialogs: true });
    type(/^Title/, "Unsaved");
    await act(() => router.navigate("/elsewhere"));
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving" });
    expect(within(dialog).getByText("You have unsaved changes. Leave without saving?"))
      .toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Stay and keep editing" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(router.state.location.pathname).toBe("/screen");
    const unload = new Event("beforeunload", { cancelable: true });
    globalThis.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);
  });

  it("lets the page unload freely when nothing is edited", async () => {
    await openTask();
    const unload = new Event("beforeunload", { cancelable: true });
    globalThis.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
  });

  it("shows the descriptor's own tabs after the layout's, loading their sources when opened", async () => {
    const server = fakeServer({
      [`GET ${API}/t1`]: answer(),
      "GET /api/tasks/t1/visits": { items: [{ day: "Monday" }] },
    });
    const descriptor = screenOf({
      type: "record-form",
      api: API,
      meta: taskMeta(),
      recordId: { $param: "id" },
      tabs: [{
        id: "visits",
        label: "Visits",
        opens: "form_tab_visits",
        children: [{
          type: "table",
          source: "visits",
          columns: [{ key: "day", label: "Day" }],
          emptyText: "No visits",
        }],
      }],
    }, {
      sources: {
        visits: {
          method: "GET",
          path: "/api/tasks/{id}/visits",
          select: "items",
          enabledWhen: ["form_tab_visits"],
        },
      },
    });
    await renderScreen(descriptor, { params: { id: "t1" } });
    await screen.findByRole("heading", { name: "Task t1" });
    expect(server.to("GET", "/api/tasks/t1/visits")).toHaveLength(0);
    fireEvent.click(screen.getByRole("tab", { name: "Visits" }));
    const panel = await screen.findByRole("tabpanel", { name: "Visits" });
    expect(await within(panel).findByText("Monday")).toBeTruthy();
    // The tab's widgets sit outside the record's form element, so their own forms never nest in it.
    expect(screen.getByRole("form").contains(panel)).toBe(false);
    expect(screen.queryByLabelText(/^Title/)).toBeNull();
    fireEvent.click(screen.getByRole("tab", { name: "Lines" }));
    expect(screen.queryByRole("tabpanel", { name: "Visits" })).toBeNull();
  });
  it("offers the records it may start, and opens one's new form with its values", async () => {
    const values = {
      title: "Follow-up of Task t1",
      project: "p1",
      project__title: "Apollo",
      lines: [{ item: "Review", qty: 1, amount: 40 }],
    };
    const { router } = await openTask({
      [`GET ${API}/t1`]: {
        ...answer(),
        makes: [{ id: "follow_up", label: "Follow-up task" }],
      },
      [`GET ${API}/t1/make/follow_up`]: { type: "task", path: "/app/tasks/new", values },
    });
    fireEvent.click(screen.getByRole("button", { name: "Follow-up task" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/tasks/new"));
    expect(router.state.location.state).toEqual({ initial: values });
  });
  it("starts a new record with the values its navigation brought", async () => {
    fakeServer({});
    await renderScreen(formScreen({ recordId: "new" }), {
      state: {
        initial: {
          title: "Follow-up of Task t1",
          project: "p1",
          project__title: "Apollo",
          lines: [{ item: "Review", qty: 1, amount: 40 }],
        },
      },
    });
    expect(((await screen.findByLabelText(/^Title/)) as HTMLInputElement).value)
      .toBe("Follow-up of Task t1");
    expect((screen.getByRole("combobox", { name: "Project" }) as HTMLInputElement).value)
      .toBe("Apollo");
    fireEvent.click(screen.getByRole("tab", { name: "Lines" }));
    const grid = screen.getByRole("table", { name: "Lines" });
    expect((within(grid).getByLabelText("Item row 1") as HTMLInputElement).value).toBe("Review");
  });

  it("says why an action would be refused, links to what stands in its way, and offers no way to take it", async () => {
    const cancel = {
      id: "cancel",
      label: "Cancel",
      tone: "danger",
      comment: "optional",
      confirm: "Cancel this task?",
      confirm_label: "Cancel task",
      keep_label: "Keep task",
    };
    const { server, router } = await openTask({
      [`GET ${API}/t1`]: answer({}, [{
        ...cancel,
        blocked: {
          reason: "This task has $400.00 paid by PAY-2026-00003: cancel those payments first.",
          links: [{ label: "Open PAY-2026-00003", path: "/app/payments/pay_3" }],
        },
      }]),
    });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel task" });
    expect(within(dialog).getByRole("alert").textContent).toContain(
      "This task has $400.00 paid by PAY-2026-00003: cancel those payments first.",
    );
    expect(within(dialog).queryByRole("button", { name: "Cancel task" })).toBeNull();
    expect(within(dialog).queryByLabelText(/Comment/)).toBeNull();
    fireEvent.click(within(dialog).getByRole("link", { name: "Open PAY-2026-00003" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/payments/pay_3"));
    expect(server.to("POST", `${API}/t1/actions/cancel`)).toHaveLength(0);
  });

  it("names what its confirmation's buttons do: Cancel task beside Keep task", async () => {
    const { server } = await openTask({
      [`GET ${API}/t1`]: answer({}, [{
        id: "cancel",
        label: "Cancel",
        tone: "danger",
        comment: "optional",
        confirm: "Cancel this task? It stays on record as cancelled.",
        confirm_label: "Cancel task",
        keep_label: "Keep task",
      }]),
      [`POST ${API}/t1/actions/cancel`]: { record: taskRow("t1", { version: 4 }) },
    });
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel task" });
    expect(within(dialog).getByText("Cancel this task? It stays on record as cancelled."))
      .toBeTruthy();
    // Two buttons, each saying what it does; none merely "Cancel".
    const words = within(dialog).getAllByRole("button").map((b) => b.textContent);
    expect(words.filter((w) => w !== "×")).toEqual(["Cancel task", "Keep task"]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep task" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    fireEvent.click(
      within(screen.getByRole("dialog", { name: "Cancel task" })).getByRole("button", {
        name: "Cancel task",
      }),
    );
    await waitFor(() => expect(server.to("POST", `${API}/t1/actions/cancel`)).toHaveLength(1));
  });
});
