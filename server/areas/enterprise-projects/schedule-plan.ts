/**
 * The schedule optimiser's arithmetic, pure and O(V + E) for the critical path
 * (plus O(V log V) for levelling):
 *
 * - Time is counted in working days (Monday to Friday) from `today` (day 0 is
 *   today, or the next Monday on a weekend).
 * - A task's duration is its remaining estimated hours (estimated − actual, at
 *   least 1 hour) over its assignee's daily capacity (weekly capacity ÷ 5 ×
 *   allocation %, the allocation capped by max_allocation_percent), rounded up,
 *   at least one day. Unassigned tasks, and members without a capacity, get the standard 40-hour
 *   week at that cap.
 * - Critical path method on the dependency graph: a forward pass (earliest
 *   start = latest earliest finish of its prerequisites) in topological order
 *   (Kahn's algorithm; what is left over is a cycle, named task by task), a
 *   backward pass from the project's earliest finish, slack = latest − earliest
 *   start; the critical path is the chain of zero-slack tasks.
 * - Levelling: a serial schedule in topological order picking the ready task of
 *   least slack first (then earliest start); a task starts when its
 *   prerequisites are finished and its assignee is free, so nobody works on two
 *   tasks at once beyond their allocation.
 * - Fixed tasks keep their current dates; their successors still wait for them.
 *   Completed tasks are done and are not scheduled.
 */

/** A task as the optimiser reads it. */
export interface PlanTask {
  id: string;
  title: string;
  assignee: string | null;
  estimated_hours: number;
  actual_hours: number;
  start_date: string | null;
  due_date: string | null;
  depends_on: string[];
}

/** A member's weekly capacity and allocation on the project. */
export interface PlanMember {
  capacity_hours: number;
  allocation_percent: number;
}

export interface PlanOptions {
  today: string;
  fixed: ReadonlySet<string>;
  maxAllocationPercent?: number;
}

export interface PlannedTask {
  task_id: string;
  title: string;
  assignee: string | null;
  duration_days: number;
  current_start: string | null;
  current_due: string | null;
  proposed_start: string;
  proposed_due: string;
  slack_days: number;
  critical: boolean;
  fixed: boolean;
}

export interface Plan {
  tasks: PlannedTask[];
  critical_path: string[];
  end_date_after: string | null;
}

/** A dependency cycle: the tasks on it, in order. */
export class CycleError extends Error {
  constructor(readonly tasks: { id: string; title: string }[]) {
    super(`Dependency cycle: ${tasks.map((t) => t.title).join(" → ")}`);
  }
}

const DAY_MS = 86_400_000;
const WORKDAYS_PER_WEEK = 5;
const FULL_DAY_HOURS = 8;

function dayNumber(day: string): number {
  return Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** Monday = 0 … Sunday = 6 of an epoch day number (1970-01-01 was a Thursday). */
function weekday(n: number): number {
  return (n + 3) % 7;
}

/** Working-day calendar anchored at the first working day on or after `today`. */
export function workCalendar(today: string) {
  let base = dayNumber(today);
  while (weekday(base) > 4) base++;
  const monday = base - weekday(base);
  const offset = weekday(base);
  const dates = new Map<number, string>();
  return {
    /** The date of working day `k` (k may be negative); many tasks share a day, so each is formatted once. */
    date(k: number): string {
      let day = dates.get(k);
      if (day === undefined) {
        const total = offset + k;
        const weeks = Math.floor(total / WORKDAYS_PER_WEEK);
        const n = monday + weeks * 7 + (total - weeks * WORKDAYS_PER_WEEK);
        day = new Date(n * DAY_MS).toISOString().slice(0, 10);
        dates.set(k, day);
      }
      return day;
    },
    /** The working-day index of a date (a weekend counts as the next Monday). */
    index(day: string): number {
      let n = dayNumber(day);
      while (weekday(n) > 4) n++;
      const weeks = Math.floor((n - monday) / 7);
      return weeks * WORKDAYS_PER_WEEK + weekday(n) - offset;
    },
  };
}

/** Working days a task needs (the rule above). */
export function durationDays(
  task: PlanTask,
  member: PlanMember | undefined,
  maxAllocationPercent: number,
): number {
  const remaining = Math.max(1, task.estimated_hours - task.actual_hours);
  const allocation = Math.min(member?.allocation_percent || 100, maxAllocationPercent);
  // A member row without a capacity (0) gets the standard week, as the column's default.
  const weekly = member && member.capacity_hours > 0
    ? member.capacity_hours
    : FULL_DAY_HOURS * WORKDAYS_PER_WEEK;
  const daily = Math.max(0.1, weekly / WORKDAYS_PER_WEEK * allocation / 100);
  return Math.max(1, Math.ceil(remaining / daily - 1e-9));
}

/** A binary heap of indices ordered by `less`. */
class Heap {
  #items: number[] = [];
  constructor(private readonly less: (a: number, b: number) => boolean) {}
  get size() {
    return this.#items.length;
  }
  push(value: number) {
    const a = this.#items;
    a.push(value);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(a[i], a[p])) break;
      [a[i], a[p]] = [a[p], a[i]];
      i = p;
    }
  }
  pop(): number {
    const a = this.#items;
    const top = a[0];
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < a.length && this.less(a[l], a[m])) m = l;
        if (r < a.length && this.less(a[r], a[m])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m], a[i]];
        i = m;
      }
    }
    return top;
  }
}

