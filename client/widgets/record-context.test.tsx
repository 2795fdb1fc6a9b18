/**
 * Related records carry their context, as the user sees it: New from a list
 * confined to a parent opens a form with the parent filled in (by its title),
 * "Save and new" keeps what the next record shares, linked records are links,
 * and a link's picker offers only records meeting the field's conditions.
 */
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { FieldMeta } from "../../schemas/records/meta.ts";
import { taskMeta, taskRow } from "../testing/record-fixture.ts";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/task";

/** The test task type whose project links to the project's form, as the server says for readers. */
function linkedMeta() {
  const meta = taskMeta();
  const project = meta.fields.find((f) => f.id === "project")!;
  project.link_route = "projects/:id";
  return meta;
}

function newForm(meta = linkedMeta()) {
  return screenOf({
    type: "record-form",
    api: API,
    meta,
    recordId: "new",
    initial: { project: { $query: "project" }, priority: { $query: "priority" } },
  });
}

function searchFilters(url: string): unknown {
  const filters = new URL(url, "http://localhost").searchParams.get("filters");
  return filters === null ? null : JSON.parse(filters);
}

describe("records carrying their context", () => {
  it("New on a list confined to a parent opens the form with that parent in its address", async () => {
    fakeServer({
      [`POST ${API}/list`]: { items: [], next_cursor: null, total: { count: 0, exact: true } },
    });
    const { router } = await renderScreen(
      screenOf({
        type: "record-list",
        api: API,
        meta: taskMeta(),
        compact: true,
        fixedFilters: [
          { field: "project", op: "eq", value: { $param: "id" } },
          { field: "due_date", op: "gte", value: "2026-01-01" },
        ],
      }),
      { params: { id: "p1" } },
    );
    fireEvent.click(await screen.findByRole("button", { name: "New" }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      "/app/tasks/new?project=p1",
    );
  });

  it("New on a list the user filtered to one project starts a task of it; its cells link", async () => {
    fakeServer({
      [`POST ${API}/list`]: {
        items: [taskRow("t1")],
        next_cursor: null,
        total: { count: 1, exact: true },
      },
      "GET /api/records/project/search": { items: [{ id: "p2", title: "Zeus" }] },
    });
    const { router } = await renderScreen(
      screenOf({ type: "record-list", api: API, meta: linkedMeta() }),
    );
    const cell = await screen.findByRole("link", { name: "Apollo" });
    expect(cell.getAttribute("href")).toBe("/app/projects/p1");
    fireEvent.click(screen.getByRole("button", { name: "Filter" }));
    const form = screen.getByRole("form", { name: "Add filter" });
    fireEvent.change(within(form).getByLabelText("Field"), { target: { value: "project" } });
    const input = within(form).getByRole("combobox", { name: "Value" });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: "ze" } });
    fireEvent.mouseDown(await screen.findByRole("option", { name: "Zeus" }));
    fireEvent.click(within(form).getByRole("button", { name: "Apply filter" }));
    await screen.findByText("Project is Zeus");
    fireEvent.click(screen.getByRole("button", { name: "New" }));
    expect(router.state.location.pathname + router.state.location.search).toBe(
      "/app/tasks/new?project=p2",
    );
  });

  it("a new record starts from its address: the parent shown by its title, numbers typed", async () => {
    const server = fakeServer({
      "GET /api/records/project/search": { items: [{ id: "p1", title: "Apollo" }] },
    });
    await renderScreen(newForm(), { query: { project: "p1", priority: "3" } });
    const project = await screen.findByRole("combobox", { name: "Project" }) as HTMLInputElement;
    await waitFor(() => expect(project.value).toBe("Apollo"));
    expect(searchFilters(server.to("GET", "/api/records/project/search")[0].url)).toEqual([
      { field: "id", op: "eq", value: "p1" },
    ]);
    expect((screen.getByLabelText("Priority") as HTMLSelectElement).selectedOptions[0].text)
      .toBe("High");
    expect(screen.getByRole("link", { name: "Open Apollo" }).getAttribute("href")).toBe(
      "/app/projects/p1",
    );
  });

  it("Save and new creates the record and starts the next with the shared fields kept", async () => {
    let created = 0;
    const server = fakeServer({
      "GET /api/records/project/search": { items: [{ id: "p1", title: "Apollo" }] },
      [`POST ${API}`]: () => ({ record: taskRow(`t${++created}`) }),
    });
    const { router, toasts } = await renderScreen(newForm(), { query: { project: "p1" } });
    const title = await screen.findByLabelText(/^Title/) as HTMLInputElement;
    fireEvent.change(title, { target: { value: "Kick-off" } });
    fireEvent.change(screen.getByLabelText("Due date"), { target: { value: "2026-05-01" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and new" }));
    await waitFor(() => expect(server.to("POST", API)).toHaveLength(1));
    expect(server.to("POST", API)[0].body).toMatchObject({
      values: { title: "Kick-off", project: "p1", due_date: "2026-05-01" },
    });
    await waitFor(() => expect(title.value).toBe(""));
    expect(toasts).toEqual(["Task Task t1 created"]);
    expect((screen.getByLabelText("Due date") as HTMLInputElement).value).toBe("");
    expect((screen.getByRole("combobox", { name: "Project" }) as HTMLInputElement).value)
      .toBe("Apollo");
    // Focus moves in an effect after the fresh form renders.
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(router.state.location.pathname).toBe("/screen");

    fireEvent.change(title, { target: { value: "Requirements" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("POST", API)).toHaveLength(2));
    expect(server.to("POST", API)[1].body).toMatchObject({
      values: { title: "Requirements", project: "p1" },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/app/tasks/t2"));
  });

  it("Save and new keeps a link the user picked, and clears what they typed", async () => {
    fakeServer({
      "GET /api/records/project/search": { items: [{ id: "p2", title: "Zeus" }] },
      [`POST ${API}`]: { record: taskRow("t1") },
    });
    await renderScreen(newForm(), {});
    const project = await screen.findByRole("combobox", { name: "Project" });
    fireEvent.change(project, { target: { value: "Ze" } });
    fireEvent.mouseDown(await screen.findByRole("option", { name: "Zeus" }));
    fireEvent.change(screen.getByLabelText(/^Title/), { target: { value: "One" } });
    fireEvent.click(screen.getByRole("button", { name: "Save and new" }));
    await waitFor(() =>
      expect((screen.getByLabelText(/^Title/) as HTMLInputElement).value).toBe("")
    );
    expect((project as HTMLInputElement).value).toBe("Zeus");
  });

  it("a read-only record shows its links as links to the linked records", async () => {
    fakeServer({
      [`GET ${API}/t1`]: { record: taskRow("t1"), actions: [], read_only_fields: [] },
    });
    await renderScreen(
      screenOf({
        type: "record-form",
        api: API,
        meta: linkedMeta(),
        recordId: { $param: "id" },
        mode: "read",
      }),
      { params: { id: "t1" } },
    );
    const link = await screen.findByRole("link", { name: "Apollo" });
    expect(link.getAttribute("href")).toBe("/app/projects/p1");
    expect(screen.queryByText("p1")).toBeNull();
  });

  it("a link's picker offers records meeting its conditions, filled in from the form", async () => {
    const meta = linkedMeta();
    const client: FieldMeta = { id: "client", label: "Client", type: "link", link: "client" };
    const invoice: FieldMeta = {
      id: "invoice",
      label: "Invoice",
      type: "link",
      link: "invoice",
      link_filters: [
        { field: "client", op: "eq", value: { $field: "client" } },
        { field: "docstatus", op: "eq", value: 1 },
      ],
    };
    meta.fields.push(client, invoice, {
      id: "allocations",
      label: "Allocations",
      type: "table",
      fields: [{ ...invoice, id: "invoice" }, { id: "amount", label: "Amount", type: "currency" }],
    });
    meta.form.tabs[0].sections[0].columns[0].push("client", "invoice");
    meta.form.tabs[1].sections[0].columns[0].push("allocations");
    const server = fakeServer({
      "GET /api/records/client/search": { items: [{ id: "c1", title: "Northwind" }] },
      "GET /api/records/invoice/search": { items: [{ id: "i1", title: "INV-1" }] },
    });
    await renderScreen(newForm(meta), {});
    const pickClient = await screen.findByRole("combobox", { name: "Client" });
    fireEvent.change(pickClient, { target: { value: "North" } });
    fireEvent.mouseDown(await screen.findByRole("option", { name: "Northwind" }));

    fireEvent.change(screen.getByRole("combobox", { name: "Invoice" }), {
      target: { value: "INV" },
    });
    await screen.findByRole("option", { name: "INV-1" });
    const wanted = [
      { field: "client", op: "eq", value: "c1" },
      { field: "docstatus", op: "eq", value: 1 },
    ];
    await waitFor(() =>
      expect(
        server.to("GET", "/api/records/invoice/search").map((r) => searchFilters(r.url)),
      ).toContainEqual(wanted)
    );

    fireEvent.click(screen.getByRole("tab", { name: "Lines" }));
    const grid = screen.getByRole("table", { name: "Allocations" });
    fireEvent.click(within(grid.parentElement!).getByRole("button", { name: "Add row" }));
    const cell = await screen.findByRole("combobox", { name: "Invoice row 1" });
    const asked = server.to("GET", "/api/records/invoice/search").length;
    fireEvent.change(cell, { target: { value: "I" } });
    await waitFor(() =>
      expect(server.to("GET", "/api/records/invoice/search").length).toBeGreaterThan(asked)
    );
    expect(searchFilters(server.to("GET", "/api/records/invoice/search").at(-1)!.url)).toEqual(
      wanted,
    );
  });
});
