/**
 * The "Approval thresholds" card under an administrator's proposals list: above
 * which line discount or total a proposal is approved inside the firm before it
 * is sent. Saved over the version it was read at (a stale save says so).
 */
import type { MembershipAccess } from "../../platform/access/access.ts";
import { ADMIN_ROLE } from "../../platform/access/access.ts";
import type { ListScreenExtras } from "./record-list-screen.ts";

const PATH = "/api/sales/proposal-approval";

/** The card, for administrators only (others get nothing). */
export function proposalApprovalExtras(access: MembershipAccess): ListScreenExtras {
  if (access.role !== ADMIN_ROLE) return {};
  return {
    sources: {
      approval: { method: "POST", path: `${PATH}/get`, body: {}, label: "Approval thresholds" },
    },
    after: [{
      type: "card",
      title: "Approval thresholds",
      subtitle:
        "A proposal above either is approved by someone other than its author before it is sent. Leave one empty for none.",
      children: [{
        type: "form",
        id: "proposal-approval",
        source: "approval",
        fields: [
          {
            name: "discount_percent",
            label: "Largest line discount allowed (%)",
            kind: "number",
            min: 0,
            max: 100,
            help: "A line discounted more than this needs approval.",
          },
          {
            name: "total",
            label: "Largest total allowed",
            kind: "number",
            min: 0,
            help: "A proposal whose grand total is above this needs approval.",
          },
        ],
        submit: {
          label: "Save thresholds",
          method: "POST",
          path: PATH,
          carry: { version: "version" },
          successText: "Approval thresholds saved",
          invalidate: ["approval"],
        },
      }],
    }],
  };
}
