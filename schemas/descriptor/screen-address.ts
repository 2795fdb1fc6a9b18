/**
 * Where a screen descriptor is asked for: the params a route's match sends (the rest
 * of a catch-all path goes as `id`) and the descriptor's URL. One definition for the
 * client's router and for the server, which names the first screen's URL in the page.
 */

/** The params sent with a screen request: the route params, a catch-all's rest as `id`. */
export function screenParamsOf(
  params: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (name === "*") {
      if (params.id === undefined && value !== "") result.id = value;
    } else result[name] = value;
  }
  return result;
}

/** The URL of a screen's descriptor, with its params. */
export function screenDescriptorUrl(
  screenId: string,
  params: Readonly<Record<string, string>>,
): string {
  const path = screenId.split("/").map(encodeURIComponent).join("/");
  const query = new URLSearchParams(params).toString();
  return `/ui/screens/${path}${query ? `?${query}` : ""}`;
}
