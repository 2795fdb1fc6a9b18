/** The refusal screens: what a caller sees instead of a screen they may not open. */
import type { ScreenRefusal } from "../../../schemas/descriptor/mod.ts";
import { head } from "./screen-def.ts";

/** The title of a refusal: a path that names no page is not found, not denied. */
function refusalTitle(code: string): string {
  return code === "not_found" ? "Page not found" : "Access Denied";
}

/** A refusal with the reason as message and a screen offering Go Back. */
export function refusal(code: string, message: string): ScreenRefusal {
  const title = refusalTitle(code);
  return {
    error: { code, message },
    descriptor: {
      ...head(code === "not_found" ? "page-not-found" : "access-denied", title, "dynamic"),
      body: {
        type: "page",
        title,
        children: [
          {
            type: "alert",
            tone: code === "not_found" ? "warning" : "danger",
            title,
            text: message,
          },
          { type: "button", label: "Go Back", action: { kind: "go-back" }, variant: "secondary" },
        ],
      },
    },
  };
}
