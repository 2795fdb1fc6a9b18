/**
 * A record list seen as groups: the list's records (its filters and search) in
 * groups of one or two fields (a date by month), each with its count and the sums
 * of the type's figures, and a totals row. One grouped query of the engine, with
 * the caller's own permissions; values in words from the type's metadata.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import type { QueryRequest, QueryResponse } from "../../schemas/records/query.ts";
import { apiRequest } from "../api/api-client.ts";
import { recordMeta } from "../records/record-api.ts";
import { recordKeys } from "../records/record-keys.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";
import { SkeletonLines } from "../ui/skeleton-lines.tsx";
import { columnTotal, fieldsOf, resultColumns } from "./report-builder/report-columns.ts";
import { queryOf, type ReportDraft } from "./report-builder/report-draft.ts";
import { ResultTable } from "./report-builder/result-table.tsx";

/** The grouping asked of the engine, as a report draft of groups. */
function draftOf(node: NodeOf<"record-groups">): ReportDraft {
  const dates = new Set(node.fields.filter((f) => f.date).map((f) => f.id));
  return {
    title: "",
    recordType: node.meta.id,
    shape: "groups",
    columns: [],
    groups: node.by.map((field) => (dates.has(field) ? { field, bucket: "month" } : { field })),
    aggregates: [{ fn: "count" }, ...node.sums.map((s) => ({ fn: "sum" as const, field: s.id }))],
    filters: node.filters ?? [],
    chart: "table",
    sharing: "private",
    roles: [],
  };
}

export function RecordGroups({ node }: WidgetProps<NodeOf<"record-groups">>) {
  const draft = draftOf(node);
  const query: QueryRequest = {
    ...queryOf(draft),
    ...(node.search ? { search: node.search } : {}),
    sort: draft.groups.map((g) => ({ field: g.field, dir: "asc" as const })),
  };
  const result = useQuery({
    queryKey: ["record-groups", node.api, query],
    queryFn: () => apiRequest<QueryResponse>(`${node.api}/query`, { method: "POST", body: query }),
    placeholderData: keepPreviousData,
    retry: false,
  });
  // Choices from the organisation's lists (a lead's source) are read in words.
  const options = useQuery({
    queryKey: recordKeys.meta(node.api),
    queryFn: () => recordMeta(node.api),
    enabled: node.meta.fields.some((f) => f.options_from !== undefined),
    staleTime: 5 * 60_000,
  }).data?.options;
  if (result.error) {
    return (
      <p className="alert tone-danger" role="alert">
        {result.error instanceof Error ? result.error.message : String(result.error)}
      </p>
    );
  }
  if (!result.data) return <SkeletonLines lines={5} text="Counting the groups…" />;
  const columns = resultColumns(draft, fieldsOf(node.meta, options));
  const rows = result.data.rows;
  if (rows.length === 0) {
    return <p className="empty-state-text">No {node.meta.plural.toLowerCase()} match.</p>;
  }
  const labels = node.by.map((id) => node.fields.find((f) => f.id === id)?.label ?? id);
  return (
    <section
      className="record-groups table-scroll"
      aria-label={`${node.meta.plural} by ${labels.join(" and ").toLowerCase()}`}
      aria-busy={result.isFetching}
    >
      <ResultTable
        columns={columns}
        rows={rows}
        caption={`${node.meta.plural} by ${labels.join(" and ").toLowerCase()}`}
        className="report-table"
        footer={rows.length > 1
          ? (
            <tr>
              {columns.map((c, j) => (
                <td key={c.name} className={c.figure ? "is-figure" : undefined}>
                  {j === 0 ? "Total" : columnTotal(c, rows)}
                </td>
              ))}
            </tr>
          )
          : undefined}
      />
      {result.data.more
        ? <p className="report-more">Showing the first {rows.length} groups.</p>
        : null}
    </section>
  );
}
