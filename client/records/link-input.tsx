/**
 * A link field's type-ahead: a combobox that searches the target record type
 * (`GET /api/records/{target}/search?q=`) as the user types, among the records
 * meeting the field's conditions (`filters`), and keeps the chosen record's id as
 * the value and its title as the text (the keys are the type-ahead's,
 * ui/type-ahead.tsx); clearing the text clears the link. A value
 * given without its title (a new record started from its context) is shown by the
 * title the search answers for its id, never as the id; beside it, Open goes to
 * the linked record when the form offers that.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { KeyboardEvent } from "react";
import { Link } from "react-router-dom";
import type { Filter } from "../../schemas/records/meta.ts";
import { searchRecords } from "./record-api.ts";
import { TypeAheadBox, useTypeAhead } from "../ui/type-ahead.tsx";
import { recordKeys } from "./record-keys.ts";

/** Props of a link input. */
export interface LinkInputProps {
  id?: string;
  /** The accessible name when no label points at the input. */
  label?: string;
  target: string;
  value: string | null;
  /** The linked record's title, when known. */
  title?: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  disabled?: boolean;
  /** The conditions the records offered meet (the field's `link_filters`, filled in). */
  filters?: readonly Filter[];
  /** Where the linked record opens: an Open link beside the input while a record is linked. */
  openPath?: string;
  onChange(id: string | null, title: string): void;
  onKeyDown?(event: KeyboardEvent<HTMLInputElement>): void;
}

/** A link input. */
export function LinkInput(props: LinkInputProps) {
  const { target, value, title, onChange } = props;
  const filters = props.filters ?? NO_FILTERS;
  const state = useTypeAhead();
  const linked = value !== null && value !== "";
  const named = useQuery({
    queryKey: recordKeys.title(target, value),
    queryFn: () => searchRecords(target, "", [{ field: "id", op: "eq", value }]),
    enabled: linked && title === undefined,
    staleTime: 5 * 60_000,
  });
  const knownTitle = title ?? named.data?.items[0]?.title;
  const suggestions = useQuery({
    queryKey: recordKeys.search(target, state.query, filters),
    queryFn: () => searchRecords(target, state.query, filters),
    enabled: state.open,
    staleTime: 30_000,
    // The last suggestions stay while the next are fetched, so the list does not flicker.
    placeholderData: keepPreviousData,
  });
  const input = (
    <TypeAheadBox
      state={state}
      items={suggestions.data?.items ?? []}
      shown={linked ? knownTitle ?? "" : ""}
      id={props.id}
      label={props.label}
      invalid={props.invalid}
      describedBy={props.describedBy}
      required={props.required}
      disabled={props.disabled}
      placeholder={linked && knownTitle === undefined && named.isPending ? "Loading…" : undefined}
      onPick={(item) => onChange(item.id, item.title)}
      onClear={() => onChange(null, "")}
      onKeyDown={props.onKeyDown}
    />
  );
  // One element tree whether or not Open shows, so the input keeps focus when a pick adds it.
  return (
    <div className="link-field">
      {input}
      {props.openPath !== undefined && linked && knownTitle !== undefined
        ? (
          <Link className="link-open" to={props.openPath} aria-label={`Open ${knownTitle}`}>
            Open
          </Link>
        )
        : null}
    </div>
  );
}

const NO_FILTERS: readonly Filter[] = [];
