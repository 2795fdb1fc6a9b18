/**
 * Vite builds the client from client/ into client/dist; Vitest runs the client's
 * tests (client/**\/*.test.ts(x)) in jsdom.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { validatorsPlugin } from "./build/validators-plugin.ts";

const clientDir = fileURLToPath(new URL(".", import.meta.url));
const repoDir = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root: clientDir,
  plugins: [react(), validatorsPlugin()],
  server: { fs: { allow: [repoDir] } },
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
        // Code every page runs goes in one chunk: many small shared chunks cost more
        // bytes (and requests) than they save.
        manualChunks(id: string) {
          // Paging a list page by page is the record list's own (it loads with it).
          if (/node_modules\/@tanstack\/(query-core|react-query)\/.*[Ii]nfinite/.test(id)) {
            return undefined;
          }
          if (
            /node_modules\/(react|react-dom|scheduler|react-router|react-router-dom|@tanstack)\//
              .test(id)
          ) {
            return "app";
          }
          // Except what only lazily loaded parts use (form fields, image inputs, linked text,
          // modals, file downloads, the action runner, the reading of record events and the
          // reloads they cause, the public layout, chart tables, tabs),
          // which goes with them.
          if (
            // The entry itself, and the theme switch, which is on every first page.
            /\/client\/(main|shell\/theme-toggle)\.tsx$/.test(id) ||
            /\/client\/api\/(?!record-event-data|content-disposition)|\/client\/routing\/(?!public-layout)|\/client\/renderer\/(?!.*validat|download|run-action|reload-gatherer)/
              .test(id) ||
            /\/client\/ui\/(?!form-field|image-input|linked-text|modal|chart-data-table|use-element-width|tab-strip)/
              .test(
                id,
              )
          ) {
            return "app";
          }
          return undefined;
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
