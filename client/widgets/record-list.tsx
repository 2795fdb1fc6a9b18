/**
 * A record list: server-side pages ("Load more"), sort by column headers (Shift
 * for several), filter chips, a debounced search, views, a column chooser, row
 * selection with bulk edit and bulk actions, import, export and New (a new record
 * starts with the values the list is filtered to), each shown only when the caller
 * may use it. It follows the live record events of its type.
 */
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import type { FieldMeta, Filter } from "../../schemas/records/meta.ts";
import { ApiError } from "../api/api-error.ts";
import { useActionHost } from "../renderer/action-host.tsx";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { fillTemplate } from "../renderer/templates.ts";
import { BulkBar } from "../records/bulk-bar.tsx";
import { AddFilter, FilterChips } from "../records/filter-chips.tsx";
import { ImportDialog } from "../records/import-dialog.tsx";
import { ListToolbar } from "../records/list-toolbar.tsx";
import { RecordTable } from "../records/record-table.tsx";
import { formPathOf, listFieldsOf } from "../records/standard-fields.ts";
import {
  columnsOf,
  type ListChoices,
  listRequestOf,
  nextSort,
  sortInEffect,
  totalText,
} from "../records/list-state.ts";
import {
  deleteView,
  exportCsv,
  listRecords,
  listViews,
  recordMeta,
  saveView,
  shareView,
  type View,
  type ViewsAnswer,
  type ViewShare,
} from "../records/record-api.ts";
import { onRecordChange, recordTypeOfApi } from "../api/record-events.ts";
import { useDebounced } from "../records/use-debounced.ts";
import { newRecordPath } from "../records/record-context.ts";
import { importNotice } from "../records/record-notices.ts";
import { recordKeys } from "../records/record-keys.ts";
import { preloadWhenIdle } from "./preload-widgets.ts";
import { LayoutSwitch, useListLayout } from "../records/list-layout.tsx";
import { RenderNode } from "../renderer/render-node.tsx";

type Row = Record<string, unknown>;

/** A record list. */
/** The widgets of a record page. */
const RECORD_PAGE_WIDGETS = ["record-form", "record-timeline", "tabs"];

