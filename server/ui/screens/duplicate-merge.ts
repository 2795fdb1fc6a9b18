/**
 * The merge screen of two duplicate leads (`/app/duplicate-detection/merge?a=&b=`,
 * `a` the lead kept): for each field, which lead's value the kept one takes,
 * then Merge, which opens the kept lead. The merge can be undone until it is
 * confirmed (`POST /api/duplicates/merge/undo`).
 */
import { z } from "zod";
import type { FormField } from "../../../schemas/descriptor/form-widget.ts";
import { findRecordType } from "../../records/catalogue.ts";
import { MERGE_FIELDS } from "../../areas/sales/duplicates/merge.ts";
import { screen, type ScreenDef } from "./screen-def.ts";

const pair = {
  type: "lead",
  survivor: { $query: "a" },
  merged: { $query: "b" },
};

export const DUPLICATE_MERGE_SCREEN: ScreenDef = {
  id: "duplicate-detection/merge",
  audience: "staff",
  module: "duplicate-detection",
  params: z.object({
    type: z.string().max(20).optional(),
    a: z.string().max(100).optional(),
    b: z.string().max(100).optional(),
  }).strict(),
  paramsKey: () => "",
  build: () => {
    const lead = findRecordType("lead")!;
    const fields: z.input<typeof FormField>[] = MERGE_FIELDS.map((id) => ({
      name: id,
      label: lead.field.get(id)!.label,
      kind: "select",
      optionsSource: { source: "preview", path: `fields.${id}`, value: "value", label: "label" },
    }));
    return screen(
      "duplicate-detection/merge",
      "Merge duplicates",
      "dynamic",
      {
        preview: {
          method: "POST",
          path: "/api/duplicates/merge/preview",
          body: pair,
          critical: true,
          label: "The two leads",
          errorText: "These two leads cannot be merged",
        },
      },
      [
        {
          type: "text",
          text:
            "Pick the value the kept lead takes for each field. Activities, proposals, documents and comments of the duplicate move to the kept lead; the duplicate is kept, marked as merged into it, and the merge can be undone until it is confirmed.",
        },
        {
          type: "key-value",
          items: [
            { label: "Kept lead", value: { $bind: "preview", path: "survivor.name" } },
            { label: "Duplicate merged into it", value: { $bind: "preview", path: "merged.name" } },
          ],
        },
        {
          type: "form",
          id: "merge",
          source: "preview",
          path: "initial",
          fields,
          submit: {
            label: "Merge",
            method: "POST",
            path: "/api/duplicates/merge",
            bodyKey: "picks",
            extra: pair,
            successText: "Leads merged",
            onSuccess: { kind: "navigate", to: "{+path}" },
          },
        },
      ],
      "Two leads of one person become one.",
    );
  },
};
