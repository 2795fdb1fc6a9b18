/**
 * The organisation name in the header, or 'No organization' when it cannot be
 * loaded. When the shell lists more than one membership the name opens a menu of
 * them (the current one checked); picking another makes it current on the server,
 * then every descriptor and query is fetched again, so the route the user is on is
 * checked again for the new organisation (a refusal shows the server's reason).
 */
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { apiRequest } from "../api/api-client.ts";
import { Dropdown } from "../ui/dropdown.tsx";
import { Icon } from "../ui/icons.tsx";
import { focusFirstEntry } from "../ui/menu-keys.ts";

// The list and the switching are loaded when the menu is first opened.
const OrganizationList = lazy(() =>
  import("./organization-list.tsx").then((m) => ({ default: m.OrganizationList }))
);

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
            <Suspense fallback={<p className="menu-message">Loading…</p>}>
              <OrganizationList organizations={organizations} switcher={switcher} close={close} />
            </Suspense>
          </>
        )}
      </Dropdown>
    </div>
  );
}
