/**
 * The dashboard widget: the dashboard a screen shows (or the one its route
 * names), its cards in a grid that each load as they scroll into view, a link for
 * its owner to change it, and pinning any card's report to a dashboard of one's
 * own.
 */
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import type { NodeOf } from "../../../schemas/descriptor/mod.ts";
import { apiRequest } from "../../api/api-client.ts";
import { useScreenRuntime, type WidgetProps } from "../../renderer/screen-runtime.tsx";
import { fillTemplate } from "../../renderer/templates.ts";
import { SkeletonLines } from "../../ui/skeleton-lines.tsx";
import {
  type DashboardAnswer,
  type DashboardCardData,
  dashboardOf,
  filled,
} from "./dashboard-api.ts";
import { DashboardCard } from "./dashboard-card.tsx";
import { PinDialog } from "./pin-dialog.tsx";

export function DashboardGrid({ node }: WidgetProps<NodeOf<"dashboard-grid">>) {
  const runtime = useScreenRuntime();
  const id = node.dashboardId === undefined ? null : fillTemplate(node.dashboardId, runtime);
  const path = typeof id === "string" ? filled(node.dashboardPath, "id", id) : node.dashboardPath;
  const answer = useQuery({
    queryKey: ["dashboard", path],
    queryFn: () => apiRequest<DashboardAnswer>(path),
  });
  const [pinning, setPinning] = useState<DashboardCardData | null>(null);

  if (answer.error) {
    return (
      <p className="alert tone-danger" role="alert">
        {answer.error instanceof Error ? answer.error.message : String(answer.error)}
      </p>
    );
  }
  if (!answer.data) return <SkeletonLines lines={6} text="Loading the dashboard…" />;
  const dashboard = dashboardOf(answer.data);
  if (dashboard === null) {
    return (
      <div className="empty-state">
        <p className="empty-state-title">{node.empty.title}</p>
        <p className="empty-state-text">{node.empty.text}</p>
        {node.empty.link
          ? (
            <Link className="button button-primary" to={node.empty.link.to}>
              {node.empty.link.label}
            </Link>
          )
          : null}
      </div>
    );
  }
  return (
    <div className="dashboard">
      <div className="dashboard-head">
        <div>
          {node.dashboardId !== undefined
            ? <h2 className="dashboard-name">{dashboard.name}</h2>
            : null}
          {dashboard.description
            ? <p className="dashboard-description">{dashboard.description}</p>
            : null}
        </div>
        {dashboard.owned
          ? (
            <Link
              className="button button-secondary"
              to={filled(node.editRoute, "id", dashboard.id)}
            >
              Edit dashboard
            </Link>
          )
          : <span className="dashboard-shared">Shared with you</span>}
      </div>
      {dashboard.cards.length === 0
        ? (
          <div className="empty-state">
            <p className="empty-state-title">No cards yet</p>
            <p className="empty-state-text">
              Open a report in the Report Builder and pin it here.
            </p>
          </div>
        )
        : (
          <div className="dashboard-grid">
            {dashboard.cards.map((card, index) => (
              <DashboardCard
                key={`${index}:${card.report}`}
                card={card}
                node={node}
                onPin={() => setPinning(card)}
              />
            ))}
          </div>
        )}
      {pinning
        ? (
          <PinDialog
            calls={node.pin}
            report={pinning.report}
            title={pinning.title}
            onClose={() => setPinning(null)}
          />
        )
        : null}
    </div>
  );
}
