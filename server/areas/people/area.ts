/** People: employees, leave, attendance and payroll (to be built). */
import { defineArea } from "../define-area.ts";
import { PEOPLE_MODULES } from "./modules.ts";

export const PEOPLE = defineArea({
  id: "people",
  name: "People",
  modules: PEOPLE_MODULES,
  types: [],
});
