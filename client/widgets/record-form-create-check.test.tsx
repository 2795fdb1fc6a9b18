import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { RecordTypeMeta } from "../../schemas/records/meta.ts";
import { taskMeta } from "../testing/record-fixture.ts";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/lead";
const CHECK = "/api/duplicates/check";

/** A lead whose type asks for a look-alike check before a create. */
function leadMeta(): RecordTypeMeta {
  return taskMeta({
    id: "lead",
    label: "Lead",
    plural: "Leads",
    module: "leads",
    title_field: "name",
    search_fields: ["name"],
    fields: [
      { id: "name", label: "Contact name", type: "data", required: true },
      { id: "email", label: "Email", type: "email" },
    ],
    states: undefined,
    actions: [],
    list: { columns: ["name"], sort: [{ field: "name", dir: "asc" }], views: [] },
    form: {
      tabs: [{ id: "details", label: "Details", sections: [{ columns: [["name", "email"]] }] }],
    },
    form_route: "lead-detail/:id",
    create_check: CHECK,
  });
}

function formScreen() {
  return screenOf({ type: "record-form", api: API, meta: leadMeta(), recordId: { $param: "id" } });
}

async function fillAndSave() {
  await screen.findByRole("heading", { name: "New Lead" });
  fireEvent.change(screen.getByLabelText(/^Contact name/), { target: { value: "Jon Smith" } });
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "jon@x.test" } });
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
}

describe("a new record whose type checks for look-alikes", () => {
  it("names and links the existing record and creates only when asked to create anyway", async () => {
    const server = fakeServer({
      [`POST ${CHECK}`]: {
        warnings: [{
          text: "Looks like lead John Smith (Acme), 94% alike on Email, Name",
          link: { label: "Open John Smith", to: "/app/lead-detail/l1" },
          score: 0.94,
        }],
      },
      [`POST ${API}`]: { record: { id: "l2", name: "Jon Smith" } },
    });
    await renderScreen(formScreen(), { params: { id: "new" } });
    await fillAndSave();
    expect(await screen.findByText(/Looks like lead John Smith \(Acme\)/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Open John Smith" }).getAttribute("href"))
      .toBe("/app/lead-detail/l1");
    expect(server.to("POST", CHECK)[0].body).toEqual({
      type: "lead",
      values: { name: "Jon Smith", email: "jon@x.test" },
    });
    expect(server.to("POST", API)).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Create anyway" }));
    await waitFor(() => expect(server.to("POST", API)).toHaveLength(1));
    expect(server.to("POST", CHECK)).toHaveLength(1);
  });

  it("creates at once when the check finds nothing", async () => {
    const server = fakeServer({
      [`POST ${CHECK}`]: { warnings: [] },
      [`POST ${API}`]: { record: { id: "l2", name: "Jon Smith" } },
    });
    await renderScreen(formScreen(), { params: { id: "new" } });
    await fillAndSave();
    await waitFor(() => expect(server.to("POST", API)).toHaveLength(1));
    expect(screen.queryByText(/may already exist/)).toBeNull();
  });

  it("goes back to the form, creating nothing, when the person chooses to", async () => {
    const server = fakeServer({
      [`POST ${CHECK}`]: {
        warnings: [{ text: "Looks like client Acme, 90% alike on Email", score: 0.9 }],
      },
      [`POST ${API}`]: { record: { id: "l2" } },
    });
    await renderScreen(formScreen(), { params: { id: "new" } });
    await fillAndSave();
    fireEvent.click(await screen.findByRole("button", { name: "Go back" }));
    expect(screen.queryByText(/may already exist/)).toBeNull();
    expect(server.to("POST", API)).toHaveLength(0);
  });
});
