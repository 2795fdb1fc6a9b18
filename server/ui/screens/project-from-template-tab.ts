/**
 * The "New project" tab of a project template's form (the spec's
 * project-from-template step): the person names the project, may pick its client,
 * gives its start date, and `POST /project-templates/{id}/projects` makes the
 * project with its team and its tasks at dates from the plan; the new project then
 * opens. A person who may not create projects and tasks is told so instead.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import type { FormTabContent } from "./record-form-tab.ts";

function newProjectForm(): Node {
  return {
    type: "form",
    id: "project-from-template",
    fields: [
      {
        name: "name",
        label: "Project name *",
        kind: "text",
        required: true,
        maxLength: 140,
        placeholder: "Contoso website",
        messages: { required: "Give the new project a name" },
      },
      {
        name: "client",
        label: "Client",
        kind: "search",
        placeholder: "Type a client's name",
        search: { path: "/api/records/client/search" },
        help: "Leave empty for the firm's own project.",
      },
      {
        name: "start_date",
        label: "Start date *",
        kind: "date",
        required: true,
        help: "Tasks start at their plan's offsets from here, in working days (Monday to Friday).",
        messages: { required: "Give the day the project starts" },
      },
    ],
    submit: {
      label: "Create project",
      method: "POST",
      path: "/project-templates/{id}/projects",
      successText: "Project created from the template",
      onSuccess: { kind: "navigate", to: "/app/projects/{project.id}" },
    },
  };
}

/** The tab's widgets for a caller who may read templates (its form for those who may use it). */
export function newProjectTab(access: MembershipAccess): FormTabContent {
  const allowed = authorize(access, "projects", "create") && authorize(access, "tasks", "create");
  return {
    children: [{
      type: "card",
      title: "New project from this template",
      subtitle: "The project gets the plan's tasks, dependencies and milestones, " +
        "the roles' people as its team and assignees.",
      children: [
        allowed ? newProjectForm() : {
          type: "text",
          text: "Making a project from a template needs permission to create projects and tasks.",
        },
      ],
    }],
  };
}
