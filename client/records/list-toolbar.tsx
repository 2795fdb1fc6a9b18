/**
 * A record list's toolbar: the search box, the view picker (the views shared with
 * the caller apart, each with who shared it; saving the current filters as a named
 * view, shared or not, and sharing or deleting one's own), the column chooser, and
 * Filter, Import, Export and New as the caller may use them.
 */
import { useState } from "react";
import type { FieldMeta } from "../../schemas/records/meta.ts";
import type { View, ViewShare } from "./record-api.ts";
import { type ShareRole, ViewShareSelect } from "./view-share-select.tsx";

const NOT_SHARED: ViewShare = { sharing: "private", shared_roles: [] };

/** Props of the toolbar. */
export interface ListToolbarProps {
  plural: string;
  search: string;
  onSearch(text: string): void;
  views: readonly View[];
  viewId: string;
  onView(id: string): void;
  onSaveView?(label: string, share: ViewShare): void;
  onShareView?(id: string, share: ViewShare): void;
  onDeleteView?(id: string): void;
  /** The roles a view may be shared with. */
  shareRoles: readonly ShareRole[];
  /** Who a view may be shared with, as the server names the choices. */
  shareChoices: readonly ShareRole[];
  columnChoices: readonly FieldMeta[];
  columns: readonly string[];
  onColumns(columns: string[]): void;
  onAddFilter?(): void;
  onImport?(): void;
  onExport?(): void;
  onNew?(): void;
}

/** The toolbar. */
export function ListToolbar(props: ListToolbarProps) {
  const [naming, setNaming] = useState(false);
  const [label, setLabel] = useState("");
  const [share, setShare] = useState<ViewShare>(NOT_SHARED);
  const [choosing, setChoosing] = useState(false);
  const selected = props.views.find((v) => v.id === props.viewId);
  const ours = props.views.filter((v) => v.shared_by === undefined);
  const theirs = props.views.filter((v) => v.shared_by !== undefined);
  return (
    <div className="record-toolbar">
      <input
        type="search"
        className="record-search"
        aria-label={`Search ${props.plural}`}
        placeholder={`Search ${props.plural.toLowerCase()}…`}
        value={props.search}
        onChange={(e) => props.onSearch(e.target.value)}
      />
      {props.views.length > 0
        ? (
          <select
            aria-label="View"
            value={props.viewId}
            onChange={(e) => props.onView(e.target.value)}
          >
            <option value="">All {props.plural.toLowerCase()}</option>
            {ours.map((v) => <option key={v.id} value={v.id}>{v.label}</option>)}
            {theirs.length > 0
              ? (
                <optgroup label="Shared with you">
                  {theirs.map((v) => (
                    <option key={v.id} value={v.id}>{`${v.label} (${v.shared_by})`}</option>
                  ))}
                </optgroup>
              )
              : null}
          </select>
        )
        : null}
      {props.onAddFilter
        ? (
          <button type="button" className="button button-secondary" onClick={props.onAddFilter}>
            Filter
          </button>
        )
        : null}
      <div className="column-picker">
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={choosing}
          onClick={() => setChoosing((c) => !c)}
        >
          Columns
        </button>
        {choosing
          ? (
            <fieldset className="column-chooser">
              <legend>Columns shown</legend>
              {props.columnChoices.map((f) => (
                <label key={f.id}>
                  <input
                    type="checkbox"
                    checked={props.columns.includes(f.id)}
                    onChange={(e) =>
                      props.onColumns(
                        e.target.checked
                          ? props.columnChoices.map((c) => c.id).filter((id) =>
                            id === f.id || props.columns.includes(id)
                          )
                          : props.columns.filter((c) => c !== f.id),
                      )}
                  />
                  {f.label}
                </label>
              ))}
            </fieldset>
          )
          : null}
      </div>
      {props.onSaveView
        ? naming
          ? (
            <form
              className="save-view"
              onSubmit={(e) => {
                e.preventDefault();
                if (label.trim() === "") return;
                props.onSaveView?.(label.trim(), share);
                setNaming(false);
                setLabel("");
                setShare(NOT_SHARED);
              }}
            >
              <input
                aria-label="View name"
                value={label}
                maxLength={64}
                onChange={(e) => setLabel(e.target.value)}
              />
              <ViewShareSelect
                label="Share with"
                choices={props.shareChoices}
                roles={props.shareRoles}
                share={share}
                onShare={setShare}
              />
              <button type="submit" className="button button-primary button-small">Save</button>
              <button
                type="button"
                className="button button-ghost button-small"
                onClick={() => setNaming(false)}
              >
                Cancel
              </button>
            </form>
          )
          : (
            <button type="button" className="button button-ghost" onClick={() => setNaming(true)}>
              Save view
            </button>
          )
        : null}
      {selected?.saved && props.onShareView
        ? (
          <ViewShareSelect
            label="Shared with"
            choices={props.shareChoices}
            roles={props.shareRoles}
            share={{
              sharing: selected.sharing ?? "private",
              shared_roles: selected.shared_roles ?? [],
            }}
            onShare={(next) => props.onShareView?.(selected.id, next)}
          />
        )
        : null}
      {selected?.saved && props.onDeleteView
        ? (
          <button
            type="button"
            className="button button-ghost"
            onClick={() => props.onDeleteView?.(selected.id)}
          >
            Delete view
          </button>
        )
        : null}
      <span className="record-toolbar-end">
        {props.onImport
          ? (
            <button type="button" className="button button-secondary" onClick={props.onImport}>
              Import
            </button>
          )
          : null}
        {props.onExport
          ? (
            <button type="button" className="button button-secondary" onClick={props.onExport}>
              Export
            </button>
          )
          : null}
        {props.onNew
          ? (
            <button type="button" className="button button-primary" onClick={props.onNew}>
              New
            </button>
          )
          : null}
      </span>
    </div>
  );
}
