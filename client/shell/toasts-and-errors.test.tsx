import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureErrorReporting } from "../api/error-report.ts";
import { fakeServer } from "../testing/fake-server.ts";
import { RenderErrorBoundary } from "./render-error-boundary.tsx";
import { toastDuration } from "./toast-item.tsx";
import { ToastProvider, useToasts } from "./toasts.tsx";

function Raiser() {
  const { show } = useToasts();
  return (
    <button
      type="button"
      onClick={() => [1, 2, 3, 4, 5, 6, 7].forEach((n) => show(`Toast ${n}`))}
    >
      Raise
    </button>
  );
}

function shownToasts(): string[] {
  const region = screen.getByRole("region", { name: "Notices" });
  return within(region).queryAllByRole("listitem").map((t) =>
    t.querySelector(".toast-text")?.textContent ?? ""
  );
}

function Teller({ run }: { run(show: ReturnType<typeof useToasts>["show"]): void }) {
  const { show } = useToasts();
  return <button type="button" onClick={() => run(show)}>Tell</button>;
}

describe("toasts", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows at most five, the newest, at the bottom, and dismisses them once read", async () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Raiser />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Raise" }));
    // A toast's view loads with the first toast.
    await act(() => import("./toast-item.tsx"));
    expect(shownToasts()).toEqual(["Toast 3", "Toast 4", "Toast 5", "Toast 6", "Toast 7"]);
    act(() => vi.advanceTimersByTime(5_000));
    expect(shownToasts()).toHaveLength(5, "still there after 5 s: time to read");
    act(() => vi.advanceTimersByTime(toastDuration("Toast 7", "info") - 5_000));
    expect(shownToasts()).toHaveLength(0);
  });

  it("gives longer text and errors more time, and an Undo the time it asks for", () => {
    const long = "Lead Dana Whitfield converted — client Fabrikam Logistics created";
    expect(toastDuration(long, "success")).toBeGreaterThan(toastDuration("Saved", "success"));
    expect(toastDuration("Saved", "success")).toBeGreaterThanOrEqual(6_000);
    expect(toastDuration("Failed", "danger")).toBeGreaterThanOrEqual(10_000);
    expect(toastDuration("3 updated", "success", { durationMs: 30_000 })).toBe(30_000);
  });

  it("keeps a toast while the pointer rests on it", () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Teller run={(show) => show("Task Write the brief saved", "success")} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Tell" }));
    const toast = within(screen.getByRole("region", { name: "Notices" })).getByRole("listitem");
    fireEvent.mouseEnter(toast);
    act(() => vi.advanceTimersByTime(60_000));
    expect(shownToasts()).toEqual(["Task Write the brief saved"]);
    fireEvent.mouseLeave(toast);
    act(() => vi.advanceTimersByTime(15_000));
    expect(shownToasts()).toEqual([]);
  });

  it("reads each toast out through a live region, and an error as an alert", () => {
    const { container } = render(
      <ToastProvider>
        <Teller
          run={(show) => {
            show("Invoice INV-2026-00012 submitted", "success");
            show("Cannot submit", "danger");
          }}
        />
      </ToastProvider>,
    );
    // The live region is in the page before anything is said, so additions to it are read.
    const live = container.ownerDocument.querySelector("[aria-live=polite]");
    expect(live?.textContent).toBe("");
    fireEvent.click(screen.getByRole("button", { name: "Tell" }));
    expect(live?.textContent).toContain("Invoice INV-2026-00012 submitted");
    expect(screen.getByRole("alert").textContent).toContain("Cannot submit");
    // Said once: finding the words finds one element.
    expect(screen.getAllByText("Invoice INV-2026-00012 submitted")).toHaveLength(1);
  });

  it("offers an action that closes the toast when taken, and a link", () => {
    const undo = vi.fn();
    render(
      <MemoryRouter>
        <ToastProvider>
          <Teller
            run={(show) =>
              show("3 updated", "success", {
                action: { label: "Undo", run: undo },
                link: { label: "Open Fabrikam", to: "/app/clients/c1" },
              })}
          />
        </ToastProvider>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Tell" }));
    expect(screen.getByRole("link", { name: "Open Fabrikam" }).getAttribute("href")).toBe(
      "/app/clients/c1",
    );
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    expect(undo).toHaveBeenCalledOnce();
    expect(shownToasts()).toEqual([]);
  });
});

describe("the error screen", () => {
  it("shows 'Something went wrong' with Try Again and reports the error", async () => {
    const server = fakeServer({ "POST /ui/errors": { received: true } });
    configureErrorReporting("/ui/errors");
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let broken = true;
    function Fragile() {
      if (broken) throw new Error("render failed");
      return <p>Recovered</p>;
    }
    render(
      <RenderErrorBoundary area="screen">
        <Fragile />
      </RenderErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    await waitFor(() => expect(server.to("POST", "/ui/errors")).toHaveLength(1));
    expect(server.to("POST", "/ui/errors")[0].body).toMatchObject({
      message: "render failed",
      component: "screen",
    });
    broken = false;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(screen.getByText("Recovered")).toBeTruthy();
  });
});
