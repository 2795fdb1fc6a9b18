import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { storeTokens } from "../api/tokens.ts";
import { publishRecordChange } from "../api/record-events.ts";
import { taskMeta, taskRow } from "../testing/record-fixture.ts";
import { apiError, fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/task";

function listScreen(extra: Record<string, unknown> = {}) {
  return screenOf({ type: "record-list", api: API, meta: taskMeta(), ...extra });
}

function page(items: unknown[], next: string | null = null, count = items.length, exact = true) {
  return { items, next_cursor: next, total: { count, exact } };
}

describe("the record-list widget", () => {
  it("shows values in the user's words: options by label with tone, links by title, Yes/No, dates, money", async () => {
    fakeServer({ [`POST ${API}/list`]: page([taskRow("t1")], null, 1234) });
    await renderScreen(listScreen());
    expect(await screen.findByText("1,234 records")).toBeTruthy();
    const row = screen.getByRole("row", { name: /Task t1/ });
    const cells = within(row).getAllByRole("cell").map((c) => c.textContent);
    expect(cells).toEqual(["", "Task t1", "High", "Apollo", "Mar 4, 2026", "Yes", "$1,234.50"]);
    expect(within(row).getByText("High").className).toContain("tone-warning");
  });

  it("shows the standard columns: the record's name, state by label, and when it changed", async () => {
    const meta = taskMeta();
    meta.list.columns = ["name", "title", "status", "updated_at"];
    const server = fakeServer({
      [`POST ${API}/list`]: page([
        taskRow("t1", { status: "done", updated_at: "2026-03-04T15:30:00Z" }),
      ]),
    });
    await renderScreen(screenOf({ type: "record-list", api: API, meta }));
    const row = await screen.findByRole("row", { name: /Task t1/ });
    const cells = within(row).getAllByRole("cell").map((c) => c.textContent);
    expect(cells.slice(1, 4)).toEqual(["TSK-t1", "Task t1", "Done"]);
    expect(within(row).getByText("Done").className).toContain("tone-success");
    fireEvent.click(screen.getByRole("button", { name: /Status/ }));
    await waitFor(() =>
      expect(server.to("POST", `${API}/list`).at(-1)?.body).toMatchObject({
        sort: [{ field: "status", dir: "asc" }],
      })
    );
  });

  it("says when the count is capped", async () => {
    fakeServer({ [`POST ${API}/list`]: page([taskRow("t1")], "c2", 10_000, false) });
    await renderScreen(listScreen());
    expect(await screen.findByText("More than 10,000 records")).toBeTruthy();
  });

  it("pages with the server's cursor", async () => {
    const server = fakeServer({
      [`POST ${API}/list`]: (r) =>
        (r.body as { cursor?: string }).cursor === "c2"
          ? page([taskRow("t2")])
          : page([taskRow("t1")], "c2", 2),
    });
    await renderScreen(listScreen({ pageSize: 1 }));
    fireEvent.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Task t2")).toBeTruthy();
    expect(screen.getByText("Task t1")).toBeTruthy();
    expect(server.to("POST", `${API}/list`).map((r) => r.body)).toEqual([
      { limit: 1, fields: taskMeta().list.columns },
      { limit: 1, fields: taskMeta().list.columns, cursor: "c2" },
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("sorts by a clicked header, and by a further column with Shift", async () => {
    const server = fakeServer({ [`POST ${API}/list`]: page([taskRow("t1")]) });
    await renderScreen(listScreen());
    const header = await screen.findByRole("columnheader", { name: /Due date/ });
    expect(header.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(within(header).getByRole("button"));
    await waitFor(() =>
      expect(server.to("POST", `${API}/list`).at(-1)?.body).toMatchObject({
        sort: [{ field: "due_date", dir: "desc" }],
      })
    );
    fireEvent.click(screen.getByRole("button", { name: /Priority/ }), { shiftKey: true });
    await waitFor(() =>
      expect(server.to("POST", `${API}/list`).at(-1)?.body).toMatchObject({
        sort: [{ field: "due_date", dir: "desc" }, { field: "priority", dir: "asc" }],
      })
    );
    expect(screen.getByRole("columnheader", { name: "Project" }).querySelector("button"))
      .toBeNull();
  });

  it("searches once the typing pauses", async () => {
    const server = fakeServer({ [`POST ${API}/list`]: page([taskRow("t1")]) });
    await renderScreen(listScreen());
    const box = await screen.findByRole("searchbox", { name: "Search Tasks" });
    fireEvent.change(box, { target: { value: "ap" } });
    fireEvent.change(box, { target: { value: "apollo" } });
    await waitFor(() =>
      expect(server.to("POST", `${API}/list`).at(-1)?.body).toMatchObject({ search: "apollo" })
    );
    expect(
      server.to("POST", `${API}/list`).filter((r) =>
        (r.body as { search?: string }).search === "ap"
      ),
    )
      .toHaveLength(0);
  });

  it("adds a filter as a chip in words, and removes it", async () => {
    const server = fakeServer({ [`POST ${API}/list`]: page([taskRow("t1")]) });
    await renderScreen(listScreen());
    fireEvent.click(await screen.findByRole("button", { name: "Filter" }));
    const form = screen.getByRole("form", { name: "Add filter" });
    fireEvent.change(within(form).getByLabelText("Field"), { target: { value: "priority" } });
    fireEvent.change(within(form).getByLabelText("Value"), { target: { value: "4" } });
    fireEvent.click(within(form).getByRole("button", { name: "Apply filter" }));
    expect(await screen.findByText("Priority is Urgent")).toBeTruthy();
    await waitFor(() =>
      expect(server.to("POST", `${API}/list`).at(-1)?.body).toMatchObject({
        filters: [{ field: "priority", op: "eq", value: 4 }],
      })
    );
    fireEvent.click(screen.getByRole("button", { name: "Remove filter Priority is Urgent" }));
    await waitFor(() =>
      expect(server.to("POST", `${API}/list`).at(-1)?.body).not.toHaveProperty("filters")
    );
  });

  it("filters by any of several options and by a range of dates", async () => {
    const server = fakeServer({ [`POST ${API}/list`]: page([taskRow("t1")]) });
    await renderScreen(listScreen());
    fireEvent.click(await screen.findByRole("button", { name: "Filter" }));
    let form = screen.getByRole("form", { name: "Add filter" });
    fireEvent.change(within(form).getByLabelText("Field"), { target: { value: "priority" } });
    fireEvent.change(within(form).getByLabelText("Condition"), { target: { value: "in" } });
    fireEvent.click(within(form).getByRole("checkbox", { name: "Urgent" }));
    fireEvent.click(within(form).getByRole("checkbox", { name: "Low" }));
    fireEvent.click(within(form).getByRole("button", { name: "Apply filter" }));
    expect(await screen.findByText("Priority is any of Urgent, Low")).toBeTruthy();

    fireEvent.click(await screen.findByRole("button", { name: "Filter" }));
    form = screen.getByRole("form", { name: "Add filter" });
    fireEvent.change(within(form).getByLabelText("Field"), { target: { value: "due_date" } });
    fireEvent.change(within(form).getByLabelText("Condition"), { target: { value: "between" } });
    fireEvent.change(within(form).getByLabelText("From"), { target: { value: "2026-03-01" } });
    fireEvent.change(within(form).getByLabelText("To"), { target: { value: "2026-03-31" } });
    fireEvent.click(within(form).getByRole("button", { name: "Apply filter" }));
    await waitFor(() =>
      expect(server.to("POST", `${API}/list`).at(-1)?.body).toMatchObject({
        filters: [
          { field: "priority", op: "in", value: [4, 1] },
          { field: "due_date", op: "between", value: ["2026-03-01", "2026-03-31"] },
        ],
      })
    );
  });

  it("offers the caller's saved views besides the declared ones", async () => {
    fakeServer({
      [`POST ${API}/list`]: page([taskRow("t1")]),
      [`GET ${API}/views`]: {
        views: [
          { id: "mine", label: "My tasks", saved: false },
          { id: "v1", label: "Overdue", saved: true, filters: [] },
        ],
      },
    });
    await renderScreen(listScreen());
    const picker = await screen.findByRole("combobox", { name: "View" });
    await waitFor(() =>
      expect([...(picker as HTMLSelectElement).options].map((o) => o.text)).toEqual([
        "All tasks",
        "My tasks",
        "Overdue",
      ])
    );
    expect(screen.queryByRole("button", { name: "Delete view" })).toBeNull();
    fireEvent.change(picker, { target: { value: "v1" } });
    expect(screen.getByRole("button", { name: "Delete view" })).toBeTruthy();
  });

  it("picks a view, and saves the current filters as a named view", async () => {
    const server = fakeServer({
      [`POST ${API}/list`]: page([taskRow("t1")]),
      [`POST ${API}/views`]: { view: { id: "v9", label: "Urgent", filters: [] } },
    });
    await renderScreen(listScreen());
    fireEvent.change(await screen.findByRole("combobox", { name: "View" }), {
      target: { value: "mine" },
    });
    await waitFor(() =>
      expect(server.to("POST", `${API}/list`).at(-1)?.body).toMatchObject({ view: "mine" })
    );
    fireEvent.click(screen.getByRole("button", { name: "Save view" }));
    fireEvent.change(screen.getByRole("textbox", { name: "View name" }), {
      target: { value: "Urgent" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("POST", `${API}/views`)).toHaveLength(1));
    expect(server.to("POST", `${API}/views`)[0].body).toEqual({
      label: "Urgent",
      filters: [{ field: "title", op: "is_set" }],
      sort: [{ field: "due_date", dir: "asc" }],
      columns: taskMeta().list.columns,
    });
    expect(await screen.findByRole("option", { name: "Urgent", selected: true })).toBeTruthy();
    server.on(`DELETE ${API}/views/v9`, new Response(null, { status: 204 }));
    fireEvent.click(screen.getByRole("button", { name: "Delete view" }));
    await waitFor(() => expect(screen.queryByRole("option", { name: "Urgent" })).toBeNull());
    expect(server.to("DELETE", `${API}/views/v9`)).toHaveLength(1);
  });

  it("offers views shared with the caller apart, and shares the caller's own with a role", async () => {
    const server = fakeServer({
      [`POST ${API}/list`]: page([taskRow("t1")]),
      [`GET ${API}/views`]: {
        views: [
          { id: "v1", label: "Mine", saved: true, sharing: "private", shared_roles: [] },
          { id: "v2", label: "Team board", saved: false, shared_by: "Alice Morgan" },
        ],
        roles: [{ value: "finance", label: "Finance" }, { value: "member", label: "Member" }],
        sharing: [
          { value: "private", label: "Only me" },
          { value: "roles", label: "Roles" },
          { value: "organization", label: "Everyone" },
        ],
      },
      [`POST ${API}/views`]: {
        view: {
          id: "v9",
          label: "For finance",
          saved: true,
          sharing: "roles",
          shared_roles: ["finance"],
        },
      },
    });
    await renderScreen(listScreen());
    const picker = await screen.findByRole("combobox", { name: "View" });
    const shared = await within(picker).findByRole("group", { name: "Shared with you" });
    expect(within(shared).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Team board (Alice Morgan)",
    ]);
    // Someone else's view is neither shared again nor deleted by the caller.
    fireEvent.change(picker, { target: { value: "v2" } });
    expect(screen.queryByRole("combobox", { name: "Shared with" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete view" })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Save view" }));
    fireEvent.change(screen.getByRole("textbox", { name: "View name" }), {
      target: { value: "For finance" },
    });
    // The server's choices, its roles grouped under its own word for them.
    const shareWith = screen.getByRole("combobox", { name: "Share with" });
    expect([...(shareWith as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      "Only me",
      "Everyone",
      "Finance",
      "Member",
    ]);
    expect(within(shareWith).getByRole("group", { name: "Roles" })).toBeTruthy();
    fireEvent.change(shareWith, {
      target: { value: "roles:finance" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("POST", `${API}/views`)).toHaveLength(1));
    expect(server.to("POST", `${API}/views`)[0].body).toMatchObject({
      label: "For finance",
      sharing: "roles",
      shared_roles: ["finance"],
    });
    const sharing = await screen.findByRole("combobox", { name: "Shared with" });
    expect((sharing as HTMLSelectElement).selectedOptions[0].textContent).toBe("Finance");

    server.on(`PATCH ${API}/views/v9`, new Response(null, { status: 204 }));
    fireEvent.change(sharing, { target: { value: "private" } });
    await waitFor(() => expect(server.to("PATCH", `${API}/views/v9`)).toHaveLength(1));
    expect(server.to("PATCH", `${API}/views/v9`)[0].body).toEqual({
      sharing: "private",
      shared_roles: [],
    });
    await waitFor(() =>
      expect((sharing as HTMLSelectElement).selectedOptions[0].textContent).toBe("Only me")
    );
  });

  it("shows a link filter by the chosen record's title", async () => {
    const server = fakeServer({
      [`POST ${API}/list`]: page([taskRow("t1")]),
      "GET /api/records/project/search": { items: [{ id: "p2", title: "Zeus" }] },
    });
    await renderScreen(listScreen());
    fireEvent.click(await screen.findByRole("button", { name: "Filter" }));
    const form = screen.getByRole("form", { name: "Add filter" });
    fireEvent.change(within(form).getByLabelText("Field"), { target: { value: "project" } });
    const input = within(form).getByRole("combobox", { name: "Value" });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "ze" } });
    fireEvent.mouseDown(await screen.findByRole("option", { name: "Zeus" }));
    fireEvent.click(within(form).getByRole("button", { name: "Apply filter" }));
    expect(await screen.findByText("Project is Zeus")).toBeTruthy();
    await waitFor(() =>
      expect(server.to("POST", `${API}/list`).at(-1)?.body).toMatchObject({
        filters: [{ field: "project", op: "eq", value: "p2" }],
      })
    );
  });

  it("applies its fixed filters from the route, and a compact list offers only New", async () => {
    const server = fakeServer({ [`POST ${API}/list`]: page([taskRow("t1")]) });
    await renderScreen(
      listScreen({
        compact: true,
        fixedFilters: [{ field: "project", op: "eq", value: { $param: "id" } }],
      }),
      { params: { id: "p1" } },
    );
    expect(await screen.findByText("Task t1")).toBeTruthy();
    expect(server.to("POST", `${API}/list`)[0].body).toMatchObject({
      filters: [{ field: "project", op: "eq", value: "p1" }],
    });
    expect(screen.getByRole("button", { name: "New" })).toBeTruthy();
    for (const name of ["Import", "Export", "Filter", "Columns"]) {
      expect(screen.queryByRole("button", { name })).toBeNull();
    }
  });

  it("chooses its columns", async () => {
    const server = fakeServer({ [`POST ${API}/list`]: page([taskRow("t1")]) });
    await renderScreen(listScreen());
    fireEvent.click(await screen.findByRole("button", { name: "Columns" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Budget" }));
    await waitFor(() => expect(screen.queryByRole("columnheader", { name: "Budget" })).toBeNull());
    expect(server.to("POST", `${API}/list`).at(-1)?.body).toMatchObject({
      fields: ["title", "priority", "project", "due_date", "billable"],
    });
  });

  it("opens a row's form, and New opens a new record's form", async () => {
    fakeServer({ [`POST ${API}/list`]: page([taskRow("t1")]) });
    const { router } = await renderScreen(listScreen());
    fireEvent.click(await screen.findByText("Apollo"));
    expect(router.state.location.pathname).toBe("/app/tasks/t1");
    await act(() => router.navigate("/screen"));
    fireEvent.click(await screen.findByRole("button", { name: "New" }));
    expect(router.state.location.pathname).toBe("/app/tasks/new");
  });

  it("opens forms under /app when the form route is relative", async () => {
    fakeServer({ [`POST ${API}/list`]: page([taskRow("t1")]) });
    const meta = taskMeta({ form_route: "tasks/:id" });
    const { router } = await renderScreen(screenOf({ type: "record-list", api: API, meta }));
    fireEvent.click(await screen.findByText("Apollo"));
    expect(router.state.location.pathname).toBe("/app/tasks/t1");
  });

  it("shows only the buttons the caller may use", async () => {
    fakeServer({ [`POST ${API}/list`]: page([taskRow("t1")]) });
    const meta = taskMeta({
      actions: [],
      can: {
        read: true,
        create: false,
        update: false,
        comment: false,
        delete: false,
        export: false,
        import: false,
      },
    });
    await renderScreen(screenOf({ type: "record-list", api: API, meta }));
    expect(await screen.findByText("Task t1")).toBeTruthy();
    for (const name of ["New", "Import", "Export"]) {
      expect(screen.queryByRole("button", { name })).toBeNull();
    }
    expect(screen.queryByRole("checkbox", { name: "Select all" })).toBeNull();
  });

  it("bulk-edits one field of the selected rows, with no field chosen for the person", async () => {
    const server = fakeServer({
      [`POST ${API}/list`]: page([taskRow("t1"), taskRow("t2"), taskRow("t3")]),
      [`POST ${API}/bulk`]: {
        results: [
          { id: "t1", ok: true, version: 2 },
          {
            id: "t3",
            ok: false,
            error: { code: "conflict", message: "Closed tasks cannot change" },
          },
        ],
        succeeded: 1,
        failed: 1,
      },
    });
    const { toasts } = await renderScreen(listScreen(), { realDialogs: true });
    fireEvent.click(await screen.findByRole("checkbox", { name: "Select Task t1" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Task t3" }));
    expect(screen.getByText("2 selected")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Bulk edit" }));
    const form = screen.getByRole("form", { name: "Bulk edit" });
    const field = within(form).getByLabelText("Field") as HTMLSelectElement;
    expect(field.selectedOptions[0].text).toBe("Choose a field…");
    const apply = within(form).getByRole("button", { name: "Apply to 2 tasks" });
    expect(apply.hasAttribute("disabled")).toBe(true);
    expect(within(form).queryByLabelText("New value")).toBeNull();
    fireEvent.change(field, { target: { value: "priority" } });
    fireEvent.change(within(form).getByLabelText("New value"), { target: { value: "1" } });
    fireEvent.click(apply);
    await waitFor(() =>
      expect(toasts).toEqual(["1 updated, 1 failed: Task Task t3: Closed tasks cannot change"])
    );
    expect(screen.getByText("Task Task t3: Closed tasks cannot change")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(server.to("POST", `${API}/bulk`)[0].body).toEqual({
      ids: ["t1", "t3"],
      values: { priority: 1 },
    });
  });

  it("asks first, with the count, before a bulk edit of more than ten records", async () => {
    const rows = Array.from({ length: 11 }, (_, i) => taskRow(`t${i + 1}`));
    const server = fakeServer({
      [`POST ${API}/list`]: page(rows),
      [`POST ${API}/bulk`]: { results: [], succeeded: 11, failed: 0 },
    });
    await renderScreen(listScreen(), { realDialogs: true });
    expect(await screen.findByText("Task t2")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    fireEvent.click(screen.getByRole("button", { name: "Bulk edit" }));
    const form = screen.getByRole("form", { name: "Bulk edit" });
    fireEvent.change(within(form).getByLabelText("Field"), { target: { value: "priority" } });
    fireEvent.change(within(form).getByLabelText("New value"), { target: { value: "1" } });
    fireEvent.click(within(form).getByRole("button", { name: "Apply to 11 tasks" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Change 11 tasks" });
    expect(within(dialog).getByText("Change Priority on 11 tasks?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Go back" }));
    expect(server.to("POST", `${API}/bulk`)).toHaveLength(0);
    fireEvent.click(within(form).getByRole("button", { name: "Apply to 11 tasks" }));
    fireEvent.click(await screen.findByRole("button", { name: "Change 11 tasks" }));
    await waitFor(() => expect(server.to("POST", `${API}/bulk`)).toHaveLength(1));
  });

  it("asks before renaming even two records by their title", async () => {
    const server = fakeServer({
      [`POST ${API}/list`]: page([taskRow("t1"), taskRow("t2")]),
      [`POST ${API}/bulk`]: { results: [], succeeded: 2, failed: 0 },
    });
    await renderScreen(listScreen(), { realDialogs: true });
    expect(await screen.findByText("Task t2")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    fireEvent.click(screen.getByRole("button", { name: "Bulk edit" }));
    const form = screen.getByRole("form", { name: "Bulk edit" });
    fireEvent.change(within(form).getByLabelText("Field"), { target: { value: "title" } });
    fireEvent.change(within(form).getByLabelText("New value"), { target: { value: "Same" } });
    fireEvent.click(within(form).getByRole("button", { name: "Apply to 2 tasks" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Rename 2 tasks" });
    expect(within(dialog).getByText("Rename Title on 2 tasks?")).toBeTruthy();
    expect(document.activeElement?.textContent).toBe("Go back");
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(server.to("POST", `${API}/bulk`)).toHaveLength(0);
  });

  it("offers Undo on a bulk edit's result, and tells what the undo restored", async () => {
    const server = fakeServer({
      [`POST ${API}/list`]: page([taskRow("t1"), taskRow("t2")]),
      [`POST ${API}/bulk`]: {
        results: [{ id: "t1", ok: true, version: 2 }, { id: "t2", ok: true, version: 2 }],
        succeeded: 2,
        failed: 0,
        undo: { id: "bed_1", until: "2099-01-01T00:00:00.000Z" },
      },
      [`POST ${API}/bulk/undo`]: {
        results: [
          { id: "t1", ok: true, version: 3 },
          {
            id: "t2",
            ok: false,
            error: {
              code: "conflict",
              message: "Task t2 was changed after the bulk edit, so it was kept",
            },
          },
        ],
        succeeded: 1,
        failed: 1,
      },
    });
    const { toasts } = await renderScreen(listScreen(), { realDialogs: true });
    expect(await screen.findByText("Task t2")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    fireEvent.click(screen.getByRole("button", { name: "Bulk edit" }));
    const form = screen.getByRole("form", { name: "Bulk edit" });
    fireEvent.change(within(form).getByLabelText("Field"), { target: { value: "priority" } });
    fireEvent.change(within(form).getByLabelText("New value"), { target: { value: "2" } });
    fireEvent.click(within(form).getByRole("button", { name: "Apply to 2 tasks" }));
    const notices = screen.getByRole("region", { name: "Notices" });
    fireEvent.click(await within(notices).findByRole("button", { name: "Undo" }));
    await waitFor(() =>
      expect(toasts).toEqual([
        "2 updated",
        "1 restored, 1 kept: Task t2 was changed after the bulk edit, so it was kept",
      ])
    );
    expect(server.to("POST", `${API}/bulk/undo`)[0].body).toEqual({ edit: "bed_1" });
  });

  it("takes a bulk action on the selected rows in the server's words, with the comment it asks for", async () => {
    const meta = taskMeta();
    meta.actions = [{
      ...meta.actions[0],
      done: "completed",
      bulk_confirm: "Complete {count} tasks?",
      bulk_label: "Complete {count} tasks",
    }];
    const server = fakeServer({
      [`POST ${API}/list`]: page([taskRow("t1"), taskRow("t2")]),
      [`POST ${API}/bulk`]: { results: [], succeeded: 2, failed: 0 },
    });
    const { toasts } = await renderScreen(
      screenOf({ type: "record-list", api: API, meta }),
      { realDialogs: true },
    );
    expect(await screen.findByText("Task t2")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    fireEvent.click(screen.getByRole("button", { name: "Complete" }));
    const dialog = await screen.findByRole("dialog", { name: "Complete 2 tasks" });
    expect(within(dialog).getByText("Complete 2 tasks?")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Comment (optional)"), {
      target: { value: "Sprint closed" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Complete 2 tasks" }));
    await waitFor(() => expect(toasts).toEqual(["2 completed"]));
    expect(server.to("POST", `${API}/bulk`)[0].body).toEqual({
      ids: ["t1", "t2"],
      action: "complete",
      comment: "Sprint closed",
    });
  });

  it("imports a CSV after a dry run that reports each bad line by its column heading", async () => {
    let dryRuns = 0;
    const server = fakeServer({
      [`POST ${API}/list`]: page([taskRow("t1")]),
      [`GET ${API}/import/columns`]: {
        columns: [
          { heading: "Title", field: "title", required: true, format: "Text" },
          {
            heading: "Priority",
            field: "priority",
            required: false,
            format: "One of the accepted values",
            accepted: ["Low", "High"],
          },
        ],
      },
      [`POST ${API}/import`]: (r) => {
        const dry = (r.body as Record<string, unknown>).dry_run === "true";
        if (dry) dryRuns += 1;
        return dry && dryRuns === 1
          ? {
            dry_run: true,
            created: 0,
            updated: 0,
            failed: [{
              line: 3,
              field: "priority",
              column: "Priority",
              message: 'Priority: "9" is not one of the options (Low, High)',
            }],
            header: ["title", "Priority"],
            failed_rows: [{ line: 3, cells: ["B", "9"] }],
          }
          : { dry_run: dry, created: 2, updated: 0, failed: [], header: [], failed_rows: [] };
      },
    });
    const { toasts } = await renderScreen(listScreen());
    fireEvent.click(await screen.findByRole("button", { name: "Import" }));
    const dialog = screen.getByRole("dialog", { name: "Import Tasks" });
    const columns = await within(dialog).findByRole("table");
    expect(within(columns).getByRole("row", { name: "Title Required Text" })).toBeTruthy();
    expect(
      within(columns).getByRole("row", {
        name: "Priority Optional One of the accepted values Low, High",
      }),
    ).toBeTruthy();
    const file = new File(["title,Priority\nA,1\nB,9\n"], "tasks.csv", { type: "text/csv" });
    fireEvent.change(within(dialog).getByLabelText("CSV file"), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Check file" }));
    const problem = 'Priority: "9" is not one of the options (Low, High)';
    expect(await within(dialog).findByText(problem)).toBeTruthy();
    expect(within(dialog).getByRole("row", { name: `3 Priority ${problem}` })).toBeTruthy();

    const saved: Blob[] = [];
    const createUrl = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:failed";
    });
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      fireEvent.click(within(dialog).getByRole("button", { name: "Download failed rows" }));
      await waitFor(() => expect(names).toEqual(["tasks-failed-rows.csv"]));
      const bytes = new Uint8Array(await saved[0].arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(await saved[0].text()).toBe(
        'title,Priority,Error\r\nB,9,"Priority: ""9"" is not one of the options (Low, High)"\r\n',
      );
    } finally {
      createUrl.mockRestore();
      click.mockRestore();
    }

    fireEvent.click(within(dialog).getByRole("button", { name: "Check file" }));
    fireEvent.click(await within(dialog).findByRole("button", { name: "Import 2 rows" }));
    await waitFor(() => expect(toasts).toEqual(["2 tasks imported"]));
    const sent = server.to("POST", `${API}/import`).map((r) => r.body as Record<string, unknown>);
    expect(sent.map((b) => b.dry_run)).toEqual(["true", "true", "false"]);
    expect((sent[2].file as File).name).toBe("tasks.csv");
    expect(server.to("POST", `${API}/import`)[0].headers["content-type"]).toBeUndefined();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("offers the import's template file, fetched with the caller's token", async () => {
    storeTokens({ access_token: "tok", refresh_token: "r" });
    const server = fakeServer({
      [`POST ${API}/list`]: page([taskRow("t1")]),
      [`GET ${API}/import/columns`]: { columns: [] },
      [`GET ${API}/import/template`]: new Response(
        "\uFEFFTitle,Priority\r\nExample title,High\r\n",
        {
          headers: { "content-type": "text/csv" },
        },
      ),
    });
    await renderScreen(listScreen());
    fireEvent.click(await screen.findByRole("button", { name: "Import" }));
    const dialog = screen.getByRole("dialog", { name: "Import Tasks" });
    const saved: Blob[] = [];
    const names: string[] = [];
    const createUrl = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      saved.push(blob as Blob);
      return "blob:template";
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      fireEvent.click(within(dialog).getByRole("button", { name: "Download template" }));
      await waitFor(() => expect(names).toEqual(["tasks-import-template.csv"]));
      expect(await saved[0].text()).toContain("Title,Priority\r\nExample title,High");
      expect(server.to("GET", `${API}/import/template`)[0].headers.authorization).toBe(
        "Bearer tok",
      );
    } finally {
      createUrl.mockRestore();
      click.mockRestore();
    }
  });

  it("exports the list as filtered, searched and sorted now, through the API with the bearer token", async () => {
    storeTokens({ access_token: "tok", refresh_token: "r" });
    const server = fakeServer({
      [`POST ${API}/list`]: page([taskRow("t1")]),
      [`GET ${API}/export`]: new Response("title\nTask t1\n", {
        headers: { "Content-Type": "text/csv" },
      }),
    });
    const created = vi.fn(() => "blob:x");
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    await renderScreen(listScreen({ view: "mine" }));
    const box = await screen.findByRole("searchbox", { name: "Search Tasks" });
    fireEvent.change(box, { target: { value: "apollo" } });
    await waitFor(() =>
      expect(server.to("POST", `${API}/list`).at(-1)?.body).toMatchObject({ search: "apollo" })
    );
    fireEvent.click(await screen.findByRole("button", { name: "Export" }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    const request = server.to("GET", `${API}/export`)[0];
    expect(request.headers.authorization).toBe("Bearer tok");
    const query = new URL(request.url, "http://x").searchParams;
    expect(query.get("format")).toBe("csv");
    expect(JSON.parse(query.get("filters")!)).toEqual([{ field: "title", op: "is_set" }]);
    expect(query.get("search")).toBe("apollo");
    // The sort in effect: the view's, as the list shows it.
    expect(JSON.parse(query.get("sort")!)).toEqual([{ field: "due_date", dir: "asc" }]);
  });

  it("reloads when a record of its type changes elsewhere", async () => {
    let title = "Before";
    fakeServer({ [`POST ${API}/list`]: () => page([taskRow("t1", { title })]) });
    await renderScreen(listScreen());
    expect(await screen.findByText("Before")).toBeTruthy();
    title = "After";
    act(() => publishRecordChange({ recordType: "project", id: "p1" }));
    act(() => publishRecordChange({ recordType: "task", id: "t1", version: 2 }));
    expect(await screen.findByText("After")).toBeTruthy();
  });

  it("shows the server's refusal of the list", async () => {
    fakeServer({
      [`POST ${API}/list`]: apiError(403, "forbidden", "Missing permission tasks.read"),
    });
    await renderScreen(listScreen());
    expect((await screen.findByRole("alert")).textContent).toBe("Missing permission tasks.read");
  });

  it("is refused by the descriptor check when its api is not a record API", async () => {
    const { invalidNodes } = await renderScreen(
      screenOf({ type: "record-list", api: "/api/admin/users", meta: taskMeta() }),
    );
    expect([...invalidNodes.values()][0]).toMatch(
      /Invalid "record-list" node: \/api must match pattern/,
    );
  });
});
