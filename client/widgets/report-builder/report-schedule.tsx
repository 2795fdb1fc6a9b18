/**
 * "Email me this report" in the report builder: the caller's subscriptions to the
 * saved report (daily, or weekly on a weekday, at an hour in the organisation's
 * time zone), each with why it was last not sent, if so, and a way to stop it; and
 * a form to add one. The mail is computed with the caller's own permissions when
 * it is sent, so it says what they may read then.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { NodeOf } from "../../../schemas/descriptor/mod.ts";
import { createRecord, deleteRecord, listRecords } from "../../records/record-api.ts";

/** The subscriptions' calls and choices, from the builder's descriptor. */
export type ScheduleSetup = NodeOf<"report-builder">["subscriptions"];

/** `07:00` for 7. */
function hourText(hour: unknown): string {
  return `${String(Number(hour)).padStart(2, "0")}:00`;
}

/** "Daily at 07:00", "Weekly on Monday at 07:00", in the descriptor's words. */
export function scheduleText(setup: ScheduleSetup, values: Record<string, unknown>): string {
  const at = `at ${hourText(values.hour)}`;
  const often = setup.frequencies.find((f) => f.value === values.frequency)?.label ??
    String(values.frequency);
  const day = setup.weekdays.find((d) => d.value === String(values.weekday))?.label;
  return values.frequency === "weekly" && day ? `${often} on ${day} ${at}` : `${often} ${at}`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The subscribe control of a saved report. */
export function ReportSchedule({ reportId, setup }: { reportId: string; setup: ScheduleSetup }) {
  const subscriptions = setup.path;
  const queryClient = useQueryClient();
  const key = ["report-subscriptions", reportId];
  const [frequency, setFrequency] = useState("daily");
  const [weekday, setWeekday] = useState("1");
  const [hour, setHour] = useState(7);
  const [problem, setProblem] = useState<string | null>(null);
  const listed = useQuery({
    queryKey: key,
    queryFn: () =>
      listRecords(subscriptions, { filters: [{ field: "report", op: "eq", value: reportId }] }),
  });
  const done = () => {
    setProblem(null);
    return queryClient.invalidateQueries({ queryKey: key });
  };
  const subscribe = useMutation({
    mutationFn: () =>
      createRecord(subscriptions, {
        report: reportId,
        frequency,
        ...(frequency === "weekly" ? { weekday } : {}),
        hour,
      }),
    onSuccess: done,
    onError: (error) => setProblem(messageOf(error)),
  });
  const stop = useMutation({
    mutationFn: (item: { id: string; version: number }) =>
      deleteRecord(subscriptions, item.id, item.version),
    onSuccess: done,
    onError: (error) => setProblem(messageOf(error)),
  });
  const items = listed.data?.items ?? [];
  return (
    <section className="report-schedule" aria-label="Email me this report">
      <h3>Email me this report</h3>
      {items.length > 0
        ? (
          <ul>
            {items.map((item) => (
              <li key={String(item.id)}>
                {scheduleText(setup, item)}
                {item.stopped_reason ? <em>— not sent: {String(item.stopped_reason)}</em> : null}
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={stop.isPending}
                  onClick={() =>
                    stop.mutate({ id: String(item.id), version: Number(item.version) })}
                >
                  Stop
                </button>
              </li>
            ))}
          </ul>
        )
        : null}
      <div className="report-schedule-form">
        <label className="field">
          <span>How often</span>
          <select value={frequency} onChange={(e) => setFrequency(e.target.value)}>
            {setup.frequencies.map((f) => <option key={f.value} value={f.value}>{f.label}</option>)}
          </select>
        </label>
        {frequency === "weekly"
          ? (
            <label className="field">
              <span>On</span>
              <select value={weekday} onChange={(e) => setWeekday(e.target.value)}>
                {setup.weekdays.map((d) => <option key={d.value} value={d.value}>{d.label}
                </option>)}
              </select>
            </label>
          )
          : null}
        <label className="field">
          <span>At</span>
          <select value={hour} onChange={(e) => setHour(Number(e.target.value))}>
            {Array.from({ length: 24 }, (_, h) => <option key={h} value={h}>{hourText(h)}</option>)}
          </select>
        </label>
        <button
          type="button"
          className="button button-secondary"
          disabled={subscribe.isPending}
          onClick={() => subscribe.mutate()}
        >
          Subscribe
        </button>
      </div>
      <p className="report-note">At the hour in your organisation's time zone.</p>
      {problem ? <p className="alert tone-danger" role="alert">{problem}</p> : null}
    </section>
  );
}
