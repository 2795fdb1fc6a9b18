import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const ITEMS = [
  { id: "inv_1", title: "INV-2026-00001" },
  { id: "inv_2", title: "INV-2026-00002", description: "Northwind Traders" },
];

function pickerScreen() {
  return screenOf(
    {
      type: "form",
      id: "picker",
      fields: [{
        name: "picked",
        label: "Record *",
        kind: "search",
        required: true,
        search: { path: "/templates/{id}/records" },
        messages: { required: "Pick a record" },
      }],
      submit: { label: "Preview", toState: true },
    },
    {
      sources: {
        preview: {
          method: "POST",
          path: "/preview",
          body: { record_id: { $state: "picked" } },
          enabledWhen: ["picked"],
        },
      },
    },
  );
}

describe("a form's search field", () => {
  it("looks items up as the person types and keeps the chosen one's id", async () => {
    const server = fakeServer({
      "GET /templates/tpl_1/records": (request) => ({
        items: ITEMS.filter((item) =>
          item.title.includes(new URL(request.url, "http://x").searchParams.get("q") ?? "")
        ),
      }),
      "POST /preview": { subject: "ok" },
    });
    await renderScreen(pickerScreen(), { params: { id: "tpl_1" } });
    const input = await screen.findByRole("combobox", { name: "Record" });
    fireEvent.focus(input);
    expect(await screen.findByRole("option", { name: /INV-2026-00001/ })).toBeTruthy();
    fireEvent.change(input, { target: { value: "00002" } });
    await waitFor(() =>
      expect(screen.queryByRole("option", { name: /INV-2026-00001/ })).toBeNull()
    );
    const option = screen.getByRole("option", { name: /INV-2026-00002/ });
    expect(option.textContent).toContain("Northwind Traders");
    fireEvent.mouseDown(option);
    expect((input as HTMLInputElement).value).toBe("INV-2026-00002");
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.path === "/preview")?.body).toEqual({
        record_id: "inv_2",
      })
    );
    expect(server.requests.some((r) => r.url.includes("/templates/tpl_1/records?q=00002")))
      .toBe(true);
  });

  it("asks for a pick before the form goes on", async () => {
    const server = fakeServer({ "GET /templates/tpl_1/records": { items: ITEMS } });
    await renderScreen(pickerScreen(), { params: { id: "tpl_1" } });
    fireEvent.click(await screen.findByRole("button", { name: "Preview" }));
    expect(await screen.findByText("Pick a record")).toBeTruthy();
    expect(server.requests.some((r) => r.path === "/preview")).toBe(false);
  });
});
