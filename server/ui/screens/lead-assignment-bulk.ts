/**
 * The bulk lead assignment screen (`lead-assignment/bulk`): which leads — by
 * stage, source, territory and current owner, each left empty for any — and to
 * whom: one person, or by the organisation's assignment rules. It sends one call
 * (`POST /api/leads/assign`, up to 10,000 leads in one transaction) and says how
 * many leads got a new owner; the server checks everything and names what it
 * refuses.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { screen, type ScreenDef } from "./screen-def.ts";
import { LEAD } from "../../areas/sales/types/lead.ts";
import type { OrganizationLists } from "../organization-lists.ts";

const USER_SEARCH = { path: "/api/records/user/search" };

/** The stages a lead may be in, as its declaration labels them. */
const STAGES = (LEAD.field.get("stage")!.options ?? []).map(({ value, label }) => ({
  value,
  label,
}));

function bulkForm(lists: OrganizationLists): Node {
  const sources = Object.entries(lists.get("lead_source") ?? {}).map(([value, label]) => ({
    value,
    label,
  }));
  return {
    type: "form",
    id: "bulk-assignment",
    fields: [
      { name: "stage", label: "Stage", kind: "select", placeholder: "Any stage", options: STAGES },
      {
        name: "source",
        label: "Source",
        kind: "select",
        placeholder: "Any source",
        options: sources,
      },
      { name: "territory", label: "Territory", kind: "text", maxLength: 80, placeholder: "Any" },
      {
        name: "current_owner",
        label: "Now owned by",
        kind: "search",
        placeholder: "Anyone",
        search: USER_SEARCH,
      },
      {
        name: "to",
        label: "Assign to",
        kind: "search",
        placeholder: "Type a person's name",
        search: USER_SEARCH,
        help: "Or tick the box below to assign by the rules.",
      },
      { name: "by_rules", label: "Assign by the assignment rules", kind: "checkbox" },
      {
        name: "reason",
        label: "Why",
        kind: "text",
        maxLength: 300,
        placeholder: "Covering the holidays",
      },
    ],
    submit: {
      label: "Assign leads",
      method: "POST",
      path: "/api/leads/assign",
      successText: "Leads assigned",
      showResult: { label: "Leads given a new owner", path: "assigned" },
    },
  };
}

/** The bulk lead assignment screen. */
export const LEAD_ASSIGNMENT_BULK_SCREEN: ScreenDef = {
  id: "lead-assignment/bulk",
  audience: "staff",
  module: "lead-assignment/bulk",
  build: ({ lists }) =>
    screen(
      "lead-assignment/bulk",
      "Bulk Lead Assignment",
      "semi-static",
      {},
      [{ type: "card", title: "Assign many leads at once", children: [bulkForm(lists)] }],
      "Pick the leads by stage, source, territory or owner, and give them to one person or let the assignment rules share them out: up to 10,000 leads in one go.",
    ),
};
