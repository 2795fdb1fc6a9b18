/**
 * Sales forecasting: for the next six months, the weighted pipeline, commit and
 * best case of open leads by the month they are expected to close, against the
 * value won in each month; the same per owner; and how accurate the forecast
 * snapshotted at the start of each of the last three months turned out. Every
 * figure is the forecast call's (`GET /api/sales/forecast`, one definition on the
 * server), read with the caller's permissions.
 */
import type { Node } from "../../../schemas/descriptor/mod.ts";
import { findRecordType } from "../../records/catalogue.ts";
import { mayReadType } from "../../records/engine/record-access.ts";
import { screen, type ScreenDef } from "./screen-def.ts";

const money = (key: string, label: string) => ({
  key,
  label,
  format: "currency" as const,
  align: "end" as const,
});

/** The screen's figures, each a table of the forecast call's answer. */
export const FORECAST_FIGURES: readonly Node[] = [
  {
    type: "card",
    title: "Forecast by expected close month",
    children: [{
      type: "table",
      source: "forecast",
      path: "months",
      caption: "Open leads by the month they are expected to close, and the value won each month",
      columns: [
        { key: "month_label", label: "Month" },
        money("weighted", "Weighted pipeline"),
        money("commit", "Commit"),
        money("best_case", "Best case"),
        money("won", "Won"),
      ],
      emptyText: "No months to forecast",
      phone: { first: ["month_label", "weighted", "won"] },
    }],
  },
  {
    type: "card",
    title: "Forecast by owner",
    children: [{
      type: "table",
      source: "forecast",
      path: "by_owner",
      columns: [
        { key: "month_label", label: "Month" },
        { key: "owner_name", label: "Owner" },
        money("weighted", "Weighted pipeline"),
        money("commit", "Commit"),
        money("best_case", "Best case"),
        money("won", "Won"),
      ],
      pageSize: 50,
      emptyText: "No open leads are expected to close in these months",
      phone: { first: ["month_label", "owner_name", "weighted"] },
    }],
  },
  {
    type: "card",
    title: "Forecast accuracy in past months",
    children: [{
      type: "table",
      source: "forecast",
      path: "past",
      caption:
        "The forecast taken at the start of each month against the value won in it: accuracy is won ÷ forecast",
      columns: [
        { key: "month_label", label: "Month" },
        money("commit", "Commit forecast"),
        money("weighted", "Weighted forecast"),
        money("won", "Won"),
        {
          key: "commit_accuracy",
          label: "Commit accuracy",
          format: "percent",
          align: "end",
          fallback: "No forecast",
        },
        {
          key: "weighted_accuracy",
          label: "Weighted accuracy",
          format: "percent",
          align: "end",
          fallback: "No forecast",
        },
      ],
      emptyText: "No past months",
      phone: { first: ["month_label", "commit_accuracy", "won"] },
    }],
  },
];

export const SALES_FORECASTING_SCREEN: ScreenDef = {
  id: "sales-forecasting",
  audience: "staff",
  module: "sales-forecasting",
  build: ({ access }) => {
    const leads = findRecordType("lead");
    const readsLeads = !!access && !!leads && mayReadType(leads, access);
    return screen(
      "sales-forecasting",
      "Sales Forecasting",
      "dynamic",
      readsLeads
        ? {
          forecast: {
            method: "GET",
            path: "/api/sales/forecast?months=6&past=3",
            follows: ["lead"],
            label: "Sales forecast",
          },
        }
        : {},
      readsLeads ? [...FORECAST_FIGURES] : [{
        type: "text",
        text: "Your role may not read leads, so there is no forecast to show here.",
        variant: "muted",
      }],
      "Weighted pipeline = estimated value × stage probability of open leads; Commit counts Commit leads; Best case adds Best case leads. Omitted leads are left out.",
    );
  },
};
