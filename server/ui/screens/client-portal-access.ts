/**
 * The client portal's access management, kept below the clients' list: who of a
 * client may sign in to the portal, invitations and revocations.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import type { MembershipAccess } from "../../platform/access/access.ts";
import { authorize } from "../../platform/access/authorize.ts";
import type { ListScreenExtras } from "./record-list-screen.ts";
import { PERSON_FIELDS } from "./person-fields.ts";
import { MEMBERSHIP_STATUS } from "../value-labels.ts";

/** The portal invitation form: shown to callers who may invite (clients.portal_invite). */
const INVITE_CARD: Node = {
  type: "card",
  title: "Invite a client contact to the portal",
  children: [{
    type: "form",
    id: "portal-invite",
    fields: [
      {
        name: "client_id",
        label: "Client *",
        kind: "select",
        required: true,
        optionsSource: { source: "clientChoices", value: "id", label: "name" },
        messages: { required: "Pick a client" },
      },
      ...PERSON_FIELDS,
    ],
    submit: {
      label: "Create portal invitation",
      method: "POST",
      path: "/clients/portal-invite",
      successText: "Invitation created. Share this one-time sign-up link:",
      showResult: { label: "Sign-up link", path: "invitation_link" },
      invalidate: ["portalUsers"],
      resetOnSuccess: true,
    },
  }],
};

/** Who has portal access, with Revoke and the invitation form for callers granted those writes. */
export function clientPortalAccess(access: MembershipAccess): ListScreenExtras {
  // Write buttons show only when authorize() grants their write, as the API does.
  const may = (action: string) => authorize(access, "clients", action);
  return {
    sources: {
      clientChoices: {
        method: "POST",
        path: "/api/records/client/list",
        body: { fields: ["name"], sort: [{ field: "name", dir: "asc" }], limit: 500 },
        select: "items",
        label: "Clients",
        emptyText: "No clients yet",
      },
      portalUsers: {
        method: "POST",
        path: "/clients/portal-users",
        body: {},
        select: "users",
        label: "Portal access",
        emptyText: "No client has portal access yet",
      },
    },
    after: [{
      type: "grid",
      columns: 2,
      children: [
        {
          type: "card",
          title: "Client portal access",
          children: [{
            type: "table",
            source: "portalUsers",
            columns: [
              { key: "full_name", label: "Contact", sortable: true },
              { key: "client_name", label: "Client", sortable: true },
              {
                key: "status",
                label: "Status",
                labels: MEMBERSHIP_STATUS,
                tone: {
                  $match: {
                    value: { $field: "status" },
                    cases: { active: "success", invited: "warning" },
                    otherwise: "danger",
                  },
                },
              },
            ],
            emptyText: "No client has portal access yet",
            ...(may("portal_revoke")
              ? {
                rowActions: [{
                  label: "Revoke access",
                  when: { field: "status", equals: "active" },
                  action: {
                    kind: "call",
                    method: "POST",
                    path: "/clients/portal-revoke",
                    body: { client_id: { $field: "client_id" }, user_id: { $field: "id" } },
                    invalidate: ["portalUsers"],
                    toast: "Portal access revoked",
                    confirm: "Revoke this contact's portal access? They will be signed out.",
                    confirmLabel: "Revoke access",
                    keepLabel: "Keep access",
                  },
                }],
              }
              : {}),
          }],
        },
        ...(may("portal_invite") ? [INVITE_CARD] : []),
      ],
    }],
  };
}
