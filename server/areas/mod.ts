/**
 * The business areas of the product, in the order their record types, calls and
 * screens are listed. Adding an area is one folder with its `area.ts` and one line
 * here; everything else iterates this list (ARCHITECTURE.md, "Areas").
 */
import type { Area } from "./define-area.ts";
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

/** Every area. */
export const AREAS: readonly Area[] = [
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
