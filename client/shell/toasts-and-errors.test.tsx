import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { configureErrorReporting } from "../api/error-report.ts";
import { fakeServer } from "../testing/fake-server.ts";
import { RenderErrorBoundary } from "./render-error-boundary.tsx";
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

describe("toasts", () => {
  it("shows at most five, the newest, and dismisses them after a while", () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Raiser />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Raise" }));
    expect(screen.getAllByRole("status").map((t) => t.textContent)).toEqual([
      "Toast 3×",
      "Toast 4×",
      "Toast 5×",
      "Toast 6×",
      "Toast 7×",
    ]);
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryAllByRole("status")).toHaveLength(0);
    vi.useRealTimers();
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
