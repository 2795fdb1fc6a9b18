/**
 * What a shell descriptor configures beyond what it draws, for the staff and the
 * portal frame alike: where render errors are reported, the cache classes and the
 * number of toasts shown at once.
 */
import { useEffect } from "react";
import type { ShellDescriptor } from "../../schemas/descriptor/mod.ts";
import { configureErrorReporting } from "../api/error-report.ts";
import { configureCacheClasses } from "../renderer/cache-classes.ts";
import { useToasts } from "./toasts.tsx";

/** The settings a shell carries. */
type ShellSettings = Pick<ShellDescriptor, "errors" | "cache" | "toasts">;

/** Applies a loaded shell's settings (nothing while it loads). */
export function useShellSettings(shell: ShellSettings | undefined): void {
  const { setMax } = useToasts();
  useEffect(() => {
    if (shell === undefined) return;
    configureErrorReporting(shell.errors.reportPath);
    configureCacheClasses(shell.cache);
    setMax(shell.toasts.max);
  }, [shell, setMax]);
}
