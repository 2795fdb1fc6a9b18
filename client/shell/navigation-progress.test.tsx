import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { NavigationProgress, PROGRESS_DELAY_MS } from "./navigation-progress.tsx";

function slowRouter() {
  let arrive!: () => void;
  const arrived = new Promise<null>((resolve) => (arrive = () => resolve(null)));
  const router = createMemoryRouter([{
    element: (
      <>
        <NavigationProgress />
        <Outlet />
      </>
    ),
    children: [
      { path: "/", element: <p>Home</p> },
      { path: "/fast", loader: () => null, element: <p>Fast page</p> },
      { path: "/slow", loader: () => arrived, element: <p>Slow page</p> },
    ],
  }]);
  return { router, arrive };
}

/** Whether a progress bar ever appeared in the page while it was watched. */
function watchForProgress(): { seen(): boolean; stop(): void } {
  let seen = false;
  const observer = new MutationObserver(() => {
    if (document.querySelector("[role=progressbar]")) seen = true;
  });
  observer.observe(document.body, { childList: true, subtree: true });
  return { seen: () => seen, stop: () => observer.disconnect() };
}

describe("the navigation progress bar", () => {
  it("shows a labelled progress bar once a navigation takes longer than its delay", async () => {
    const { router, arrive } = slowRouter();
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("Home")).toBeTruthy();
    const started = performance.now();
    // Outside act: act would hold the navigation's state until the navigation ends.
    void router.navigate("/slow");
    const bar = await screen.findByRole("progressbar", { name: "Loading the page" });
    expect(bar).toBeTruthy();
    expect(performance.now() - started).toBeGreaterThanOrEqual(PROGRESS_DELAY_MS);
    await act(async () => {
      arrive();
      await router.navigate("/slow");
    });
    expect(await screen.findByText("Slow page")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("does not flash on a fast navigation", async () => {
    const { router } = slowRouter();
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("Home")).toBeTruthy();
    const watch = watchForProgress();
    await act(() => router.navigate("/fast"));
    expect(screen.getByText("Fast page")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, PROGRESS_DELAY_MS * 2));
    watch.stop();
    expect(watch.seen()).toBe(false);
  });
});
