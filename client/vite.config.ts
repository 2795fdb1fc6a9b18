/**
 * Vite builds the client from client/ into client/dist; Vitest runs the client's
 * tests (client/**\/*.test.ts(x)) in jsdom.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { validatorsPlugin } from "./build/validators-plugin.ts";
import { chunkBudgetPlugin } from "./build/chunk-budget.ts";
import { firstScreenPlugin } from "./build/first-screen-plugin.ts";

const clientDir = fileURLToPath(new URL(".", import.meta.url));
const repoDir = fileURLToPath(new URL("..", import.meta.url));
/** react-router's production build: its package's exports only name the development one. */
const reactRouter = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig({
  root: clientDir,
  plugins: [react(), validatorsPlugin(), firstScreenPlugin(), chunkBudgetPlugin()],
  server: { fs: { allow: [repoDir] } },
  resolve: {
    // Without the development warnings, which production builds would otherwise carry.
    alias: process.env.VITEST ? [] : [
      { find: /^react-router$/, replacement: reactRouter("index.mjs") },
      { find: /^react-router\/dom$/, replacement: reactRouter("dom-export.mjs") },
    ],
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    // Every supported browser preloads modules natively.
    modulePreload: { polyfill: false },
    rollupOptions: {
      // Precompiling the validators takes a second or two; that is expected.
      checks: { pluginTimings: false },
      output: {
        // The libraries every page runs go in one chunk with the entry's own code, and
        // the layout and data widgets of most screens in another (loaded with the first
        // screen that uses one): many small chunks cost more bytes and requests than
        // they save. Every other widget is a chunk of its own. A group takes only the
        // modules it names: what they import stays where the bundler puts it.
        advancedChunks: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: "app",
              test:
                /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@tanstack)\//,
            },
            {
              name: "widgets",
              test:
                /\/client\/(widgets\/(page|section|grid|stack|card|heading|text|badge|alert|button|link|list|stat|table)\.tsx|renderer\/(table-rows|tone-rules|action-button|use-run-action|use-binding-scope|safe-href)\.tsx?)$/,
            },
          ],
        },
      },
    },
    target: "es2022",
  },
  test: {
    root: repoDir,
    environment: "jsdom",
    include: ["client/**/*.test.{ts,tsx}"],
    exclude: ["**/node_modules/**", "client/dist/**"],
    setupFiles: [fileURLToPath(new URL("./test-setup.ts", import.meta.url))],
    restoreMocks: true,
    // A file's first render loads its lazily imported widgets: on a busy 2-core machine that
    // alone has taken more than the default 5 s.
    testTimeout: 15_000,
  },
});
