import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RecordTypeMeta } from "../../schemas/records/meta.ts";
import { taskMeta } from "../testing/record-fixture.ts";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/invoice";

/** An invoice whose due date defaults to the issue date plus the client's payment terms. */
function invoiceMeta(): RecordTypeMeta {
  return taskMeta({
    id: "invoice",
    label: "Invoice",
    plural: "Invoices",
    module: "invoices",
    title_field: "name",
    series: "INV-.YYYY.-.#####",
    search_fields: ["name"],
    fields: [
      { id: "client", label: "Client", type: "link", link: "client", required: true },
      {
        id: "payment_terms_days",
        label: "Payment terms (days)",
        type: "int",
        hidden: true,
        read_only: true,
        fetch_from: "client.payment_terms_days",
      },
      { id: "issue_date", label: "Issue date", type: "date", required: true },
      {
        id: "due_date",
        label: "Due date",
        type: "date",
        required: true,
        default_formula: "add_days(issue_date, payment_terms_days)",
      },
    ],
    states: undefined,
    actions: [],
    list: { columns: ["client"], sort: [{ field: "issue_date", dir: "desc" }], views: [] },
    form: {
      tabs: [{
        id: "details",
        label: "Details",
        sections: [{ columns: [["client", "issue_date", "due_date"]] }],
      }],
    },
    form_route: "/app/invoices/:id",
  });
}

function formScreen(extra: Record<string, unknown> = {}) {
  return screenOf({
    type: "record-form",
    api: API,
    meta: invoiceMeta(),
    recordId: { $param: "id" },
    ...extra,
  });
}

function dateInput(label: string): HTMLInputElement {
  return screen.getByLabelText(new RegExp(`^${label}`)) as HTMLInputElement;
}

function setDate(label: string, value: string) {
  fireEvent.change(dateInput(label), { target: { value } });
}

/** Picks the client through the link's type-ahead. */
async function pickClient(server: ReturnType<typeof fakeServer>) {
  const input = screen.getByRole("combobox", { name: /^Client/ });
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: "north" } });
  await waitFor(() => expect(server.to("GET", "/api/records/client/search")).not.toHaveLength(0));
  expect(await screen.findByRole("option", { name: "Northwind" })).toBeTruthy();
  fireEvent.keyDown(input, { key: "Enter" });
}

const CLIENT = {
  "GET /api/records/client/search": { items: [{ id: "c1", title: "Northwind" }] },
  "GET /api/records/client/c1": {
    record: { id: "c1", name: "Northwind", version: 1, payment_terms_days: 30 },
    actions: [],
  },
};

describe("an editable default in the record form", () => {
  it("follows the issue date and the client's terms until the due date is edited, then stays", async () => {
    const server = fakeServer({ ...CLIENT, [`POST ${API}`]: { record: { id: "inv9" } } });
    await renderScreen(formScreen({ initial: { issue_date: "2026-01-10" } }), {
      params: { id: "new" },
    });
    await screen.findByRole("heading", { name: "New Invoice" });
    // No client yet: no payment terms, so due on the issue date.
    expect(dateInput("Due date").value).toBe("2026-01-10");
    await pickClient(server);
    await waitFor(() => expect(dateInput("Due date").value).toBe("2026-02-09"));
    setDate("Issue date", "2026-03-01");
    expect(dateInput("Due date").value).toBe("2026-03-31");

    setDate("Due date", "2026-04-15");
    setDate("Issue date", "2026-03-05");
    expect(dateInput("Due date").value).toBe("2026-04-15");
    // Emptied by hand, it stays the person's: nothing is filled in under their typing.
    setDate("Due date", "");
    setDate("Issue date", "2026-03-06");
    expect(dateInput("Due date").value).toBe("");
    setDate("Due date", "2026-04-20");

    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("POST", API)).toHaveLength(1));
    expect(server.to("POST", API)[0].body).toEqual({
      values: { client: "c1", issue_date: "2026-03-06", due_date: "2026-04-20" },
    });
  });

  it("leaves a default the person did not touch for the server to make", async () => {
    const server = fakeServer({ ...CLIENT, [`POST ${API}`]: { record: { id: "inv9" } } });
    await renderScreen(formScreen({ initial: { issue_date: "2026-01-10" } }), {
      params: { id: "new" },
    });
    await screen.findByRole("heading", { name: "New Invoice" });
    await pickClient(server);
    await waitFor(() => expect(dateInput("Due date").value).toBe("2026-02-09"));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(server.to("POST", API)).toHaveLength(1));
    expect(server.to("POST", API)[0].body).toEqual({
      values: { client: "c1", issue_date: "2026-01-10" },
    });
  });

  it("after Save and new, follows the kept client's payment terms again", async () => {
    const server = fakeServer({
      ...CLIENT,
      [`POST ${API}`]: { record: { id: "inv9", name: "INV-2026-00009" } },
    });
    await renderScreen(formScreen({ initial: { issue_date: "2026-01-10" } }), {
      params: { id: "new" },
    });
    await screen.findByRole("heading", { name: "New Invoice" });
    await pickClient(server);
    await waitFor(() => expect(dateInput("Due date").value).toBe("2026-02-09"));
    setDate("Due date", "2026-01-31");
    fireEvent.click(screen.getByRole("button", { name: "Save and new" }));
    await waitFor(() => expect(server.to("POST", API)).toHaveLength(1));
    await waitFor(() => expect(dateInput("Due date").value).toBe("2026-02-09"));
    expect((screen.getByRole("combobox", { name: /^Client/ }) as HTMLInputElement).value)
      .toBe("Northwind");
  });

  it("keeps a saved record's due date when its issue date changes", async () => {
    fakeServer({
      ...CLIENT,
      [`GET ${API}/inv1`]: {
        record: {
          id: "inv1",
          name: "INV-2026-00001",
          version: 2,
          client: "c1",
          client__title: "Northwind",
          payment_terms_days: 30,
          issue_date: "2026-01-10",
          due_date: "2026-01-20",
        },
        actions: [{ id: "update", label: "Edit" }],
        read_only_fields: [],
      },
    });
    await renderScreen(formScreen(), { params: { id: "inv1" } });
    await screen.findByRole("heading", { name: "INV-2026-00001" });
    expect(dateInput("Due date").value).toBe("2026-01-20");
    setDate("Issue date", "2026-01-15");
    expect(dateInput("Due date").value).toBe("2026-01-20");
  });
});
