/**
 * Pins a saved report to one of the caller's own dashboards, or to a new one they
 * name: one call, then a link to the dashboard. Offered by every dashboard card
 * and by the report builder.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router-dom";
import type { NodeOf } from "../../../schemas/descriptor/mod.ts";
import { apiRequest } from "../../api/api-client.ts";
import { Modal } from "../../ui/modal.tsx";
import { filled } from "./dashboard-api.ts";

type PinCalls = NodeOf<"dashboard-grid">["pin"];

interface Pinned {
  dashboard: { id: string; name: string };
  pinned: boolean;
}

const NEW = "";

export function PinDialog(
  { calls, report, title, onClose }: {
    calls: PinCalls;
    report: string;
    title: string;
    onClose(): void;
  },
) {
  const queryClient = useQueryClient();
  const mine = useQuery({
    queryKey: ["my-dashboards", calls.mine],
    queryFn: () => apiRequest<{ dashboards: { id: string; name: string }[] }>(calls.mine),
  });
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState("My dashboard");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [done, setDone] = useState<Pinned | null>(null);
  const own = mine.data?.dashboards ?? [];
  const chosen = choice ?? own[0]?.id ?? NEW;

  async function pin(event: React.FormEvent): Promise<void> {
    event.preventDefault();
    setBusy(true);
    setProblem(undefined);
    try {
      const body = chosen === NEW ? { report, name: name.trim() } : { report, dashboard: chosen };
      const answer = await apiRequest<Pinned>(calls.path, { method: "POST", body });
      setDone(answer);
      await queryClient.invalidateQueries({ queryKey: ["my-dashboards"] });
      await queryClient.invalidateQueries({ queryKey: ["dashboard"] });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={`Pin “${title}”`} onClose={onClose} className="pin-dialog">
      {done
        ? (
          <div className="pin-done">
            <p role="status">
              {done.pinned
                ? `Pinned to ${done.dashboard.name}.`
                : `${done.dashboard.name} already shows this report.`}
            </p>
            <div className="modal-actions">
              <Link
                className="button button-primary"
                to={filled(calls.dashboardRoute, "id", done.dashboard.id)}
              >
                Open {done.dashboard.name}
              </Link>
              <button type="button" className="button button-secondary" onClick={onClose}>
                Close
              </button>
            </div>
          </div>
        )
        : (
          <form onSubmit={pin} className="pin-form">
            <fieldset>
              <legend>Pin it to</legend>
              {mine.isPending ? <p className="report-loading">Loading your dashboards…</p> : null}
              {own.map((d) => (
                <label key={d.id} className="pin-choice">
                  <input
                    type="radio"
                    name="dashboard"
                    checked={chosen === d.id}
                    onChange={() => setChoice(d.id)}
                  />
                  {d.name}
                </label>
              ))}
              <label className="pin-choice">
                <input
                  type="radio"
                  name="dashboard"
                  checked={chosen === NEW}
                  onChange={() => setChoice(NEW)}
                />
                A new dashboard
              </label>
              {chosen === NEW
                ? (
                  <label className="field">
                    <span>Its name</span>
                    <input
                      value={name}
                      maxLength={140}
                      required
                      onChange={(e) => setName(e.target.value)}
                    />
                  </label>
                )
                : null}
            </fieldset>
            {problem ? <p className="alert tone-danger" role="alert">{problem}</p> : null}
            <div className="modal-actions">
              <button
                type="submit"
                className="button button-primary"
                disabled={busy}
                data-autofocus
              >
                {busy ? "Pinning…" : "Pin"}
              </button>
              <button type="button" className="button button-secondary" onClick={onClose}>
                Cancel
              </button>
            </div>
          </form>
        )}
    </Modal>
  );
}
