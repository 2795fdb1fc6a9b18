/**
 * A document: a file attached to any record (`record_type` + `record_id`), or to
 * none. Its size and content type are set when the file is stored, never by
 * callers.
 */
import { defineRecordType } from "../../../records/define.ts";

export const DOCUMENT = defineRecordType({
  id: "document",
  label: "Document",
  plural: "Documents",
  module: "documents",
  table: "documents",
  naming: { series: "DOC-.YYYY.-.#####" },
  title_field: "title",
  search_fields: ["title", "name"],
  fields: [
    { id: "title", label: "Title", type: "data", required: true, in_list: true, sortable: true },
    { id: "file", label: "File", type: "attach", required: true, in_list: true },
    {
      id: "record_type",
      label: "Attached to (type)",
      type: "data",
      max_length: 64,
      in_list: true,
      filterable: true,
    },
    {
      id: "record_id",
      label: "Attached to (record)",
      type: "data",
      max_length: 64,
      filterable: true,
      required_if: "is_set(record_type)",
    },
    { id: "size", label: "Size (bytes)", type: "int", fetch_from: "file.size", in_list: true },
    {
      id: "content_type",
      label: "Content type",
      type: "data",
      fetch_from: "file.content_type",
      max_length: 100,
    },
  ],
  attached_to: { type_field: "record_type", id_field: "record_id" },
  list: {
    columns: ["name", "title", "file", "record_type", "size", "created_at"],
    sort: [{ field: "created_at", dir: "desc" }],
  },
  form: {
    tabs: [
      {
        id: "details",
        label: "Details",
        sections: [
          { columns: [["title", "file"], ["size", "content_type"]] },
          { label: "Attached to", columns: [["record_type"], ["record_id"]] },
        ],
      },
    ],
  },
  roles: {
    firm_admin: ["read", "create", "update", "delete", "export", "import", "level1"],
    project_manager: ["read", "create", "update", "delete", "export"],
    member: ["read", "create"],
  },
});
