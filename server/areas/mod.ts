/**
 * The business areas of the product, in the order their record types, calls and
 * screens are listed. Adding an area is one folder with its `area.ts` and one line
 * here; everything else iterates this list (ARCHITECTURE.md, "Areas").
 */
import type { Area } from "./define-area.ts";
import type { RecordPrinter } from "../platform/printing/record-printer.ts";
import { WORKSPACE } from "./workspace/area.ts";
import { WORK } from "./work/area.ts";
import { SALES } from "./sales/area.ts";
import { FINANCE } from "./finance/area.ts";
import { ENTERPRISE_PROJECTS } from "./enterprise-projects/area.ts";
import { ANALYTICS } from "./analytics/area.ts";
import { PORTAL } from "./portal/area.ts";
import { LEGAL } from "./legal/area.ts";
import { PEOPLE } from "./people/area.ts";
import { AUTOMATION } from "./automation/area.ts";

const AREAS: Area[] = [
  WORKSPACE,
  WORK,
  SALES,
  FINANCE,
  ENTERPRISE_PROJECTS,
  ANALYTICS,
  PORTAL,
  LEGAL,
  PEOPLE,
  AUTOMATION,
];

let read = false;

/** Every area of this server, in order. Once read, the list is fixed. */
export function areas(): readonly Area[] {
  read = true;
  return AREAS;
}

/** The printer of a record type, or undefined when the type prints nothing. */
export function recordPrinter(typeId: string): RecordPrinter | undefined {
  return areas().flatMap((area) => area.printers ?? []).find((p) => p.type === typeId);
}

/**
 * Adds an area after those above: a test's own area (the worked example of
 * ARCHITECTURE.md). It must come before anything reads the catalogues, which are
 * made once from the list.
 */
export function addArea(area: Area): void {
  if (read) throw new Error(`Area "${area.id}" comes too late: the list of areas was already read`);
  if (AREAS.some((a) => a.id === area.id)) throw new Error(`Area "${area.id}" is already listed`);
  AREAS.push(area);
}
