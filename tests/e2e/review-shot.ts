/**
 * Screenshots for a person to look at, not for a test to compare: the seed lays
 * its dates out from today, so a stored baseline would differ every day. They are
 * taken only when `E2E_SCREENS=1` is set (`E2E_SCREENS=1 npm run test:e2e`), into
 * test-results/screens/, and cost nothing otherwise. Every check a flow makes is an
 * assertion on what the page shows, never a picture.
 */
import type { Locator, Page } from "@playwright/test";

const TAKEN = process.env.E2E_SCREENS === "1";

/** Saves what `target` shows as test-results/screens/<name>.png when screens are asked for. */
export async function reviewShot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!TAKEN) return;
  const path = `test-results/screens/${name}.png`;
  if ("goto" in target) await target.screenshot({ path, fullPage: options.fullPage });
  else await target.screenshot({ path });
}
