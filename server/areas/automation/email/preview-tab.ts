/**
 * The Preview tab of an email template's form: the person picks one of the
 * template's records they may read (a type-ahead over `GET …/records?q=`, the
 * records changed last offered before anything is typed) and sees the mail it makes
 * for that record, rendered as they may read it (`POST …/preview`): the subject,
 * the body in an inert frame (no scripts, nothing loaded), and the files it
 * attaches. Bound to the preview calls with the template's id from the route.
 */
import type { Node, Source } from "../../../../schemas/descriptor/mod.ts";

/** The records of the template's type the person may read, those changed last first. */
const RECORDS_PATH = "/api/automation/email-templates/{id}/records";
const PREVIEW = "emailTemplatePreview";
/** The screen state holding the record picked. */
const PICKED = "preview_record";

/** The tab's widgets and sources (the same for everyone who may read templates). */
export function previewTab(): { sources: Record<string, Source>; children: Node[] } {
  const sources: Record<string, Source> = {
    [PREVIEW]: {
      method: "POST",
      path: "/api/automation/email-templates/{id}/preview",
      body: { record_id: { $state: PICKED } },
      enabledWhen: [PICKED],
      label: "Preview",
    },
  };
  const shown = { state: PICKED, present: true };
  const children: Node[] = [
    {
      type: "card",
      title: "Preview against a record",
      subtitle: "The mail this template makes for one of its records, as you may read it.",
      children: [{
        type: "form",
        id: "email-template-preview",
        fields: [{
          name: PICKED,
          label: "Record *",
          kind: "search",
          required: true,
          placeholder: "Type to search, or pick one changed lately",
          search: { path: RECORDS_PATH },
          messages: { required: "Pick a record to preview the template against" },
        }],
        submit: { label: "Preview", toState: true },
      }],
    },
    {
      type: "card",
      title: "Email",
      visibleWhen: shown,
      children: [
        {
          type: "key-value",
          items: [{ label: "Subject", value: { $bind: PREVIEW, path: "subject", fallback: "—" } }],
        },
        {
          type: "html-frame",
          source: PREVIEW,
          path: "html",
          title: "Email body",
          emptyText: "The body is empty for this record",
        },
        {
          type: "table",
          source: PREVIEW,
          path: "attachments",
          caption: "Attachments",
          columns: [
            { key: "filename", label: "File" },
            { key: "size", label: "Size (bytes)", format: "integer", align: "end" },
          ],
          emptyText: "No attachments",
        },
      ],
    },
  ];
  return { sources, children };
}
