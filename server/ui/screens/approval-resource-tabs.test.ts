import { deepStrictEqual as assertEquals, ok } from "node:assert/strict";
import { Node, Source } from "../../../schemas/descriptor/mod.ts";
import { callerWith } from "../../testing/caller-access.ts";
import { approvalsTab } from "./approval-tab.ts";
import { resourcesTab } from "./resource-tab.ts";
import type { FormTabContent } from "./record-form-tab.ts";

const READER = callerWith(["projects.read"], ["projects"]);
const APPROVER = callerWith(
  ["projects.read", "projects.update", "projects.approve"],
  ["projects"],
);

function valid(content: FormTabContent): string {
  for (const source of Object.values(content.sources ?? {})) Source.parse(source);
  for (const child of content.children) Node.parse(child);
  return JSON.stringify(content);
}

Deno.test("the Approvals tab offers submission and decisions only to those who may take them", () => {
  const reader = valid(approvalsTab(READER));
  const approver = valid(approvalsTab(APPROVER));
  ok(!reader.includes("submit-approval") && !reader.includes("/process"), reader);
  ok(approver.includes("submit-approval") && approver.includes("/process"));
  assertEquals(Object.keys(approvalsTab(READER).sources ?? {}), ["approvals_status"]);
});

Deno.test("the Resources tab offers allocation editing only to those who may update projects", () => {
  const reader = valid(resourcesTab(READER));
  const editor = valid(resourcesTab(APPROVER));
  ok(!reader.includes("/allocation"), reader);
  ok(editor.includes("/allocation") && editor.includes("grouped-bar-chart"));
});
