import { describe, expect, it } from "vitest";
import { WIDGET_TYPES } from "../../schemas/descriptor/widgets.ts";
import { WIDGET_REGISTRY } from "./registry.ts";

describe("the widget registry", () => {
  it("has exactly one component for each widget type of the catalogue", () => {
    expect(Object.keys(WIDGET_REGISTRY).sort()).toEqual([...WIDGET_TYPES].sort());
  });
});
