/** The organisation name in the header, or 'No organization' when it cannot be loaded. */
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "../api/api-client.ts";

interface OrganizationAnswer {
  organization?: { id: string; name: string } | null;
}

/** The current organisation's name. */
export function OrganizationName(
  { source, known, noOrganizationText }: {
    source: string;
    known: string | undefined;
    noOrganizationText: string;
  },
) {
  const query = useQuery({
    queryKey: ["shell", "organization", source],
    queryFn: ({ signal }) =>
      apiRequest<OrganizationAnswer>(source, { method: "POST", body: {}, signal }),
    staleTime: 15 * 60_000,
    retry: false,
  });
  const name = query.isError ? undefined : query.isPending ? known : query.data?.organization?.name;
  return (
    <span className={`organization-name${name ? "" : " is-missing"}`}>
      {name ?? noOrganizationText}
    </span>
  );
}
