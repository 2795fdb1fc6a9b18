/**
 * A proposal (Odoo quotation, ERPNext Quotation): an offer to a client or a lead,
 * valid until a date, whose lines are priced with the invoice's rules (quantity ×
 * rate less the discount, tax included or added by the line's tax rate). A line
 * marked optional counts in the totals only once the client picks it, which they
 * do as they accept. Its states: Draft → Sent (frozen: the sent revision is kept
 * with its SHA-256) → Viewed (the client opened it in the portal) → Accepted,
 * Declined or Expired; Revise takes a sent, declined or expired proposal back to a
 * draft of its next revision. Accepting records the signer's typed name and
 * makes, exactly once, the project (from the proposal's project template) and the
 * draft invoice of its deposit (proposals/acceptance.ts). The client's portal
 * users take Accept and Decline on their own client's proposals.
 */
import { printPanelNode } from "../../../../schemas/descriptor/print-buttons.ts";
import { defineRecordType } from "../../../records/define.ts";
import type { FieldDeclaration } from "../../../records/declaration.ts";
import { PRICED_LINE_FIGURES, pricedLineInputs } from "../../finance/types/priced-line.ts";

/** Whether a line counts in the totals: not optional, or optional and picked. */
const COUNTS = "(not optional or selected)";

/** The proposal's states, as people read them. */
export const PROPOSAL_STATES = [
  { id: "draft", label: "Draft", tone: "neutral", docstatus: 0 },
  {
    id: "awaiting_approval",
    label: "Awaiting approval",
    tone: "warning",
    docstatus: 0,
    editable: [],
    awaits: { action: "approve" },
  },
  { id: "approved", label: "Approved", tone: "success", docstatus: 0, editable: [] },
  { id: "sent", label: "Sent", tone: "info", docstatus: 1, editable: [] },
  { id: "viewed", label: "Viewed", tone: "info", docstatus: 1, editable: [] },
  { id: "accepted", label: "Accepted", tone: "success", docstatus: 1, editable: [] },
  { id: "declined", label: "Declined", tone: "danger", docstatus: 1, editable: [] },
  { id: "expired", label: "Expired", tone: "warning", docstatus: 1, editable: [] },
] as const;

/** The states of a proposal its client has not been sent yet: the portal never shows them. */
export const UNSENT_STATES: readonly string[] = ["draft", "awaiting_approval", "approved"];

/** SQL: the proposal aliased `p` was sent to its client. */
export const SENT_SQL = `p.status NOT IN (${UNSENT_STATES.map((s) => `'${s}'`).join(", ")})`;

/** The lines' columns: the invoice's, with the section they fall under and whether they are optional. */
export const PROPOSAL_LINE_FIELDS: readonly FieldDeclaration[] = [
  {
    id: "section",
    label: "Section",
    type: "data",
    in_list: true,
    description: "The heading the line is printed under (Discovery, Delivery…).",
  },
  ...pricedLineInputs({ quantityMin: 0, descriptionMax: 500 }),
  {
    id: "optional",
    label: "Optional",
    type: "check",
    in_list: true,
    description: "Offered, and counted only once the client picks it.",
  },
  {
    id: "selected",
    label: "Picked",
    type: "check",
    read_only: true,
    in_list: true,
    description: "The client picked this optional line as they accepted.",
  },
  ...PRICED_LINE_FIGURES,
  {
    id: "counted_net",
    label: "Counted net",
    type: "currency",
    hidden: true,
    computed: { expression: `if(${COUNTS}, net_amount, 0)` },
  },
  {
    id: "counted_tax",
    label: "Counted tax",
    type: "currency",
    hidden: true,
    computed: { expression: `if(${COUNTS}, tax_amount, 0)` },
  },
  {
    id: "counted_amount",
    label: "Counted amount",
    type: "currency",
    hidden: true,
    computed: { expression: `if(${COUNTS}, amount, 0)` },
  },
];

