/**
 * What the `automation/workflows` screen keeps below its workflows: the project
 * approval workflows (enterprise projects' `approval_workflow`), for callers who
 * may read them, so every workflow of the organisation is found in one place.
 */
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import { findRecordType } from "../../records/catalogue.ts";
import { recordTypeMeta } from "../../records/type-meta.ts";
import { recordListNode } from "./record-list-screen.ts";
import type { ListScreenExtras } from "./record-list-screen.ts";

/** The project approval workflows' list, as far as the caller may read it. */
export function approvalWorkflowsAround(access: MembershipAccess): ListScreenExtras {
  const type = findRecordType("approval_workflow");
  if (!type || !authorize(access, type.module, "read")) return {};
  return {
    after: [{
      type: "section",
      title: "Project approval workflows",
      description:
        "The steps a project passes before it is approved, each approved by a role or a person.",
      children: [recordListNode(type, recordTypeMeta(type, access), { compact: true })],
    }],
  };
}
