/** The refusal screens: what a caller sees instead of a screen they may not open. */
import type { ScreenRefusal } from "../../../schemas/descriptor/mod.ts";
import { head } from "./screen-def.ts";

/** The administrator-only refusal text (spec §6), word for word. */
export const ADMIN_REQUIRED_TEXT =
  "Access Denied: You need administrator privileges to access this page.";

/** A refusal with the reason as message and a screen offering Go Back. */
export function refusal(code: string, message: string): ScreenRefusal {
  return {
    error: { code, message },
    descriptor: {
      ...head("access-denied", "Access Denied", "dynamic"),
      body: {
        type: "page",
        title: "Access Denied",
        children: [
          { type: "alert", tone: "danger", title: "Access Denied", text: message },
          { type: "button", label: "Go Back", action: { kind: "go-back" }, variant: "secondary" },
        ],
      },
    },
  };
}
