/**
 * A form's type-ahead: a combobox that asks `search` for items matching what is
 * typed (all of them, up to what the call answers, when nothing is) and keeps the
 * chosen item's id as the value, its title as the text (the keys are the
 * type-ahead's, type-ahead.tsx).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { TypeAheadBox, type TypeAheadItem, useTypeAhead } from "./type-ahead.tsx";

/** An item a search offers. */
export type SearchItem = TypeAheadItem;

/** Props of a search input. */
export interface SearchInputProps {
  id: string;
  name: string;
  /** Tells queries of different searches apart (the search's path, filled in). */
  searchKey: string;
  value: string;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  placeholder?: string;
  search(q: string): Promise<SearchItem[]>;
  onChange(id: string): void;
}

/** A search input. */
export function SearchInput(props: SearchInputProps) {
  const { value, onChange } = props;
  const state = useTypeAhead();
  const [title, setTitle] = useState("");
  const suggestions = useQuery({
    queryKey: ["form-search", props.searchKey, state.query],
    queryFn: () => props.search(state.query),
    enabled: state.open,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
  return (
    <TypeAheadBox
      state={state}
      items={suggestions.data ?? []}
      shown={value === "" ? "" : title}
      id={props.id}
      name={props.name}
      invalid={props.invalid}
      describedBy={props.describedBy}
      required={props.required}
      placeholder={props.placeholder}
      onPick={(item) => {
        setTitle(item.title);
        onChange(item.id);
      }}
      onClear={() => onChange("")}
    />
  );
}
