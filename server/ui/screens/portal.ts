/** The client portal's landing screen (its full content arrives with the portal issue). */
import { head, type ScreenDef } from "./screen-def.ts";

/** `/client-portal/dashboard` for portal users. */
export const portalDashboard: ScreenDef = {
  id: "client-portal/dashboard",
  audience: "portal",
  perUser: true,
  build: ({ access }) => ({
    ...head("client-portal/dashboard", "Client Portal", "dynamic"),
    body: {
      type: "page",
      title: "Client Portal",
      description: `Welcome${
        access ? `, ${access.user.first_name}` : ""
      }. Your projects, proposals and invoices will appear here.`,
      children: [
        {
          type: "empty-state",
          title: "Nothing shared with you yet",
          text: "Your contact at the firm will share projects with you here.",
        },
        { type: "button", label: "Sign out", action: { kind: "sign-out" }, variant: "secondary" },
      ],
    },
  }),
};
