import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fakeServer } from "../testing/fake-server.ts";
import { renderScreen, screenOf } from "../testing/render-screen.tsx";

function drawn(answer: unknown) {
  fakeServer({ "GET /graph": answer as Record<string, unknown> });
  return renderScreen(screenOf(
    {
      type: "state-graph",
      source: "graph",
      title: "Workflow graph",
      emptyText: "This workflow has no states",
    },
    { sources: { graph: { method: "GET", path: "/graph" } } },
  ));
}

const state = (id: string, label: string, row: number, column = 0, reachable = true) => ({
  id,
  label,
  tone: "neutral",
  row,
  column,
  initial: id === "draft",
  reachable,
});

describe("the state-graph widget", () => {
  it("draws each state and transition, lists the transitions in words and says what to know", async () => {
    await drawn({
      states: [
        state("draft", "Draft", 0),
        state("pending", "Pending approval", 1),
        state("approved", "Approved", 2),
        state("rejected", "Rejected", 3, 0, false),
      ],
      edges: [
        {
          from: "draft",
          to: "pending",
          label: "Submit",
          detail: "needs permission to submit; no comment",
          edited: false,
        },
        {
          from: "pending",
          to: "draft",
          label: "Revise",
          detail: "needs permission to submit; comment required",
          edited: true,
        },
      ],
      notes: ["Reject is switched off: no step allows it."],
    });
    const graph = await screen.findByRole("img", { name: "Workflow graph" });
    for (const label of ["Draft", "Pending approval", "Approved", "Rejected", "Submit", "Revise"]) {
      expect(within(graph).getByText(label)).toBeTruthy();
    }
    // The unreachable state is drawn dashed; the edited transition in its own colour.
    const rejected = within(graph).getByText("Rejected").closest("g")!.querySelector("rect")!;
    expect(rejected.getAttribute("stroke-dasharray")).toBe("5 4");
    expect(within(graph).getByText("Revise").closest("g")!.getAttribute("class")).toContain(
      "edited",
    );
    const steps = screen.getAllByRole("listitem").map((li) => li.textContent);
    expect(steps).toEqual([
      "Submit: Draft → Pending approval (needs permission to submit; no comment)",
      "Revise: Pending approval → Draft (needs permission to submit; comment required; as edited)",
    ]);
    expect(screen.getByText("Reject is switched off: no step allows it.")).toBeTruthy();
  });

  it("says there is nothing to draw instead of an empty picture", async () => {
    await drawn({ states: [], edges: [], notes: [] });
    expect(await screen.findByText("This workflow has no states")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });
});
