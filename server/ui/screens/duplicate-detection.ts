/**
 * Duplicate Detection: the candidate duplicate leads and clients the caller may
 * read (the scan call), each pair with its score, the fields that match and a
 * Merge link when the two are of one type.
 */
import type { ScreenDef } from "./screen-def.ts";
import { screen } from "./screen-def.ts";

export const DUPLICATE_DETECTION_SCREEN: ScreenDef = {
  id: "duplicate-detection",
  audience: "staff",
  module: "duplicate-detection",
  build: () =>
    screen(
      "duplicate-detection",
      "Duplicate Detection",
      "dynamic",
      {
        scan: {
          method: "POST",
          path: "/api/duplicates/scan",
          body: {},
          label: "Duplicates",
          errorText: "Failed to look for duplicates",
        },
      },
      [{
        type: "table",
        source: "scan",
        path: "pairs",
        caption: "Possible duplicates",
        columns: [
          { key: "a.name", label: "Record" },
          { key: "b.name", label: "Looks like" },
          {
            key: "a.type",
            label: "Kind",
            labels: { lead: "Lead", client: "Client" },
          },
          {
            key: "score",
            label: "Similarity",
            format: "fraction-percent",
            align: "end",
            sortable: true,
          },
          { key: "reasons", label: "Matching on" },
        ],
        defaultSort: { key: "score", direction: "desc" },
        pageSize: 20,
        emptyText: "No likely duplicates among the leads and clients you may see",
        rowActions: [
          {
            label: "Merge",
            when: { field: "mergeable", equals: true },
            action: { kind: "navigate", to: "{+merge_path}" },
          },
          { label: "Open record", action: { kind: "navigate", to: "{+a.path}" } },
          { label: "Open other", action: { kind: "navigate", to: "{+b.path}" } },
        ],
        phone: { first: ["a.name", "b.name", "score"] },
      }],
      "Leads and clients that look alike by name, email, phone or company. Only records sharing a normalised email, phone, name sound or company are compared.",
    ),
};
