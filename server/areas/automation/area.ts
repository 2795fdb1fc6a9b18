/** Automation: rules, workflows, email templates and their run log (to be built). */
import { defineArea } from "../define-area.ts";
import { AUTOMATION_MODULES } from "./modules.ts";

export const AUTOMATION = defineArea({
  id: "automation",
  name: "Automation",
  modules: AUTOMATION_MODULES,
  types: [],
});
