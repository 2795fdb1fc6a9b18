/**
 * Every record type of the product, in the order the API lists them. Declarations
 * are data: this file and `types/` import nothing but the declaration helpers and
 * `schemas/`, so any layer may read them.
 */
import type { RecordType } from "./define.ts";
import { TASK } from "./types/task.ts";
import { PROJECT } from "./types/project.ts";
import { LEAD } from "./types/lead.ts";
import { CLIENT } from "./types/client.ts";
import { ITEM } from "./types/item.ts";
import { TYPE_MASTER } from "./types/type-master.ts";
import { DOCUMENT } from "./types/document.ts";
import { PROJECT_TEMPLATE } from "./types/project-template.ts";
import { APPROVAL_WORKFLOW } from "./types/approval-workflow.ts";
import { TAX_TEMPLATE } from "./types/tax-template.ts";
import { INVOICE } from "./types/invoice.ts";
import { PAYMENT } from "./types/payment.ts";
import { EXPENSE } from "./types/expense.ts";
import { BUDGET } from "./types/budget.ts";
import { BUDGET_TEMPLATE } from "./types/budget-template.ts";
import { COMPLIANCE_ITEM } from "./types/compliance-item.ts";

/** The declared record types. */
export const RECORD_TYPES: readonly RecordType[] = [
  TASK,
  PROJECT,
  PROJECT_TEMPLATE,
  LEAD,
  CLIENT,
  ITEM,
  TYPE_MASTER,
  DOCUMENT,
  APPROVAL_WORKFLOW,
  TAX_TEMPLATE,
  INVOICE,
  PAYMENT,
  EXPENSE,
  BUDGET,
  BUDGET_TEMPLATE,
  COMPLIANCE_ITEM,
];

/** The record type with this id, if declared. */
export function findRecordType(id: string): RecordType | undefined {
  return RECORD_TYPES.find((t) => t.id === id);
}
