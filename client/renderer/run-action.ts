/**
 * Runs descriptor actions: navigate, go back, sign out, set screen state, open and
 * close dialogs, reload sources, download a source, and call the API (then reload
 * sources and show a toast).
 */
import type { NavigateFunction } from "react-router-dom";
import type { Action } from "../../schemas/descriptor/mod.ts";
import { apiNamedFile, apiRequest } from "../api/api-client.ts";
import type { ActionHost } from "./action-host.tsx";
import type { ScreenRuntime } from "./screen-runtime.tsx";
import { resolveText } from "./bindings.ts";
import { fillPlaceholders, fillRecord } from "./templates.ts";
import { valueAt } from "./value-path.ts";

/** What an action runs with: the router, the host's services, the screen and the item. */
export interface ActionContext {
  navigate: NavigateFunction;
  host: ActionHost;
  runtime: ScreenRuntime | null;
  item?: unknown;
}

/** Runs `action`; resolves when it is done. */
export async function runAction(action: Action, ctx: ActionContext): Promise<void> {
  const { runtime, host, item } = ctx;
  const scope = { params: runtime?.params, query: runtime?.query, state: runtime?.state, item };
  switch (action.kind) {
    case "navigate": {
      const to = fillPlaceholders(action.to, scope);
      if (/^[a-z]+:/i.test(to)) globalThis.location.assign(to);
      else await ctx.navigate(to);
      return;
    }
    case "go-back": {
      const index = (globalThis.history?.state as { idx?: number } | null)?.idx ?? 0;
      await (index > 0 ? ctx.navigate(-1) : ctx.navigate(host.homePath));
      return;
    }
    case "sign-out":
      await host.signOut();
      return;
    case "print":
      globalThis.print();
      return;
    case "set-state":
      runtime?.setState(fillRecord(action.values, scope), action.clear);
      return;
    case "open-dialog":
      runtime?.openDialog(action.id);
      return;
    case "close-dialog":
      runtime?.closeDialog(action.id);
      return;
    case "refresh":
      runtime?.refresh(action.sources);
      return;
    case "download": {
      if (action.format === "file") {
        const { saveBlob } = await import("./download.ts");
        try {
          // The server names its files (an invoice by its number); the descriptor's name is the fallback.
          const file = await apiNamedFile(fillPlaceholders(action.source, scope));
          saveBlob(file.name ?? fillPlaceholders(action.filename, scope), file.blob);
        } catch (error) {
          host.toast(error instanceof Error ? error.message : String(error), "danger");
        }
        return;
      }
      const value = valueAt(runtime?.sources[action.source]?.value, action.path);
      if (value === undefined) {
        host.toast("There is nothing to download yet.", "warning");
        return;
      }
      const { saveFile, toCsv } = await import("./download.ts");
      if (action.format === "csv") {
        saveFile(action.filename, toCsv(value), "text/csv;charset=utf-8");
      } else saveFile(action.filename, JSON.stringify(value, null, 2), "application/json");
      return;
    }
    case "call": {
      if (
        action.confirm !== undefined &&
        !(await host.confirm({
          question: resolveText(action.confirm, { sources: runtime?.sources ?? {}, item }),
          confirmLabel: action.confirmLabel,
          keepLabel: action.keepLabel,
        }))
      ) return;
      try {
        await apiRequest(fillPlaceholders(action.path, scope), {
          method: action.method,
          body: action.body === undefined ? undefined : fillRecord(action.body, scope),
        });
      } catch (error) {
        host.toast(error instanceof Error ? error.message : String(error), "danger");
        return;
      }
      if (action.invalidate !== undefined) runtime?.refresh(action.invalidate);
      if (action.toast !== undefined) host.toast(action.toast, "success");
    }
  }
}
