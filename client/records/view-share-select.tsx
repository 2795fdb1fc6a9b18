/**
 * Who a saved list view is shared with, as one choice: only me, everyone in the
 * organisation, or one role (a view shared with several roles through the API
 * shows them together). The roles are the server's, with their labels.
 */
import type { ViewShare } from "./record-api.ts";

/** A role a view may be shared with. */
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
    roles: readonly ShareRole[];
    share: ViewShare;
    onShare(share: ViewShare): void;
  },
) {
  const current = valueOf(props.share);
  const single = props.roles.map((r) => ({ value: `roles:${r.value}`, label: `Role: ${r.label}` }));
  const several = props.share.sharing === "roles" && props.share.shared_roles.length > 1
    ? [{
      value: current,
      label: `Roles: ${
        props.share.shared_roles.map((id) => props.roles.find((r) => r.value === id)?.label ?? id)
          .join(", ")
      }`,
    }]
    : [];
  return (
    <select
      aria-label={props.label}
      value={current}
      onChange={(e) => props.onShare(shareOf(e.target.value))}
    >
      <option value="private">Only me</option>
      <option value="organization">Everyone in the organisation</option>
      {[...several, ...single].map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
    </select>
  );
}
