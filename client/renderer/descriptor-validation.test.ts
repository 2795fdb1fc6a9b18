import { describe, expect, it } from "vitest";
import { screenOf } from "../testing/render-screen.tsx";
import { shellFixture } from "../testing/shell-fixture.ts";
import { DescriptorError } from "./descriptor-error.ts";
import { checkRoutes, checkScreen } from "./descriptor-validation.ts";
import { checkShell } from "./shell-validation.ts";

describe("descriptor validation", () => {
  it("accepts a valid shell, including properties named like annotation keywords", () => {
    expect(checkShell(shellFixture()).sidebar.categories[0].items[0].description).toBe("Dashboard");
  });

  it("refuses a shell with a missing part", () => {
    const { footer: _footer, ...shell } = shellFixture();
    expect(() => checkShell(shell)).toThrow(DescriptorError);
  });

  it("checks the actions of the shell's user menu", () => {
    const shell = shellFixture();
    shell.header.userMenu[0].action = { kind: "navigate" } as never;
    expect(() => checkShell(shell)).toThrow(
      /\/header\/userMenu\/0\/action must have required property 'to'/,
    );
  });

  it("refuses a route table of another schema version", () => {
    expect(() => checkRoutes({ schemaVersion: 2 })).toThrow(
      /Cannot load routes: descriptor is invalid/,
    );
  });

  it("names only the deepest failing nodes, each with its own problem", async () => {
    const { invalidNodes } = await checkScreen(
      screenOf({
        type: "page",
        children: [
          { type: "section", title: "Fine", children: [{ type: "stat", label: "x" }] },
          {
            type: "tabs",
            stateKey: "tab",
            tabs: [{ id: "a", label: "A", children: [{ type: "gauge" }] }],
          },
          { type: "table", source: "s", columns: [{ key: 1, label: "x" }], emptyText: "none" },
        ],
      }, { sources: { s: { method: "GET", path: "/s" } } }),
      "test",
    );
    expect(Object.fromEntries(invalidNodes)).toEqual({
      "/body/children/0/children/0": `Invalid "stat" node: / must have required property 'value'`,
      "/body/children/1/tabs/0/children/0": 'Unknown widget type "gauge"',
      "/body/children/2": `Invalid "table" node: /columns/0/key must be string`,
    });
  });

  it("finds a node that is invalid itself as well as below", async () => {
    const { invalidNodes } = await checkScreen(
      screenOf({ type: "card", colour: "red", children: [{ type: "heading" }] }),
      "test",
    );
    expect([...invalidNodes.keys()].sort()).toEqual(["/body", "/body/children/0"]);
  });

  it("refuses a screen whose sources are invalid", async () => {
    await expect(
      checkScreen(screenOf({ type: "text", text: "x" }, { sources: { s: { path: "/s" } } }), "bad"),
    ).rejects.toThrow(/Cannot load screen "bad": descriptor is invalid/);
  });

  it("checks common widgets inside rare ones and rare widgets inside common ones", async () => {
    const { invalidNodes } = await checkScreen(
      screenOf({
        type: "page",
        children: [{
          type: "tabs",
          stateKey: "tab",
          tabs: [{
            id: "a",
            label: "A",
            children: [
              {
                type: "card",
                children: [{ type: "form", id: "f", fields: [], submit: { label: "Go" } }],
              },
              { type: "badge", text: 3 },
              { type: "key-value", items: [{ label: "x", value: "y" }] },
            ],
          }],
        }],
      }),
      "nested",
    );
    expect(Object.fromEntries(invalidNodes)).toEqual({
      "/body/children/0/tabs/0/children/0/children/0":
        `Invalid "form" node: /fields fails minItems 1`,
      "/body/children/0/tabs/0/children/1":
        `Invalid "badge" node: /text must be string; /text must be object; /text must match one of the allowed shapes`,
    });
  });
});
