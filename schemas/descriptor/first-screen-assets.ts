/**
 * What the client build tells the server about a first screen's code
 * (`client/dist/first-screen.json`): the chunks, beyond those the entry loads,
 * that each part of a first screen needs — the layout of a route's audience, the
 * screen validation, and each widget type (with its validator group) — as paths
 * the page names in `modulepreload` links.
 */
import { z } from "zod";

const Paths = z.array(z.string().regex(/^\/assets\/[\w.-]+\.js$/));

/** The first screen's chunks by part. */
export const FirstScreenAssets = z.object({
  layouts: z.object({ staff: Paths, portal: Paths, public: Paths, guest: Paths }),
  screen: Paths,
  widgets: z.record(z.string(), Paths),
});
export type FirstScreenAssets = z.infer<typeof FirstScreenAssets>;
