/**
 * The hook that runs descriptor actions (see run-action.ts). The runner loads with
 * the first action a person takes, not with the first screen.
 */
import { useCallback, useContext } from "react";
import { useNavigate } from "react-router-dom";
import type { Action } from "../../schemas/descriptor/mod.ts";
import { useActionHost } from "./action-host.tsx";
import { ScreenRuntimeContext } from "./screen-runtime.tsx";

/** Runs an action, for the current item when given. Resolves when it is done. */
export type RunAction = (action: Action, item?: unknown) => Promise<void>;

/** The action runner of the current screen (or of the shell, outside screens). */
export function useRunAction(): RunAction {
  const navigate = useNavigate();
  const host = useActionHost();
  const runtime = useContext(ScreenRuntimeContext);
  return useCallback(
    async (action: Action, item?: unknown) => {
      const { runAction } = await import("./run-action.ts");
      await runAction(action, { navigate, host, runtime, item });
    },
    [navigate, host, runtime],
  );
}