export const PROPOSAL = defineRecordType({
  id: "proposal",
  label: "Proposal",
  plural: "Proposals",
  module: "proposals",
  table: "proposals",
  naming: { series: "PRO-.YYYY.-.#####" },
  title_field: "title",
  search_fields: ["name", "title"],
  fields: [
    {
      id: "title",
      label: "Title",
      type: "data",
      required: true,
      max_length: 140,
      in_list: true,
      sortable: true,
      example: "Website redesign",
    },
    {
      id: "client",
      label: "Client",
      type: "link",
      link: "client",
      column: "client_id",
      required_if: "not is_set(lead)",
      in_list: true,
      filterable: true,
      description: "The client it is for; or a lead, before they are a client.",
    },
    {
      id: "lead",
      label: "Lead",
      type: "link",
      link: "lead",
      filterable: true,
    },
    {
      id: "owner",
      label: "Owner",
      type: "link",
      link: "user",
      default: "@me",
      in_list: true,
      filterable: true,
    },
    {
      id: "date",
      label: "Date",
      type: "date",
      required: true,
      default: "@today",
      sortable: true,
    },
    {
      id: "valid_until",
      label: "Valid until",
      type: "date",
      required: true,
      in_list: true,
      sortable: true,
      default_formula: "add_days(date, 30)",
      description: "The date plus 30 days, unless you change it. It expires after this day.",
    },
    {
      id: "currency",
      label: "Currency",
      type: "data",
      read_only: true,
      max_length: 3,
      default: "@organization.currency",
    },
    {
      id: "template",
      label: "Proposal template",
      type: "link",
      link: "proposal_template",
      link_filters: [{ field: "active", op: "eq", value: true }],
      description: "The template the proposal was started from (its New proposal).",
    },
    {
      id: "project_template",
      label: "Project template",
      type: "link",
      link: "project_template",
      description: "The plan of the project accepting it starts.",
    },
    {
      id: "deposit_percent",
      label: "Deposit %",
      type: "percent",
      min: 0,
      max: 100,
      description: "The share of the total invoiced as a deposit on acceptance (0: none).",
    },
    {
      id: "introduction",
      label: "Introduction",
      type: "long_text",
      max_length: 10_000,
    },
    {
      id: "lines",
      label: "Lines",
      type: "table",
      required: true,
      child: {
        table: "proposal_lines",
        row_label: "Line",
        parent_column: "proposal_id",
        max_rows: 2_000,
        fields: PROPOSAL_LINE_FIELDS,
      },
    },
    {
      id: "net_total",
      label: "Net total",
      type: "currency",
      in_list: true,
      computed: { sum: "lines.counted_net" },
    },
    {
      id: "tax_total",
      label: "Tax total",
      type: "currency",
      computed: { sum: "lines.counted_tax" },
    },
    {
      id: "grand_total",
      label: "Grand total",
      type: "currency",
      in_list: true,
      sortable: true,
      computed: { sum: "lines.counted_amount" },
    },
    { id: "terms", label: "Terms", type: "long_text", max_length: 10_000 },
    {
      id: "revision",
      label: "Revision",
      type: "int",
      read_only: true,
      default: 1,
      description: "Each revision sent is kept as it was sent.",
    },
    {
      id: "needs_approval",
      label: "Needs approval",
      type: "check",
      read_only: true,
      filterable: true,
      description:
        "Over the organisation's approval thresholds: approved inside the firm before it is sent.",
    },
    {
      id: "approval_reason",
      label: "Why approval",
      type: "data",
      max_length: 300,
      read_only: true,
      visible_if: "needs_approval",
    },
    {
      id: "approved_by",
      label: "Approved by",
      type: "link",
      link: "user",
      read_only: true,
      visible_if: "is_set(approved_by)",
    },
    {
      id: "approved_at",
      label: "Approved",
      type: "datetime",
      read_only: true,
      visible_if: "is_set(approved_at)",
    },
    { id: "sent_at", label: "Sent", type: "datetime", read_only: true },
    { id: "viewed_at", label: "Viewed", type: "datetime", read_only: true },
    {
      id: "signature_name",
      label: "Signed by",
      type: "data",
      read_only: true,
      visible_if: "is_set(signature_name)",
      description: "The full name the client typed as their signature.",
    },
    { id: "accepted_at", label: "Accepted", type: "datetime", read_only: true },
    {
      id: "project",
      label: "Project",
      type: "link",
      link: "project",
      read_only: true,
      visible_if: "is_set(project)",
      description: "The project accepting the proposal started.",
    },
    {
      id: "deposit_invoice",
      label: "Deposit invoice",
      type: "link",
      link: "invoice",
      read_only: true,
      visible_if: "is_set(deposit_invoice)",
      description: "The draft invoice of the deposit, made on acceptance.",
    },
    {
      id: "revisions",
      label: "Sent revisions",
      type: "table",
      read_only: true,
      child: {
        table: "proposal_revisions",
        row_label: "Revision",
        parent_column: "proposal_id",
        max_rows: 500,
        fields: [
          { id: "revision", label: "Revision", type: "int", in_list: true },
          { id: "sent_at", label: "Sent", type: "datetime", in_list: true },
          { id: "grand_total", label: "Grand total", type: "currency", in_list: true },
          {
            id: "sha256",
            label: "SHA-256",
            type: "data",
            max_length: 64,
            in_list: true,
            description: "The fingerprint of the revision exactly as it was sent.",
          },
          {
            id: "changes",
            label: "Changes from the revision before",
            type: "long_text",
            max_length: 100_000,
            in_list: true,
          },
          {
            id: "content",
            label: "As sent",
            type: "long_text",
            max_length: 5_000_000,
            hidden: true,
          },
        ],
      },
    },
  ],
  states: {
    initial: "draft",
    list: PROPOSAL_STATES,
    transitions: [
      {
        action: "send",
        label: "Send",
        from: ["draft"],
        to: "sent",
        tone: "primary",
        confirm: "Send this proposal to the client? This revision is then kept as sent.",
        condition: {
          expression: "not needs_approval",
          message: "It is over the approval thresholds: ask for approval first",
        },
      },
      {
        action: "send",
        label: "Send",
        from: ["approved"],
        to: "sent",
        tone: "primary",
        confirm: "Send this proposal to the client? This revision is then kept as sent.",
      },
      {
        action: "request_approval",
        label: "Ask for approval",
        from: ["draft"],
        to: "awaiting_approval",
        tone: "primary",
        done: "sent for approval",
        condition: {
          expression: "needs_approval",
          message: "It is within the approval thresholds: send it as it is",
        },
      },
      {
        action: "approve",
        label: "Approve",
        from: ["awaiting_approval"],
        to: "approved",
        tone: "primary",
        done: "approved",
        not_by_creator: true,
      },
      {
        action: "reject",
        label: "Return to draft",
        from: ["awaiting_approval"],
        to: "draft",
        tone: "danger",
        comment: "required",
        done: "returned to draft",
      },
      {
        action: "reopen",
        label: "Edit again",
        from: ["awaiting_approval", "approved"],
        to: "draft",
        confirm: "Return this proposal to draft? An approval given is withdrawn.",
        done: "returned to draft",
      },
      {
        action: "accept",
        label: "Accept",
        from: ["sent", "viewed"],
        to: "accepted",
        tone: "primary",
        done: "accepted",
        signature: "required",
        condition: {
          expression: "valid_until >= today()",
          message: "This proposal has expired",
        },
      },
      {
        action: "decline",
        label: "Decline",
        from: ["sent", "viewed"],
        to: "declined",
        tone: "danger",
        comment: "required",
      },
      {
        action: "mark_viewed",
        label: "Mark viewed",
        from: ["sent"],
        to: "viewed",
        done: "marked viewed",
      },
      {
        action: "revise",
        label: "Revise",
        from: ["sent", "viewed", "declined"],
        to: "draft",
        confirm: "Start the next revision as a draft? The sent one stays as it was.",
        done: "revised",
      },
    ],
  },
  portal: { client_field: "client", actions: ["mark_viewed", "accept", "decline"] },
  panels: [{
    kind: "node",
    label: "Print",
    node: printPanelNode("proposal", "proposals/print", "Printable proposal", "proposal.pdf"),
  }],
  // Sent and not answered past its valid-until day reads Expired, on every read (never stale).
  derived_status: [{
    status: "expired",
    in_states: ["sent", "viewed"],
    when: "valid_until < today()",
  }],
  indexes: [
    // What waits for the client, and what expires, by date.
    { fields: ["status", "valid_until"] },
  ],
  list: {
    columns: ["name", "title", "client", "valid_until", "grand_total", "status", "owner"],
    sort: [{ field: "created_at", dir: "desc" }],
    views: [{
      id: "open",
      label: "Awaiting the client",
      filters: [{ field: "status", op: "in", value: ["sent", "viewed"] }],
    }],
  },
  form: {
    tabs: [{
      id: "details",
      label: "Details",
      sections: [
        {
          columns: [["title", "client", "lead", "owner"], [
            "date",
            "valid_until",
            "currency",
            "revision",
          ]],
        },
        { label: "Introduction", columns: [["introduction"]] },
        { label: "Lines", columns: [["lines"]] },
        {
          label: "Totals",
          columns: [["template", "project_template", "deposit_percent"], [
            "net_total",
            "tax_total",
            "grand_total",
          ]],
        },
        { label: "Terms", columns: [["terms"]] },
        {
          label: "Approval",
          columns: [["needs_approval", "approval_reason"], ["approved_by", "approved_at"]],
        },
        { label: "Sent revisions", columns: [["revisions"]] },
        {
          label: "Acceptance",
          columns: [["sent_at", "viewed_at", "accepted_at"], [
            "signature_name",
            "project",
            "deposit_invoice",
          ]],
        },
      ],
    }],
  },
  roles: {
    firm_admin: [
      "read",
      "create",
      "update",
      "delete",
      "export",
      "import",
      "send",
      "accept",
      "decline",
      "revise",
      "request_approval",
      "approve",
      "reject",
      "reopen",
      "level1",
    ],
    sales: [
      "read",
      "create",
      "update",
      "delete",
      "export",
      "send",
      "accept",
      "decline",
      "revise",
      "request_approval",
      "reopen",
    ],
    project_manager: ["read"],
    finance: ["read", "export"],
  },
  form_route: "proposals/edit/:id",
});
