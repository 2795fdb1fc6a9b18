/**
 * A printed document (an invoice) as a page: the same value the server draws as
 * its PDF, laid out as paper — the issuer's logo and letterhead, the kind and
 * number, who it is for beside its facts, the table, the totals and the sections.
 * Its texts come written (dates and amounts in the organisation's locale), so the
 * page shows exactly what the PDF says. On paper the app's frame is left off
 * (client/styles.css, `@media print`).
 */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import type { PrintedDocument as Document } from "../../schemas/api/printed-document.ts";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { valueAt } from "../renderer/value-path.ts";

/** True when the value has the document's shape (a source answers whatever its server says). */
function isDocument(value: unknown): value is Document {
  if (typeof value !== "object" || value === null) return false;
  const d = value as Record<string, unknown>;
  const strings = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === "string");
  const party = (v: unknown) =>
    typeof v === "object" && v !== null && typeof (v as Document["issuer"]).name === "string" &&
    strings((v as Document["issuer"]).lines);
  return typeof d.kind === "string" && typeof d.number === "string" && party(d.issuer) &&
    party(d.recipient) && Array.isArray(d.facts) && Array.isArray(d.columns) &&
    Array.isArray(d.rows) && Array.isArray(d.totals) && Array.isArray(d.sections);
}

/** A printed document. */
export function PrintedDocument({ node }: WidgetProps<NodeOf<"printed-document">>) {
  const runtime = useScreenRuntime();
  const value = valueAt(runtime.sources[node.source]?.value, node.path);
  if (!isDocument(value)) {
    return <p className="alert tone-danger" role="alert">This document cannot be shown.</p>;
  }
  const document = value;
  const logo = document.issuer.logo?.startsWith("data:image/") ? document.issuer.logo : null;
  return (
    <article className="printed-document" aria-label={`${document.kind} ${document.number}`}>
      <header className="printed-head">
        <div className="printed-issuer">
          {logo ? <img className="printed-logo" src={logo} alt={document.issuer.name} /> : null}
          <p className="printed-issuer-name">{document.issuer.name}</p>
          {document.issuer.lines.map((line, i) => <p key={i} className="printed-muted">{line}</p>)}
        </div>
        <div className="printed-title">
          <h1 className="printed-kind">{document.kind}</h1>
          <h2 className="printed-number">{document.number}</h2>
        </div>
      </header>
      <section className="printed-parties">
        <div className="printed-recipient">
          <h3 className="printed-label">{document.recipient.label}</h3>
          <p className="printed-recipient-name">{document.recipient.name}</p>
          {document.recipient.lines.map((line, i) => <p key={i}>{line}</p>)}
        </div>
        <dl className="printed-facts">
          {document.facts.map((fact) => (
            <div key={fact.label} className="printed-fact">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <div className="printed-table-scroll">
        <table className="printed-table">
          <thead>
            <tr>
              {document.columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={column.align === "end" ? "align-end" : undefined}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {document.rows.map((row, i) => (
              <tr key={i}>
                {document.columns.map((column) => (
                  <td
                    key={column.key}
                    data-column={column.key}
                    className={column.align === "end" ? "align-end" : undefined}
                  >
                    {row[column.key] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="printed-totals">
        {document.totals.map((total) => (
          <div
            key={total.label}
            className={total.strong ? "printed-total printed-total-strong" : "printed-total"}
          >
            <dt>{total.label}</dt>
            <dd>{total.value}</dd>
          </div>
        ))}
      </dl>
      {document.sections.map((section) => (
        <section key={section.title} className="printed-section">
          <h3 className="printed-section-title">{section.title}</h3>
          {section.lines.map((line, i) => <p key={i}>{line}</p>)}
        </section>
      ))}
    </article>
  );
}
