/**
 * The entries of the organisation switcher (loaded when its menu first opens):
 * every membership, the current one checked. Picking another makes it current on
 * the server, then every descriptor and query is fetched again, so the route the
 * user is on is checked again for the new organisation.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { clearStored } from "../api/descriptor-store.ts";
import { apiRequest } from "../api/api-client.ts";
import { focusFirstEntry, onMenuKeyDown } from "../ui/menu-keys.ts";
import { useToasts } from "./toasts.tsx";

type Header = ShellDescriptor["header"];

/** The switcher's entries. */
export function OrganizationList(
  { organizations, switcher, close }: {
    organizations: NonNullable<Header["organizations"]>;
    switcher: NonNullable<Header["organizationSwitch"]>;
    close: () => void;
  },
) {
  const queryClient = useQueryClient();
  const { show } = useToasts();
  const [switching, setSwitching] = useState(false);
  const list = useRef<HTMLUListElement>(null);
  // The menu opened before its entries arrived: focus the first one now.
  useEffect(() => {
    const panel = list.current?.closest<HTMLElement>("[role=menu]");
    if (panel && !panel.contains(document.activeElement)) focusFirstEntry(panel);
  }, []);

  async function switchTo(id: string): Promise<void> {
    setSwitching(true);
    try {
      await apiRequest(switcher.path, { method: "POST", body: { organization_id: id } });
      // What was kept belongs to the organisation left.
      clearStored();
      await queryClient.invalidateQueries();
    } catch (error) {
      show(error instanceof Error ? error.message : String(error), "danger");
    } finally {
      setSwitching(false);
    }
  }

  return (
    <ul ref={list} className="menu-list" role="none" onKeyDown={onMenuKeyDown}>
      {organizations.map((organization) => (
        <li key={organization.id} role="none">
          <button
            type="button"
            role="menuitemradio"
            aria-checked={organization.current}
            className={`menu-item organization-entry${organization.current ? " is-current" : ""}`}
            disabled={switching}
            onClick={() => {
              close();
              if (!organization.current) void switchTo(organization.id);
            }}
          >
            <span className="organization-entry-name">{organization.name}</span>
            <span className="organization-entry-role">
              {organization.current
                ? `${organization.roleLabel} · ${switcher.currentText}`
                : organization.roleLabel}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
