/**
 * The two fields of a record its owner shares (`declaration.sharing`): who it is
 * shared with (only its owner, roles, or everyone in the organisation) and, for
 * roles, which (a child table of the organisation's staff roles). Saved reports
 * and dashboards declare them alike.
 */
import { type FieldDeclaration, ROLE_OPTIONS } from "./declaration.ts";

/** `sharing` and `shared_roles`, the roles kept in `table` under `parentColumn`. */
export function sharingFields(table: string, parentColumn: string): FieldDeclaration[] {
  return [
    {
      id: "sharing",
      label: "Shared with",
      type: "select",
      required: true,
      default: "private",
      in_list: true,
      filterable: true,
      options: [
        { value: "private", label: "Only me", tone: "neutral" },
        { value: "roles", label: "Roles", tone: "info" },
        { value: "organization", label: "Everyone", tone: "success" },
      ],
    },
    {
      id: "shared_roles",
      label: "Roles",
      type: "table",
      visible_if: "sharing == 'roles'",
      child: {
        table,
        row_label: "Role",
        parent_column: parentColumn,
        max_rows: 50,
        fields: [{
          id: "role",
          label: "Role",
          type: "select",
          options_from: ROLE_OPTIONS,
          required: true,
          in_list: true,
        }],
      },
    },
  ];
}
