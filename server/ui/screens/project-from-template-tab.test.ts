import { ok } from "node:assert/strict";
import { Node } from "../../../schemas/descriptor/mod.ts";
import { callerWith } from "../../testing/caller-access.ts";
import { newProjectTab } from "./project-from-template-tab.ts";

const MODULES = ["project-templates", "projects", "tasks"];

function shown(permissions: string[]): string {
  const content = newProjectTab(callerWith(permissions, MODULES));
  for (const child of content.children) Node.parse(child);
  return JSON.stringify(content);
}

Deno.test("the New project tab offers the form only to those who may create projects and tasks", () => {
  const maker = shown(["project-templates.read", "projects.create", "tasks.create"]);
  ok(maker.includes('"path":"/project-templates/{id}/projects"'), maker);
  ok(maker.includes('"to":"/app/projects/{project.id}"'), maker);
  for (const missing of [["projects.create"], ["tasks.create"]]) {
    const reader = shown(["project-templates.read", ...missing]);
    ok(!reader.includes('/projects"'), reader);
    ok(reader.includes("needs permission to create projects and tasks"), reader);
  }
});