export function RecordList({ node, path }: WidgetProps<NodeOf<"record-list">>) {
  const { meta, api } = node;
  const runtime = useScreenRuntime();
  const host = useActionHost();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const viewsKey = recordKeys.views(api);
  // The metadata names the declared views; the caller's saved ones come from the API.
  const viewsAnswer = useQuery({
    queryKey: viewsKey,
    queryFn: () => listViews(api),
    enabled: node.compact !== true,
    staleTime: 60_000,
  }).data;
  const listed = viewsAnswer?.views;
  const views = useMemo(() => {
    const byId = new Map<string, View>();
    for (const view of [...meta.list.views, ...(listed ?? [])]) byId.set(view.id, view);
    return [...byId.values()];
  }, [meta, listed]);
  const storeViews = (update: (views: View[]) => View[]) =>
    queryClient.setQueryData<ViewsAnswer>(viewsKey, (old) => ({
      ...old,
      views: update(old?.views ?? []),
    }));
  const firstView = views.find((v) => v.id === node.view);
  const [choices, setChoices] = useState<ListChoices>(() => ({
    viewId: firstView?.id ?? "",
    filters: [],
    sort: [],
    search: "",
    columns: columnsOf(meta, firstView),
  }));
  const [titles, setTitles] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [problem, setProblem] = useState<string>();
  const search = useDebounced(choices.search, 300);
  const setups = useMemo(
    () =>
      node.compact ? {} : {
        board: node.board,
        calendar: node.calendar,
        groups: node.groups,
        timeline: node.timeline,
      },
    [node.compact, node.board, node.calendar, node.groups, node.timeline],
  );
  const layout = useListLayout(setups);
  const onBoard = layout.layout === "board";
  const onCalendar = layout.layout === "calendar";
  const onGroups = layout.layout === "groups";
  const onTimeline = layout.layout === "timeline";
  const laidOut = Boolean(node.board || node.calendar || node.groups || node.timeline);
  const allFields = useMemo(() => listFieldsOf(meta), [meta]);
  const fields = useMemo(() => new Map(allFields.map((f) => [f.id, f])), [allFields]);
  const view = views.find((v) => v.id === choices.viewId);
  const fixed = useMemo<Filter[]>(
    () =>
      (node.fixedFilters ?? []).map((f) => ({
        field: f.field,
        op: f.op,
        value: fillTemplate(f.value, runtime) as Filter["value"],
      })),
    [node.fixedFilters, runtime],
  );
  // The title is always fetched: selection boxes and bulk results name rows by it.
  const fetched = choices.columns.includes(meta.title_field)
    ? choices.columns
    : [...choices.columns, meta.title_field];
  const request = listRequestOf(
    { ...choices, search, columns: fetched },
    fixed,
    node.pageSize ?? 50,
  );
  const listKey = recordKeys.list(api, request);
  const pages = useInfiniteQuery({
    enabled: layout.layout === "list",
    queryKey: listKey,
    queryFn: ({ pageParam }) =>
      listRecords(api, pageParam === undefined ? request : { ...request, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
  const needsOptions = meta.fields.some((f) => f.options_from !== undefined);
  const external = useQuery({
    queryKey: recordKeys.meta(api),
    queryFn: () => recordMeta(api),
    enabled: needsOptions,
    staleTime: 5 * 60_000,
  }).data?.options;

  // Its rows open record pages: their widgets' code loads while the list is read, so
  // opening one waits only for its data.
  useEffect(() => preloadWhenIdle(RECORD_PAGE_WIDGETS), []);

  useEffect(() => {
    const type = recordTypeOfApi(api);
    return onRecordChange((change) => {
      if (change.recordType !== type) return;
      void queryClient.invalidateQueries({ queryKey: recordKeys.lists(api) });
    });
  }, [api, queryClient]);

  const rows: Row[] = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const total = pages.data?.pages[0]?.total;
  const columns = choices.columns.map((id) => fields.get(id)).filter((f): f is FieldMeta =>
    f !== undefined
  );
  const sort = sortInEffect(choices, meta, view);
  const formPath = (id: string) => formPathOf(meta, id);
  // New starts a record with the values this list is confined to (its panel's parent).
  const newPath = () =>
    newRecordPath(meta, [...fixed, ...(view?.filters ?? []), ...choices.filters]);
  const compact = node.compact === true;
  const selectable = !compact && (meta.can.update || meta.actions.length > 0);
  const names = Object.fromEntries(rows.map((r) => [String(r.id), rowTitle(r, meta.title_field)]));
  const change = (update: Partial<ListChoices>) => {
    setChoices((c) => ({ ...c, ...update }));
    setSelected(new Set());
  };

  async function download(): Promise<void> {
    setProblem(undefined);
    try {
      const blob = await exportCsv(api, [...fixed, ...(view?.filters ?? []), ...choices.filters], {
        search,
        sort,
      });
      const { saveFile } = await import("../renderer/download.ts");
      saveFile(
        `${meta.plural.toLowerCase().replace(/\s+/g, "-")}.csv`,
        await blob.text(),
        "text/csv",
      );
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    }
  }

  async function storeView(label: string, share: ViewShare): Promise<void> {
    try {
      const answer = await saveView(api, {
        label,
        ...(share.sharing === "private" ? {} : share),
        filters: [...(view?.filters ?? []), ...choices.filters],
        sort,
        columns: choices.columns,
        ...(laidOut ? { layout: layout.layout } : {}),
        ...(onBoard ? { board_field: layout.boardField } : {}),
        ...(onCalendar ? { calendar_field: layout.calendarField } : {}),
        ...(onGroups ? { group_fields: layout.groupFields } : {}),
        ...(onTimeline
          ? { timeline_start: node.timeline!.start.id, timeline_end: node.timeline!.end.id }
          : {}),
      });
      storeViews((v) => [...v, { ...answer.view, saved: true }]);
      change({ viewId: answer.view.id, filters: [], sort: [] });
      host.toast(`View "${label}" saved`, "success");
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    }
  }

  async function reshareView(id: string, share: ViewShare): Promise<void> {
    try {
      await shareView(api, id, share);
      storeViews((v) => v.map((x) => (x.id === id ? { ...x, ...share } : x)));
      host.toast(share.sharing === "private" ? "View no longer shared" : "View shared", "success");
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    }
  }

  async function removeView(id: string): Promise<void> {
    try {
      await deleteView(api, id);
      storeViews((v) => v.filter((x) => x.id !== id));
      change({ viewId: "", columns: columnsOf(meta, undefined) });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    }
  }

  return (
    <section className="record-list" aria-label={meta.plural}>
      {compact
        ? (meta.can.create
          ? (
            <div className="record-toolbar">
              <button
                type="button"
                className="button button-primary button-small"
                onClick={() => navigate(newPath())}
              >
                New
              </button>
            </div>
          )
          : null)
        : (
          <ListToolbar
            plural={meta.plural}
            search={choices.search}
            onSearch={(text) => change({ search: text })}
            views={views}
            viewId={choices.viewId}
            onView={(id) => {
              const next = views.find((v) => v.id === id);
              change({ viewId: id, filters: [], sort: [], columns: columnsOf(meta, next) });
              layout.fromView(next);
            }}
            onSaveView={(label, share) => void storeView(label, share)}
            onShareView={(id, share) => void reshareView(id, share)}
            shareRoles={viewsAnswer?.roles ?? []}
            shareChoices={viewsAnswer?.sharing ?? []}
            onDeleteView={(id) => void removeView(id)}
            columnChoices={allFields.filter((f) => f.type !== "table" && !f.hidden)}
            columns={choices.columns}
            onColumns={(ids) => change({ columns: ids })}
            onAddFilter={allFields.some((f) => f.filterable) ? () => setAdding(true) : undefined}
            onImport={meta.can.import ? () => setImporting(true) : undefined}
            onExport={meta.can.export ? () => void download() : undefined}
            onNew={meta.can.create ? () => navigate(newPath()) : undefined}
          />
        )}
      {!compact && laidOut
        ? <LayoutSwitch setups={setups} layout={layout} onLayout={layout.setLayout} />
        : null}
      {adding
        ? (
          <AddFilter
            fields={allFields.filter((f) => f.filterable)}
            external={external}
            onCancel={() => setAdding(false)}
            onAdd={(filter, title) => {
              if (title && typeof filter.value === "string") {
                setTitles((t) => ({ ...t, [filter.value as string]: title }));
              }
              change({ filters: [...choices.filters, filter] });
              setAdding(false);
            }}
          />
        )
        : null}
      <FilterChips
        filters={choices.filters}
        fields={allFields}
        titles={{ ...linkTitles(rows, meta.fields), ...titles }}
        external={external}
        onRemove={(i) => change({ filters: choices.filters.filter((_, j) => j !== i) })}
      />
      {problem ? <p className="alert tone-danger" role="alert">{problem}</p> : null}
      {onGroups
        ? (
          <RenderNode
            path={`${path}/groups`}
            node={{
              type: "record-groups",
              api,
              meta,
              ...node.groups!,
              by: layout.groupFields,
              filters: [...fixed, ...(view?.filters ?? []), ...choices.filters],
              ...(search.trim() !== "" ? { search: search.trim() } : {}),
            }}
          />
        )
        : onTimeline
        ? (
          <RenderNode
            path={`${path}/timeline`}
            node={{
              type: "record-timeline-view",
              api,
              meta,
              ...node.timeline!,
              filters: [...fixed, ...(view?.filters ?? []), ...choices.filters],
              ...(search.trim() !== "" ? { search: search.trim() } : {}),
            }}
          />
        )
        : onCalendar
        ? (
          <RenderNode
            path={`${path}/calendar`}
            node={{
              type: "record-calendar",
              api,
              meta,
              ...node.calendar!,
              field: layout.calendarField,
              filters: [...fixed, ...(view?.filters ?? []), ...choices.filters],
              ...(search.trim() !== "" ? { search: search.trim() } : {}),
            }}
          />
        )
        : onBoard
        ? (
          <RenderNode
            path={`${path}/board`}
            node={{
              type: "record-board",
              api,
              meta,
              ...node.board!,
              field: layout.boardField,
              filters: [...fixed, ...(view?.filters ?? []), ...choices.filters],
              ...(search.trim() !== "" ? { search: search.trim() } : {}),
            }}
          />
        )
        : (
          <>
            {selected.size > 0
              ? (
                <BulkBar
                  api={api}
                  meta={meta}
                  ids={[...selected]}
                  names={names}
                  editable={meta.can.update
                    ? meta.fields.filter((f) =>
                      f.type !== "table" && f.type !== "attach" && !f.read_only && !f.computed &&
                      !f.hidden
                    )
                    : []}
                  actions={meta.actions}
                  external={external}
                  confirm={(confirmation) => host.confirm(confirmation)}
                  toast={(text, tone, options) => host.toast(text, tone, options)}
                  onClear={() => setSelected(new Set())}
                  onDone={() =>
                    void queryClient.invalidateQueries({ queryKey: recordKeys.lists(api) })}
                />
              )
              : null}
            <p className="record-total" aria-live="polite">
              {total ? totalText(total) : pages.isPending ? "Loading…" : ""}
            </p>
            {pages.isError
              ? (
                <p className="alert tone-danger" role="alert">
                  {pages.error instanceof Error
                    ? pages.error.message
                    : "The list could not be loaded."}
                </p>
              )
              : null}
            <div className="table-scroll record-table-scroll">
              <RecordTable
                caption={meta.plural}
                rows={rows}
                columns={columns}
                sort={sort}
                onSort={(field, extend) => change({ sort: nextSort(sort, field, extend) })}
                selectable={selectable}
                selected={selected}
                onSelect={setSelected}
                names={names}
                external={external}
                formPath={formPath}
              />
              {pages.isSuccess && rows.length === 0
                ? (
                  <p className="empty-text">
                    {node.emptyText ?? `No ${meta.plural.toLowerCase()} found.`}
                  </p>
                )
                : null}
            </div>
            {pages.hasNextPage
              ? (
                <button
                  type="button"
                  className="button button-secondary load-more"
                  disabled={pages.isFetchingNextPage}
                  onClick={() => void pages.fetchNextPage()}
                >
                  {pages.isFetchingNextPage ? "Loading…" : "Load more"}
                </button>
              )
              : null}
          </>
        )}
      {importing
        ? (
          <ImportDialog
            api={api}
            plural={meta.plural}
            onClose={() => setImporting(false)}
            onImported={(answer) => {
              setImporting(false);
              const notice = importNotice(meta, answer);
              host.toast(notice.text, notice.tone);
              void queryClient.invalidateQueries({ queryKey: recordKeys.lists(api) });
            }}
          />
        )
        : null}
    </section>
  );
}

function rowTitle(row: Row, titleField: string): string {
  const title = row[titleField] ?? row.title ?? row.name ?? row.id;
  return String(title);
}

/** Link titles the loaded rows carry (`<field>__title`), by linked id. */
function linkTitles(rows: Row[], fields: readonly FieldMeta[]): Record<string, string> {
  const titles: Record<string, string> = {};
  for (const field of fields) {
    if (field.type !== "link") continue;
    for (const row of rows) {
      const id = row[field.id];
      const title = row[`${field.id}__title`];
      if (typeof id === "string" && typeof title === "string") titles[id] = title;
    }
  }
  return titles;
}
