/**
 * One card of a dashboard: a saved report, run with the reader's own permissions
 * once the card comes into view, drawn as its chart, its number or its first rows.
 * A reader who may not read the report's records is told so on the card; the
 * rest of the dashboard is unaffected.
 */
import { useQuery } from "@tanstack/react-query";
import { useId, useRef } from "react";
import { Link } from "react-router-dom";
import type { NodeOf } from "../../../schemas/descriptor/mod.ts";
import { apiRequest } from "../../api/api-client.ts";
import { ApiError } from "../../api/api-error.ts";
import { recordMeta } from "../../records/record-api.ts";
import { recordKeys } from "../../records/record-keys.ts";
import { SkeletonLines } from "../../ui/skeleton-lines.tsx";
import { ReportChart } from "../report-builder/report-chart.tsx";
import { chartPoints, fieldsOf, resultColumns } from "../report-builder/report-columns.ts";
import { draftOfReport } from "../report-builder/report-draft.ts";
import { ResultTable } from "../report-builder/result-table.tsx";
import { type DashboardCardData, filled, type ReportRun } from "./dashboard-api.ts";
import { useInView } from "./use-in-view.ts";

/** Why a card shows nothing: a role that may not read the report's records is told so in words. */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) {
    return "Your role may not read the records this report counts.";
  }
  if (error instanceof ApiError && error.status === 404) {
    return "This report is no longer shared with you.";
  }
  return error instanceof Error ? error.message : String(error);
}

/** Rows a card lists before pointing to the whole report. */
const SHORT_LIST = 6;

function CardBody({ run, typeApi, title }: { run: ReportRun; typeApi: string; title: string }) {
  const meta = useQuery({
    queryKey: recordKeys.meta(typeApi),
    queryFn: () => recordMeta(typeApi),
    staleTime: 5 * 60_000,
  });
  if (!meta.data) return <SkeletonLines lines={3} />;
  const draft = draftOfReport({
    name: title,
    record_type: run.report.record_type,
    chart: run.report.chart,
    definition: JSON.stringify(run.definition),
  });
  const fields = fieldsOf(meta.data.meta, meta.data.options);
  const columns = resultColumns(draft, fields, meta.data.meta.list.columns);
  const figure = columns.find((c) => c.figure);
  if (run.rows.length === 0) return <p className="dashboard-card-note">Nothing to show yet.</p>;
  if (draft.shape === "groups" && figure && draft.chart !== "table") {
    return (
      <ReportChart
        kind={draft.chart}
        points={chartPoints(columns, run.rows)}
        title={title}
        figure={figure.label}
      />
    );
  }
  const shown = run.rows.slice(0, SHORT_LIST);
  return (
    <div className="table-scroll">
      <ResultTable
        columns={columns}
        rows={shown}
        caption={title}
        className="dashboard-card-table"
      />
      {run.rows.length > SHORT_LIST || run.more
        ? (
          <p className="dashboard-card-note">
            The first {shown.length} of {run.rows.length}
            {run.more ? " or more" : ""} rows.
          </p>
        )
        : null}
    </div>
  );
}

/** A card's frame: its title (a link when given), its loading, refusal or result, and a pin. */
export function CardFrame(
  { title, href, width, queryKey, load, typePath, onPin }: {
    title: string;
    href?: string;
    width: string;
    queryKey: readonly unknown[];
    /** The result, asked for only once the card nears the viewport. */
    load(): Promise<ReportRun>;
    typePath: string;
    onPin?(): void;
  },
) {
  const box = useRef<HTMLElement>(null);
  const headingId = useId();
  const seen = useInView(box);
  const run = useQuery({
    queryKey,
    queryFn: load,
    enabled: seen,
    retry: false,
    staleTime: 60_000,
  });
  return (
    <article
      ref={box}
      className={`dashboard-card is-${width}`}
      aria-labelledby={headingId}
      aria-busy={run.isFetching}
    >
      <header className="dashboard-card-head">
        <h2 id={headingId} className="dashboard-card-title">
          {href ? <Link to={href}>{title}</Link> : title}
        </h2>
        {onPin
          ? (
            <button
              type="button"
              className="button button-secondary button-small"
              onClick={onPin}
              aria-label={`Pin ${title} to a dashboard of yours`}
            >
              Pin
            </button>
          )
          : null}
      </header>
      {run.error ? <p className="dashboard-card-note">{refusal(run.error)}</p> : run.data
        ? (
          <CardBody
            run={run.data}
            typeApi={filled(typePath, "type", run.data.report.record_type)}
            title={title}
          />
        )
        : seen
        ? <SkeletonLines lines={4} />
        : <div className="dashboard-card-waiting" aria-hidden="true" />}
    </article>
  );
}

/** A dashboard's card: a saved report, run with the reader's permissions. */
export function DashboardCard(
  { card, node, onPin }: {
    card: DashboardCardData;
    node: NodeOf<"dashboard-grid">;
    onPin(): void;
  },
) {
  return (
    <CardFrame
      title={card.title}
      href={filled(node.reportRoute, "id", card.report)}
      width={card.width}
      queryKey={["dashboard-card", node.runPath, card.report]}
      load={() =>
        apiRequest<ReportRun>(filled(node.runPath, "id", card.report), {
          method: "POST",
          body: {},
        })}
      typePath={node.typePath}
      onPin={onPin}
    />
  );
}
