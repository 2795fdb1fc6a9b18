import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

function framed(answer: unknown) {
  fakeServer({ "POST /preview": answer as Record<string, unknown> });
  return renderScreen(screenOf(
    {
      type: "html-frame",
      source: "mail",
      path: "html",
      title: "Email body",
      emptyText: "The body is empty",
    },
    { sources: { mail: { method: "POST", path: "/preview" } } },
  ));
}

describe("the html-frame widget", () => {
  it("shows the HTML in a frame that allows nothing and loads nothing, never in the page", async () => {
    await framed({ html: "<p>Dear <b>Northwind</b></p><script>parent.hacked = 1</script>" });
    const frame = await screen.findByTitle("Email body");
    expect(frame.tagName).toBe("IFRAME");
    expect(frame.getAttribute("sandbox")).toBe("");
    const document = frame.getAttribute("srcdoc") ?? "";
    expect(document).toContain("<p>Dear <b>Northwind</b></p>");
    expect(document).toContain("default-src 'none'");
    expect(screen.queryByText("Northwind")).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it("says the value is empty instead of drawing an empty frame", async () => {
    await framed({ html: "" });
    expect(await screen.findByText("The body is empty")).toBeTruthy();
    expect(screen.queryByTitle("Email body")).toBeNull();
  });
});
