/**
 * Every record type of the product, in the order the API lists them. Declarations
 * are data: this file and `types/` import nothing but the declaration helpers and
 * `schemas/`, so any layer may read them.
 */
import type { RecordType } from "./define.ts";
import { TASK } from "../areas/work/types/task.ts";
import { PROJECT } from "../areas/work/types/project.ts";
import { LEAD } from "../areas/sales/types/lead.ts";
import { CLIENT } from "../areas/sales/types/client.ts";
import { ITEM } from "../areas/finance/types/item.ts";
import { TYPE_MASTER } from "../areas/workspace/types/type-master.ts";
import { DOCUMENT } from "../areas/workspace/types/document.ts";
import { PROJECT_TEMPLATE } from "../areas/work/types/project-template.ts";
import { APPROVAL_WORKFLOW } from "../areas/enterprise-projects/types/approval-workflow.ts";
import { TAX_TEMPLATE } from "../areas/finance/types/tax-template.ts";
import { INVOICE } from "../areas/finance/types/invoice.ts";
import { PAYMENT } from "../areas/finance/types/payment.ts";
import { EXPENSE } from "../areas/finance/types/expense.ts";
import { BUDGET } from "../areas/finance/types/budget.ts";
import { BUDGET_TEMPLATE } from "../areas/finance/types/budget-template.ts";
import { COMPLIANCE_ITEM } from "../areas/finance/types/compliance-item.ts";

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
