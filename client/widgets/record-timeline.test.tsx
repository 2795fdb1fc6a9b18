import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { publishRecordChange } from "../api/record-events.ts";
import { fakeServer } from "../testing/fake-server.ts";
import { taskMeta } from "../testing/record-fixture.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

const API = "/api/records/task";
const ADA = { id: "u1", name: "Ada Lovelace" };
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function timelineScreen(canComment = true) {
  return screenOf({
    type: "record-timeline",
    api: API,
    recordId: { $param: "id" },
    labels: { due_date: "Due date" },
    canComment,
  });
}

describe("the record-timeline widget", () => {
  it("shows changes by label from → to, actions with comments, and comments, newest first", async () => {
    fakeServer({
      [`GET ${API}/meta`]: { meta: taskMeta(), options: {} },
      [`GET ${API}/t1/history`]: {
        entries: [
          { id: "h1", kind: "created", at: minutesAgo(60), by: ADA },
          {
            id: "h2",
            kind: "changed",
            at: minutesAgo(30),
            by: ADA,
            changes: [
              { field: "due_date", label: "due_date", from: null, to: "2026-03-04" },
              { field: "title", label: "Title", from: "Draft", to: "Final" },
              { field: "priority", label: "Priority", from: 1, to: 4 },
            ],
          },
          {
            id: "h3",
            kind: "action",
            at: minutesAgo(5),
            by: { id: null, name: "System" },
            action: "mark_complete",
            comment: "Shipped",
          },
        ],
      },
    });
    await renderScreen(timelineScreen(), { params: { id: "t1" } });
    const items = await screen.findAllByRole("listitem");
    const entries = items.filter((li) => li.classList.contains("timeline-entry"));
    expect(entries.map((li) => li.querySelector(".timeline-line")?.textContent)).toEqual([
      "System — Mark complete 5 minutes ago",
      "Ada Lovelace changed 30 minutes ago",
      "Ada Lovelace created this record 1 hour ago",
    ]);
    await waitFor(() =>
      expect(within(entries[1]).getByText(/^Priority:/).textContent).toContain("Low")
    );
    expect(within(entries[1]).getByText("Due date:", { exact: false }).textContent).toBe(
      "Due date: — → Mar 4, 2026",
    );
    expect(within(entries[1]).getByText(/^Title:/).textContent).toBe("Title: Draft → Final");
    expect(within(entries[0]).getByText("Shipped")).toBeTruthy();
    await waitFor(() =>
      expect(within(entries[1]).getByText(/^Priority:/).textContent).toBe("Priority: Low → Urgent")
    );
  });

  it("names linked records by their titles, not their ids", async () => {
    fakeServer({
      [`GET ${API}/meta`]: { meta: taskMeta(), options: {} },
      [`GET ${API}/t1/history`]: {
        entries: [{
          id: "h1",
          kind: "changed",
          at: minutesAgo(3),
          by: ADA,
          changes: [{
            field: "project",
            label: "Project",
            from: null,
            to: "prj_1",
            from_title: null,
            to_title: "Website relaunch",
          }],
        }],
      },
    });
    await renderScreen(timelineScreen(), { params: { id: "t1" } });
    await waitFor(() =>
      expect(screen.getByText(/^Project:/).textContent).toBe("Project: — → Website relaunch")
    );
  });

  it("words states, document statuses and actions by their labels, never their codes", async () => {
    const meta = taskMeta({
      submittable: true,
      actions: [{ id: "mark_done", label: "Finish the task", permission: "tasks.complete" }],
    });
    const state = meta.states![1];
    fakeServer({
      [`GET ${API}/meta`]: { meta, options: {} },
      [`GET ${API}/t1/history`]: {
        entries: [{
          id: "h1",
          kind: "action",
          at: minutesAgo(3),
          by: ADA,
          action: meta.actions[0].id,
          changes: [
            { field: "status", label: "Status", from: meta.states![0].id, to: state.id },
            { field: "docstatus", label: "Document status", from: 0, to: 1 },
          ],
        }],
      },
    });
    await renderScreen(timelineScreen(), { params: { id: "t1" } });
    await waitFor(() =>
      expect(screen.getByText(/^Status:/).textContent).toBe(
        `Status: ${meta.states![0].label} → ${state.label}`,
      )
    );
    expect(screen.getByText(/^Document status:/).textContent).toBe(
      "Document status: Draft → Submitted",
    );
    expect(document.querySelector(".timeline-line")?.textContent).toContain(
      `— ${meta.actions[0].label}`,
    );
  });

  it("adds a comment and shows it", async () => {
    const entries: unknown[] = [];
    const server = fakeServer({
      [`GET ${API}/t1/history`]: () => ({ entries }),
      [`POST ${API}/t1/comments`]: (r) => {
        entries.push({
          id: "c1",
          kind: "comment",
          at: minutesAgo(0),
          by: ADA,
          comment: (r.body as { body: string }).body,
        });
        return { id: "c1" };
      },
    });
    await renderScreen(timelineScreen(), { params: { id: "t1" } });
    expect(await screen.findByText("No history yet.")).toBeTruthy();
    const button = screen.getByRole("button", { name: "Add comment" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Comment"), { target: { value: "  Looks good  " } });
    fireEvent.click(button);
    await waitFor(() =>
      expect((screen.getByLabelText("Comment") as HTMLTextAreaElement).value).toBe("")
    );
    expect(await screen.findByRole("blockquote")).toBeTruthy();
    expect(screen.getByRole("blockquote").textContent).toBe("Looks good");
    expect(server.to("POST", `${API}/t1/comments`)[0].body).toEqual({ body: "Looks good" });
  });

  it("has no comment box for callers who may not comment", async () => {
    fakeServer({ [`GET ${API}/t1/history`]: { entries: [] } });
    await renderScreen(timelineScreen(false), { params: { id: "t1" } });
    expect(await screen.findByText("No history yet.")).toBeTruthy();
    expect(screen.queryByLabelText("Comment")).toBeNull();
  });

  it("reloads when its record changes", async () => {
    let entries: unknown[] = [];
    const server = fakeServer({ [`GET ${API}/t1/history`]: () => ({ entries }) });
    await renderScreen(timelineScreen(), { params: { id: "t1" } });
    expect(await screen.findByText("No history yet.")).toBeTruthy();
    entries = [{ id: "h1", kind: "deleted", at: minutesAgo(1), by: ADA }];
    act(() => publishRecordChange({ recordType: "task", id: "t2" }));
    act(() => publishRecordChange({ recordType: "task", id: "t1" }));
    expect(await screen.findByText(/deleted this record/)).toBeTruthy();
    await waitFor(() => expect(server.to("GET", `${API}/t1/history`)).toHaveLength(2));
  });
  it("says what another record did, linking to it, and document statuses in words", async () => {
    fakeServer({
      [`GET ${API}/meta`]: { meta: taskMeta(), options: {} },
      [`GET ${API}/t1/history`]: {
        entries: [
          {
            id: "h2",
            kind: "action",
            at: minutesAgo(5),
            by: ADA,
            action: "invoice.payment",
            summary: "Payment PAY-2026-00003 applied $400.00",
            link: { label: "PAY-2026-00003", path: "/app/payments/pay_3" },
            changes: [],
          },
          {
            id: "h1",
            kind: "action",
            at: minutesAgo(30),
            by: ADA,
            action: "submit",
            changes: [{
              field: "docstatus",
              label: "Document status",
              from: 0,
              to: 1,
              from_title: "Draft",
              to_title: "Submitted",
            }],
          },
        ],
      },
    });
    await renderScreen(timelineScreen(), { params: { id: "t1" } });
    const link = await screen.findByRole("link", { name: "PAY-2026-00003" });
    expect(link.getAttribute("href")).toBe("/app/payments/pay_3");
    expect(link.closest(".timeline-line")?.textContent).toBe(
      "Ada Lovelace — Payment PAY-2026-00003 applied $400.00 5 minutes ago",
    );
    expect(screen.getByText(/^Document status:/).textContent).toBe(
      "Document status: Draft → Submitted",
    );
  });

  it("tells a rule's run on the record in the server's words, linking to the run", async () => {
    fakeServer({
      [`GET ${API}/meta`]: { meta: taskMeta(), options: {} },
      [`GET ${API}/t1/history`]: {
        entries: [{
          id: "run:run_1",
          kind: "event",
          at: minutesAgo(2),
          by: { id: null, name: "Automation" },
          summary: 'Rule "Send welcome pack" (Button on the record): Succeeded, run RUN-ABCD1234',
          link: { label: "RUN-ABCD1234", path: "/app/automation/executions/run_1" },
        }],
      },
    });
    await renderScreen(timelineScreen(), { params: { id: "t1" } });
    const link = await screen.findByRole("link", { name: "RUN-ABCD1234" });
    expect(link.getAttribute("href")).toBe("/app/automation/executions/run_1");
    expect(link.closest(".timeline-line")?.textContent).toBe(
      'Automation — Rule "Send welcome pack" (Button on the record): Succeeded, run RUN-ABCD1234 2 minutes ago',
    );
  });
});
