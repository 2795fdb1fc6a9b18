import { act, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ScreenArea } from "./screen-area.tsx";

function renderArea(dialog: boolean) {
  const router = createMemoryRouter([{
    element: (
      <>
        {dialog
          ? (
            <div role="dialog" aria-modal="true" aria-label="Go to">
              <input aria-label="Search" />
            </div>
          )
          : <input aria-label="Search" />}
        <ScreenArea className="content" errors={undefined} scrolls="area" />
      </>
    ),
    children: [
      { path: "/one", element: <p>One</p> },
      { path: "/two", element: <p>Two</p> },
    ],
  }], { initialEntries: ["/one"] });
  render(<RouterProvider router={router} />);
  return router;
}

describe("screen area focus", () => {
  it("moves focus to the new page after a navigation", async () => {
    const router = renderArea(false);
    screen.getByRole("textbox", { name: "Search" }).focus();
    await act(() => router.navigate("/two"));
    expect(screen.getByText("Two")).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole("main"));
  });

  it("leaves focus in a dialog opened while the page changed", async () => {
    const router = renderArea(true);
    const search = screen.getByRole("textbox", { name: "Search" });
    search.focus();
    await act(() => router.navigate("/two"));
    expect(screen.getByText("Two")).toBeTruthy();
    expect(document.activeElement).toBe(search);
  });
});
