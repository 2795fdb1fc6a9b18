/**
 * The organisation name in the header, or 'No organization' when it cannot be
 * loaded. When the shell lists more than one membership the name opens a menu of
 * them (the current one checked); picking another makes it current on the server,
 * then every descriptor and query is fetched again, so the route the user is on is
 * checked again for the new organisation (a refusal shows the server's reason).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { apiRequest } from "../api/api-client.ts";
import { Dropdown } from "../ui/dropdown.tsx";
import { Icon } from "../ui/icons.tsx";
import { focusFirstEntry, onMenuKeyDown } from "../ui/menu-keys.ts";
import { useToasts } from "./toasts.tsx";

interface OrganizationAnswer {
  organization?: { id: string; name: string } | null;
}

type Header = ShellDescriptor["header"];

/** Props of the organisation name. */
export interface OrganizationNameProps {
  source: string;
  known: string | undefined;
  noOrganizationText: string;
  organizations?: Header["organizations"];
  switcher?: Header["organizationSwitch"];
}

/** The current organisation's name, and the switcher when there is more than one. */
export function OrganizationName(
  { source, known, noOrganizationText, organizations = [], switcher }: OrganizationNameProps,
) {
  const query = useQuery({
    queryKey: ["shell", "organization", source],
    queryFn: ({ signal }) =>
      apiRequest<OrganizationAnswer>(source, { method: "POST", body: {}, signal }),
    staleTime: 15 * 60_000,
    retry: false,
  });
  const name = query.isError ? undefined : query.isPending ? known : query.data?.organization?.name;
  const text = name ?? noOrganizationText;
  if (switcher === undefined || organizations.length < 2) {
    return <span className={`organization-name${name ? "" : " is-missing"}`}>{text}</span>;
  }
  return <OrganizationSwitcher name={text} organizations={organizations} switcher={switcher} />;
}

function OrganizationSwitcher(
  { name, organizations, switcher }: {
    name: string;
    organizations: NonNullable<Header["organizations"]>;
    switcher: NonNullable<Header["organizationSwitch"]>;
  },
) {
  const queryClient = useQueryClient();
  const { show } = useToasts();
  const [switching, setSwitching] = useState(false);

  async function switchTo(id: string): Promise<void> {
    setSwitching(true);
    try {
      await apiRequest(switcher.path, { method: "POST", body: { organization_id: id } });
      await queryClient.invalidateQueries();
    } catch (error) {
      show(error instanceof Error ? error.message : String(error), "danger");
    } finally {
      setSwitching(false);
    }
  }

  return (
    <div className="organization-menu">
      <Dropdown
        label={`${switcher.label}: ${name}`}
        kind="menu"
        buttonClassName="organization-name organization-switch"
        onOpen={focusFirstEntry}
        button={
          <>
            <span className="organization-switch-name">{name}</span>
            <Icon name="chevron" size={14} />
          </>
        }
      >
        {(close) => (
          <>
            <p className="menu-panel-title" role="presentation">{switcher.label}</p>
            <ul className="menu-list" role="none" onKeyDown={onMenuKeyDown}>
              {organizations.map((organization) => (
                <li key={organization.id} role="none">
                  <button
                    type="button"
                    role="menuitemradio"
                    aria-checked={organization.current}
                    className={`menu-item organization-entry${
                      organization.current ? " is-current" : ""
                    }`}
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
          </>
        )}
      </Dropdown>
    </div>
  );
}
