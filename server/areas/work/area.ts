/** Work: tasks, projects and the templates projects start from. */
import { defineArea } from "../define-area.ts";
import { WORK_MODULES } from "./modules.ts";
import { TASK } from "./types/task.ts";
import { PROJECT } from "./types/project.ts";
import { PROJECT_TEMPLATE } from "./types/project-template.ts";
import { projectFromTemplateRoute, projectTemplateRoutes } from "./templates/routes.ts";
import { PROJECT_TEMPLATE_CONTROLLER } from "./templates/template-controller.ts";
import { newProjectTab } from "../../ui/screens/project-from-template-tab.ts";
import { taskRoutes } from "./tasks/routes.ts";
import { projectRoutes } from "./projects/routes.ts";
import { TYPE_MASTER } from "../workspace/types/type-master.ts";
import { WORK_SEED } from "./seed/mod.ts";

export const WORK = defineArea({
  id: "work",
  name: "Work",
  modules: WORK_MODULES,
  types: [TASK, PROJECT, PROJECT_TEMPLATE],
  controllers: [PROJECT_TEMPLATE_CONTROLLER],
  recordScreens: {
    formTabs: [{
      type: PROJECT_TEMPLATE,
      tabs: [{
        id: "new-project",
        label: "New project",
        requires: { action: "read" },
        content: newProjectTab,
      }],
    }],
    lists: [
      { module: "my-tasks", type: TASK, view: "my-tasks" },
      { module: "upcoming-tasks", type: TASK, view: "upcoming-tasks" },
      {
        module: "task-status-management",
        type: TYPE_MASTER,
        preset: { field: "kind", value: "task_status" },
      },
    ],
  },
  routes: ({ api, db, records, clock }) => {
    projectTemplateRoutes(api, records);
    projectFromTemplateRoute(api, records);
    taskRoutes(api, records, clock);
    projectRoutes(api, db, records);
  },
  seed: WORK_SEED,
});
