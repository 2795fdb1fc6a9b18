import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

/** A tab holding one form that edits its own source's field `name`. */
function formTab(id: string, label: string, name: string) {
  return {
    id,
    label,
    children: [{
      type: "card",
      title: label,
      children: [{
        type: "form",
        id: `${id}-form`,
        source: id,
        fields: [{ name, label, kind: "text" }],
        submit: { label: `Save ${label}`, method: "POST", path: `/${id}` },
      }],
    }],
  };
}

describe("the tabs widget", () => {
  it("gives each tab its own widgets: a form on one tab never shows another tab's values", async () => {
    fakeServer({
      "POST /policy": { minutes: "60" },
      "POST /letterhead": { legal_name: "Acme Consulting Ltd" },
    });
    await renderScreen(screenOf(
      {
        type: "tabs",
        stateKey: "tab",
        tabs: [
          formTab("policy", "Minutes", "minutes"),
          formTab("letterhead", "Legal name", "legal_name"),
        ],
      },
      {
        state: { tab: "policy" },
        sources: {
          policy: { method: "POST", path: "/policy" },
          letterhead: { method: "POST", path: "/letterhead" },
        },
      },
    ));
    expect(((await screen.findByRole("textbox", { name: "Minutes" })) as HTMLInputElement).value)
      .toBe("60");
    fireEvent.click(screen.getByRole("tab", { name: "Legal name" }));
    expect(((await screen.findByRole("textbox", { name: "Legal name" })) as HTMLInputElement).value)
      .toBe("Acme Consulting Ltd");
    fireEvent.click(screen.getByRole("tab", { name: "Minutes" }));
    expect(((await screen.findByRole("textbox", { name: "Minutes" })) as HTMLInputElement).value)
      .toBe("60");
  });
});
