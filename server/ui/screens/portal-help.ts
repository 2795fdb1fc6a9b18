/**
 * The client portal's help page: how to reach the firm (its details come from the
 * portal profile call) and what each part of the portal shows. It describes only
 * what the portal offers today.
 */
import type { ScreenDef } from "./screen-def.ts";
import { head } from "./screen-def.ts";

const item = (title: string, text: string) => [{ text: title, bold: true }, { text: ` — ${text}` }];

/** `/client-portal/help`. */
export const portalHelp: ScreenDef = {
  id: "client-portal/help",
  audience: "portal",
  build: () => ({
    ...head("client-portal/help", "Help", "semi-static"),
    sources: {
      profile: {
        method: "POST",
        path: "/portal/profile",
        body: {},
        label: "Your firm",
        errorText: "The firm's details could not be loaded",
      },
    },
    body: {
      type: "page",
      title: "Help",
      description: "How the client portal works and how to reach the firm.",
      children: [
        {
          type: "card",
          title: "Reach the firm",
          children: [
            {
              type: "text",
              text:
                "Send a message from the Messages page: it reaches the team working on your projects, and their answers appear in the same conversation. For anything urgent, email the firm.",
            },
            {
              type: "key-value",
              items: [
                { label: "Firm", value: { $bind: "profile", path: "organization.name" } },
                {
                  label: "Email",
                  value: {
                    $bind: "profile",
                    path: "organization.email",
                    fallback: "Ask your contact at the firm",
                  },
                },
                {
                  label: "Website",
                  value: { $bind: "profile", path: "organization.website", fallback: "—" },
                },
              ],
            },
            { type: "link", text: "Send a message", to: "/client-portal/messages" },
          ],
        },
        {
          type: "card",
          title: "What the portal shows",
          children: [{
            type: "rich-text",
            blocks: [
              {
                kind: "list",
                items: [
                  item(
                    "Your projects",
                    "each project the firm runs for your company, with its status, progress, next milestone and planned end. Open a project to see time elapsed, how many tasks are to do, in progress and completed, and all its milestones.",
                  ),
                  item(
                    "Upcoming milestones",
                    "the milestones still ahead on your projects, soonest first. Completed milestones are listed on their project's page.",
                  ),
                  item("Messages", "your conversation with the firm."),
                  item(
                    "Profile",
                    "your name and email, your company, and the firm's contact details.",
                  ),
                ],
              },
              {
                kind: "paragraph",
                spans: [{
                  text:
                    "The portal is read-only: the firm keeps plans, tasks and dates up to date. If something looks wrong or is missing, send the firm a message.",
                }],
              },
            ],
          }],
        },
        {
          type: "card",
          title: "Signing in",
          children: [{
            type: "text",
            text:
              "Your access was given by the firm. If you cannot sign in, or a colleague needs access, ask the firm: they invite your company's contacts and can end an access. For your security, the portal signs you out after a period of inactivity.",
          }],
        },
        {
          type: "button",
          label: "Back to your projects",
          action: { kind: "navigate", to: "/client-portal/dashboard" },
          variant: "secondary",
        },
      ],
    },
  }),
};
