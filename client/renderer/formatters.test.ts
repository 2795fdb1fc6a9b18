import { describe, expect, it } from "vitest";
import { displayValue, humanise, labelOf } from "./formatters.ts";

const STATUS = { on_hold: "On hold", active: "Active" };
const SCHEDULE = { true: "On schedule", false: "Behind schedule" };

describe("enumerated values", () => {
  it("are shown by the label the server chose", () => {
    expect(displayValue("on_hold", { labels: STATUS })).toBe("On hold");
    expect(labelOf("active", STATUS)).toBe("Active");
  });

  it("booleans say what they mean, by their true/false labels", () => {
    expect(displayValue(true, { labels: SCHEDULE })).toBe("On schedule");
    expect(displayValue(false, { labels: SCHEDULE })).toBe("Behind schedule");
  });

  it("a code with no label is humanised, never shown as stored", () => {
    expect(labelOf("cold_outreach", STATUS)).toBe("Cold outreach");
    expect(labelOf("software-development", {})).toBe("Software development");
    expect(labelOf("user.role_change", {})).toBe("User role change");
    expect(humanise("FIRM_ADMIN")).toBe("Firm admin");
  });

  it("a missing value stays missing, so the fallback text shows", () => {
    expect(labelOf(undefined, STATUS)).toBeUndefined();
    expect(labelOf(null, STATUS)).toBeUndefined();
    expect(labelOf("", STATUS)).toBeUndefined();
  });

  it("a value without labels keeps its formatter", () => {
    expect(displayValue(1234.5, { format: "number" })).toBe("1,234.5");
    expect(displayValue("on_hold", {})).toBe("on_hold");
  });
});
