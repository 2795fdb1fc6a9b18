/**
 * A record's timeline: when it was created, each change of its fields (by label,
 * from → to), each action with its comment, what other records did to it in the
 * server's words (a payment applied, a rule run on it, linked), and comments,
 * newest first with relative times, and a box to add a comment. It follows the
 * record's live events.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "react-router-dom";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { ApiError } from "../api/api-error.ts";
import { formatValue } from "../renderer/formatters.ts";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { fillTemplate } from "../renderer/templates.ts";
import { actionText, changeText } from "../records/timeline-text.ts";
import {
  addComment,
  type HistoryAnswer,
  recordHistory,
  recordMeta,
} from "../records/record-api.ts";
import { onRecordChange, recordTypeOfApi } from "../api/record-events.ts";
import { recordKeys } from "../records/record-keys.ts";

type Entry = HistoryAnswer["entries"][number];

const KIND_WORDS: Readonly<Record<Entry["kind"], string>> = {
  created: "created this record",
  changed: "changed",
  action: "took an action",
  comment: "commented",
  deleted: "deleted this record",
  imported: "imported this record",
  event: "did something about this record",
};

/** A record timeline. */
export function RecordTimeline({ node }: WidgetProps<NodeOf<"record-timeline">>) {
  const runtime = useScreenRuntime();
  const queryClient = useQueryClient();
  const raw = fillTemplate(node.recordId, runtime);
  const id = raw === null || raw === "" || raw === "new" ? null : String(raw);
  const key = recordKeys.history(node.api, id);
  const history = useQuery({
    queryKey: key,
    queryFn: () => recordHistory(node.api, id!),
    enabled: id !== null,
  });
  // The type's metadata words changed values (options by label); without it they show as sent.
  const described = useQuery({
    queryKey: recordKeys.meta(node.api),
    queryFn: () => recordMeta(node.api),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  }).data;
  const words = { meta: described?.meta, options: described?.options, labels: node.labels };
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (id === null) return;
    const type = recordTypeOfApi(node.api);
    return onRecordChange((change) => {
      if (change.recordType !== type || (change.id !== null && change.id !== id)) return;
      void queryClient.invalidateQueries({ queryKey: recordKeys.history(node.api, id) });
    });
  }, [id, node.api, queryClient]);

  if (id === null) return null;

  async function send(event: FormEvent): Promise<void> {
    event.preventDefault();
    if (text.trim() === "") return;
    setSending(true);
    setError(undefined);
    try {
      await addComment(node.api, id!, text.trim());
      setText("");
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : String(caught));
    } finally {
      setSending(false);
    }
  }

  const entries = [...(history.data?.entries ?? [])].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <section className="record-timeline" aria-label="Timeline">
      <h3 className="record-section-title">Timeline</h3>
      {node.canComment
        ? (
          <form className="timeline-comment" onSubmit={(e) => void send(e)}>
            <label htmlFor={`comment-${id}`} className="sr-only">Comment</label>
            <textarea
              id={`comment-${id}`}
              rows={2}
              maxLength={5000}
              placeholder="Add a comment…"
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <button
              type="submit"
              className="button button-secondary button-small"
              disabled={sending || text.trim() === ""}
            >
              Add comment
            </button>
            {error ? <p className="field-error" role="alert">{error}</p> : null}
          </form>
        )
        : null}
      {history.isPending ? <p role="status">Loading the timeline…</p> : null}
      {history.isError
        ? <p className="alert tone-danger" role="alert">The timeline could not be loaded.</p>
        : null}
      <ol className="timeline-entries">
        {entries.map((entry) => (
          <li key={entry.id} className={`timeline-entry timeline-${entry.kind}`}>
            <p className="timeline-line">
              <strong>{entry.by.name}</strong> {entry.summary
                ? (
                  <>
                    — <CauseSummary summary={entry.summary} link={entry.link} />
                  </>
                )
                : entry.kind === "action" && entry.action
                ? `— ${actionText(entry.action, words)}`
                : KIND_WORDS[entry.kind]}{" "}
              <time dateTime={entry.at} title={formatValue(entry.at, "datetime")}>
                {formatValue(entry.at, "relative-time")}
              </time>
            </p>
            {entry.changes && entry.changes.length > 0
              ? (
                <ul className="timeline-changes">
                  {entry.changes.map((change) => changeText(change, words)).map((change) => (
                    <li key={change.field}>
                      {change.label}: <span className="timeline-from">{change.from}</span> →{" "}
                      <span className="timeline-to">{change.to}</span>
                    </li>
                  ))}
                </ul>
              )
              : null}
            {entry.comment
              ? <blockquote className="timeline-comment-text">{entry.comment}</blockquote>
              : null}
          </li>
        ))}
      </ol>
      {history.isSuccess && entries.length === 0
        ? <p className="empty-text">No history yet.</p>
        : null}
    </section>
  );
}

/** "Payment PAY-2026-00003 applied $400.00", the payment's number a link to it. */
function CauseSummary(
  { summary, link }: { summary: string; link?: { label: string; path: string } },
) {
  const at = link ? summary.indexOf(link.label) : -1;
  if (!link || at < 0) return <>{summary}</>;
  return (
    <>
      {summary.slice(0, at)}
      <Link to={link.path}>{link.label}</Link>
      {summary.slice(at + link.label.length)}
    </>
  );
}
