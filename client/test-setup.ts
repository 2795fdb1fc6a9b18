/**
 * Test setup for the client: unmount rendered trees and reset storage after each
 * test. Waiting queries get 6 s: the first screen of a test file compiles the JSON
 * Schema validators and loads its widgets' modules (each on first use), which
 * takes a moment on a busy machine.
 */
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

configure({ asyncUtilTimeout: 6_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
