/** The ten navigation categories and their sidebar priorities (spec §3, §9). */
export const CATEGORY_PRIORITIES = {
  Core: 1,
  Sales: 1,
  Finance: 1,
  Operations: 2,
  Legal: 2,
  Analytics: 2,
  HRMS: 3,
  Reports: 3,
  Tools: 3,
  System: 4,
} as const;

export type Category = keyof typeof CATEGORY_PRIORITIES;

/** Category names in sidebar order: priority, then the spec's listing order. */
export const CATEGORY_ORDER: readonly Category[] = (Object.keys(CATEGORY_PRIORITIES) as Category[])
  .map((name, index) => ({ name, index }))
  .sort((a, b) => CATEGORY_PRIORITIES[a.name] - CATEGORY_PRIORITIES[b.name] || a.index - b.index)
  .map((entry) => entry.name);
