/**
 * The lookup lists (type master kinds) and the values every organisation starts
 * with. Codes are what records store, so the defaults are the codes the product
 * already uses: task statuses as project analytics counts them, lead sources as
 * the lead filters know them. Organisations change labels, add values and switch
 * values off afterwards; nothing here is read again once they exist.
 */
import type { SelectOption } from "../../../../schemas/records/meta.ts";

/** The lists a select field may take its options from (`options_from`). */
export const TYPE_MASTER_KINDS = [
  { value: "task_status", label: "Task statuses" },
  { value: "lead_source", label: "Lead sources" },
  { value: "project_type", label: "Project types" },
  { value: "expense_category", label: "Expense categories" },
  { value: "leave_type", label: "Leave types" },
  { value: "lost_reason", label: "Lost reasons" },
] as const satisfies readonly SelectOption[];

export type TypeMasterKind = typeof TYPE_MASTER_KINDS[number]["value"];

/** One default value of a list. */
export interface DefaultTypeMaster {
  kind: TypeMasterKind;
  code: string;
  label: string;
  tone: NonNullable<SelectOption["tone"]>;
  /** Place in its list, from 1. */
  position: number;
}

const rows = (
  kind: TypeMasterKind,
  values: readonly [code: string, label: string, tone?: DefaultTypeMaster["tone"]][],
): DefaultTypeMaster[] =>
  values.map(([code, label, tone], index) => ({
    kind,
    code,
    label,
    tone: tone ?? "neutral",
    position: index + 1,
  }));

/**
 * The values a new organisation's lists start with, in list order. The row at
 * index i gets the id `tym_<organisation id>_<i + 1>`, so the rows migrations 012
 * and 028 gave existing organisations and those registration gives new ones agree.
 * Append only: a list added later needs its migration giving existing organisations
 * its rows with the same ids.
 */
export const DEFAULT_TYPE_MASTERS: readonly DefaultTypeMaster[] = [
  ...rows("task_status", [
    ["todo", "To do"],
    ["in_progress", "In progress", "info"],
    ["review", "In review", "warning"],
    ["blocked", "Blocked", "danger"],
    ["completed", "Completed", "success"],
  ]),
  ...rows("lead_source", [
    ["website", "Website", "info"],
    ["referral", "Referral", "success"],
    ["event", "Event"],
    ["cold_outreach", "Cold outreach"],
    ["partner", "Partner", "success"],
    ["social", "Social media", "info"],
  ]),
  ...rows("project_type", [
    ["software_development", "Software development"],
    ["analytics", "Analytics"],
    ["consulting", "Consulting"],
    ["marketing", "Marketing"],
    ["internal", "Internal"],
    ["design", "Design"],
    ["research", "Research"],
  ]),
  ...rows("expense_category", [
    ["travel", "Travel"],
    ["meals", "Meals and entertainment"],
    ["lodging", "Lodging"],
    ["software", "Software and subscriptions"],
    ["hardware", "Hardware"],
    ["office_supplies", "Office supplies"],
    ["training", "Training"],
    ["professional_services", "Professional services"],
    ["marketing", "Marketing"],
  ]),
  ...rows("leave_type", [
    ["annual", "Annual leave", "success"],
    ["sick", "Sick leave", "warning"],
    ["parental", "Parental leave", "info"],
    ["bereavement", "Bereavement leave"],
    ["study", "Study leave", "info"],
    ["unpaid", "Unpaid leave"],
  ]),
  // Migration 028 gave the organisations existing then these rows (ids 34 to 39).
  ...rows("lost_reason", [
    ["price", "Price", "warning"],
    ["chose_competitor", "Chose a competitor", "danger"],
    ["no_budget", "No budget"],
    ["no_decision", "No decision"],
    ["timing", "Timing"],
    ["product_fit", "Product fit"],
  ]),
];
