/**
 * Who a saved list view is shared with, as one choice: only me, everyone in the
 * organisation, or one role (a view shared with several roles through the API
 * shows them together). The choices and the roles are the server's, with their
 * labels (`GET {api}/views`); the roles are grouped under the choice's own label.
 */
import type { ViewShare } from "./record-api.ts";

/** A role a view may be shared with, or a choice of who. */
export interface ShareRole {
  value: string;
  label: string;
}

/** The choice's value for a sharing. */
function valueOf(share: ViewShare): string {
  if (share.sharing === "roles") return `roles:${share.shared_roles.join(",")}`;
  return share.sharing;
}

/** The sharing of a choice's value. */
function shareOf(value: string): ViewShare {
  if (value.startsWith("roles:")) {
    return { sharing: "roles", shared_roles: value.slice("roles:".length).split(",") };
  }
  return { sharing: value === "organization" ? "organization" : "private", shared_roles: [] };
}

/** The select. */
export function ViewShareSelect(
  props: {
    label: string;
    /** Who a view may be shared with: only me, roles, everyone (the server's labels). */
    choices: readonly ShareRole[];
    roles: readonly ShareRole[];
    share: ViewShare;
    onShare(share: ViewShare): void;
  },
) {
  const current = valueOf(props.share);
  const labelOf = (id: string) => props.roles.find((r) => r.value === id)?.label ?? id;
  const single = props.roles.map((r) => ({ value: `roles:${r.value}`, label: r.label }));
  const several = props.share.sharing === "roles" && props.share.shared_roles.length > 1
    ? [{ value: current, label: props.share.shared_roles.map(labelOf).join(", ") }]
    : [];
  const roles = props.choices.find((c) => c.value === "roles");
  return (
    <select
      aria-label={props.label}
      value={current}
      onChange={(e) => props.onShare(shareOf(e.target.value))}
    >
      {props.choices.filter((c) => c.value !== "roles").map((c) => (
        <option key={c.value} value={c.value}>{c.label}</option>
      ))}
      {roles && single.length + several.length > 0
        ? (
          <optgroup label={roles.label}>
            {[...several, ...single].map((o) => (
              <option key={o.value} value={o.value}>{o.label}</option>
            ))}
          </optgroup>
        )
        : null}
    </select>
  );
}
