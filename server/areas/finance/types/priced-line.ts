/**
 * The columns of a priced line, one definition for every document that prices
 * lines the invoice's way (invoices, proposals): an item whose rate and tax rate
 * are fetched unless given, quantity × rate less the discount, and the tax rate's
 * included and added parts giving the line's net, tax and amount. A document adds
 * its own columns around them (a proposal's section and optional flag).
 */
import type { FieldDeclaration } from "../../../records/declaration.ts";

/** The gross of a line: quantity × rate less the discount, before tax is taken out or added. */
const GROSS = "quantity * rate * (100 - discount_percent) / 100";

/** What a document may change about the shared columns. */
export interface PricedLineOptions {
  /** The least quantity (a credit note's lines are negative, so invoices set none). */
  quantityMin?: number;
  /** The longest description (default: a data field's). */
  descriptionMax?: number;
}

/** The item, description, quantity, rate, discount and tax columns, in the document's order. */
export function pricedLineInputs(options: PricedLineOptions = {}): FieldDeclaration[] {
  return [
    { id: "item", label: "Item", type: "link", link: "item", column: "item_id", in_list: true },
    {
      id: "description",
      label: "Description",
      type: "data",
      in_list: true,
      ...(options.descriptionMax ? { max_length: options.descriptionMax } : {}),
    },
    {
      id: "quantity",
      label: "Quantity",
      type: "float",
      default: 1,
      ...(options.quantityMin !== undefined ? { min: options.quantityMin } : {}),
      in_list: true,
    },
    {
      id: "rate",
      label: "Rate",
      type: "currency",
      min: 0,
      in_list: true,
      fetch_from: "item.rate",
      fetch_if_empty: true,
    },
    {
      id: "discount_percent",
      label: "Discount %",
      type: "percent",
      min: 0,
      max: 100,
      in_list: true,
    },
    {
      id: "tax_template",
      label: "Tax rate",
      type: "link",
      link: "tax_template",
      column: "tax_template_id",
      in_list: true,
      fetch_from: "item.tax_template",
      fetch_if_empty: true,
    },
    {
      id: "inclusive_rate",
      label: "Tax included (%)",
      type: "percent",
      hidden: true,
      fetch_from: "tax_template.inclusive_rate",
    },
    {
      id: "exclusive_rate",
      label: "Tax added (%)",
      type: "percent",
      hidden: true,
      fetch_from: "tax_template.exclusive_rate",
    },
  ];
}

/** The line's figures, computed from its inputs: net, tax and amount. */
export const PRICED_LINE_FIGURES: readonly FieldDeclaration[] = [
  {
    id: "net_amount",
    label: "Net",
    type: "currency",
    in_list: true,
    computed: { expression: `round(${GROSS} * 100 / (100 + inclusive_rate), 2)` },
  },
  {
    id: "tax_amount",
    label: "Tax amount",
    type: "currency",
    in_list: true,
    computed: {
      expression: `round(${GROSS}, 2) - net_amount + round(net_amount * exclusive_rate / 100, 2)`,
    },
  },
  {
    id: "amount",
    label: "Amount",
    type: "currency",
    in_list: true,
    computed: { expression: "net_amount + tax_amount" },
  },
];
