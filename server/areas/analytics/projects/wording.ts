/** Wording of counts in descriptions and forecast factors. */

/** `1 task is` or `3 tasks are`: the count with the singular or plural phrase. */
export function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