/** One cycle among the tasks Kahn's algorithm could not order. */
function findCycle(tasks: PlanTask[], preds: number[][], left: Set<number>): PlanTask[] {
  // Walk prerequisites inside the leftover set until a task repeats.
  let at = left.values().next().value as number;
  const seen = new Map<number, number>();
  const walk: number[] = [];
  while (!seen.has(at)) {
    seen.set(at, walk.length);
    walk.push(at);
    at = preds[at].find((p) => left.has(p))!;
  }
  return walk.slice(seen.get(at)).reverse().map((i) => tasks[i]);
}

/** The critical path and the levelled schedule of the open tasks. */
export function planSchedule(
  tasks: PlanTask[],
  members: ReadonlyMap<string, PlanMember>,
  options: PlanOptions,
): Plan {
  const calendar = workCalendar(options.today);
  const cap = options.maxAllocationPercent ?? 100;
  const index = new Map(tasks.map((t, i) => [t.id, i]));
  const n = tasks.length;
  const preds: number[][] = tasks.map((t) =>
    t.depends_on.map((d) => index.get(d)).filter((i): i is number => i !== undefined)
  );
  const succs: number[][] = tasks.map(() => []);
  const indegree = new Int32Array(n);
  preds.forEach((ps, i) => {
    for (const p of ps) succs[p].push(i);
    indegree[i] = ps.length;
  });
  const fixed = tasks.map((t) => options.fixed.has(t.id) && t.start_date !== null);
  const duration = tasks.map((t, i) =>
    fixed[i]
      ? Math.max(1, calendar.index(t.due_date ?? t.start_date!) - calendar.index(t.start_date!) + 1)
      : durationDays(t, t.assignee ? members.get(t.assignee) : undefined, cap)
  );

  // Forward pass in topological order.
  const order: number[] = [];
  const queue: number[] = [];
  const remaining = Int32Array.from(indegree);
  for (let i = 0; i < n; i++) if (remaining[i] === 0) queue.push(i);
  while (queue.length > 0) {
    const i = queue.pop()!;
    order.push(i);
    for (const s of succs[i]) if (--remaining[s] === 0) queue.push(s);
  }
  if (order.length < n) {
    const placed = new Set(order);
    const left = new Set<number>();
    for (let i = 0; i < n; i++) if (!placed.has(i)) left.add(i);
    throw new CycleError(findCycle(tasks, preds, left).map(({ id, title }) => ({ id, title })));
  }
  const es = new Float64Array(n);
  const ef = new Float64Array(n);
  for (const i of order) {
    let start = fixed[i] ? calendar.index(tasks[i].start_date!) : 0;
    if (!fixed[i]) { for (const p of preds[i]) start = Math.max(start, ef[p]); }
    es[i] = start;
    ef[i] = start + duration[i];
  }
  let finish = 0;
  for (let i = 0; i < n; i++) finish = Math.max(finish, ef[i]);

  // Backward pass.
  const lf = new Float64Array(n).fill(finish);
  const ls = new Float64Array(n);
  for (let k = n - 1; k >= 0; k--) {
    const i = order[k];
    let latest = finish;
    for (const s of succs[i]) latest = Math.min(latest, ls[s]);
    lf[i] = latest;
    ls[i] = latest - duration[i];
  }
  const slack = (i: number) => Math.max(0, ls[i] - es[i]);

  // Critical path: from a zero-slack task without prerequisites along zero-slack successors.
  const criticalPath: string[] = [];
  const heads = order.filter((i) =>
    slack(i) === 0 && preds[i].every((p) => slack(p) > 0 || ef[p] !== es[i])
  );
  let at: number | undefined = heads.sort((a, b) => es[a] - es[b] || a - b)[0];
  while (at !== undefined) {
    criticalPath.push(tasks[at].id);
    const from: number = at;
    at = succs[from].filter((s) => slack(s) === 0 && es[s] === ef[from]).sort((a, b) => a - b)[0];
  }

  // Levelling: serial schedule, least slack first, one task at a time per assignee.
  const readyAt = new Float64Array(n);
  const start = new Float64Array(n);
  const end = new Float64Array(n);
  const free = new Map<string, number>();
  const left = Int32Array.from(indegree);
  const heap = new Heap((a, b) => (slack(a) - slack(b) || es[a] - es[b] || a - b) < 0);
  for (let i = 0; i < n; i++) if (left[i] === 0) heap.push(i);
  while (heap.size > 0) {
    const i = heap.pop();
    const who = tasks[i].assignee;
    if (fixed[i]) {
      start[i] = es[i];
    } else {
      start[i] = Math.max(readyAt[i], who ? free.get(who) ?? 0 : 0);
    }
    end[i] = start[i] + duration[i];
    if (who) free.set(who, Math.max(free.get(who) ?? 0, end[i]));
    for (const s of succs[i]) {
      readyAt[s] = Math.max(readyAt[s], end[i]);
      if (--left[s] === 0) heap.push(s);
    }
  }
  let last = -1;
  for (let i = 0; i < n; i++) last = Math.max(last, end[i]);
  const critical = new Set(criticalPath);
  return {
    tasks: tasks.map((t, i) => ({
      task_id: t.id,
      title: t.title,
      assignee: t.assignee,
      duration_days: duration[i],
      current_start: t.start_date,
      current_due: t.due_date,
      proposed_start: fixed[i] ? t.start_date! : calendar.date(start[i]),
      proposed_due: fixed[i] ? (t.due_date ?? t.start_date!) : calendar.date(end[i] - 1),
      slack_days: slack(i),
      critical: critical.has(t.id),
      fixed: fixed[i],
    })),
    critical_path: criticalPath,
    end_date_after: n === 0 ? null : calendar.date(last - 1),
  };
}
