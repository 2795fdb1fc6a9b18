/**
 * CPU time of processes and of the whole machine from /proc (Linux): user +
 * system time of given processes, and the machine's busy and idle time, so a
 * run can say how the cores were shared between its parts and everything else.
 */

/** Clock ticks per second of /proc times (USER_HZ; 100 on Linux). */
const TICKS = 100;

/** The fields of /proc/<pid>/stat after the command name (field 3 onwards). */
function statFields(pid: number): string[] | undefined {
  try {
    const text = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** User + system CPU seconds a process has used so far (0 once it is gone). */
export function cpuSecondsOf(pid: number): number {
  const fields = statFields(pid);
  // utime and stime are fields 14 and 15, here at 11 and 12.
  return fields ? (Number(fields[11]) + Number(fields[12])) / TICKS : 0;
}

/** The parent of a process, if it is visible here. */
export function parentOf(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields ? Number(fields[1]) : undefined;
}

/** The processes whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    const child = Number(entry.name);
    if (Number.isInteger(child) && parentOf(child) === pid) children.push(child);
  }
  return children;
}

/** The machine's CPU seconds, summed over its cores: busy and idle. */
export function machineCpu(): { busy: number; idle: number } {
  const line = Deno.readTextFileSync("/proc/stat").split("\n")[0];
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1)
    .map(Number);
  return {
    busy: (user + nice + system + irq + softirq + steal) / TICKS,
    idle: (idle + iowait) / TICKS,
  };
}

/** A named group of processes whose CPU time is measured between two reads. */
export interface CpuGroup {
  name: string;
  pids: () => number[];
}

/**
 * The CPU seconds of each group and of the machine between start and stop. A
 * process that appears meanwhile counts whole; one that ends meanwhile is lost.
 */
export function cpuMeter(groups: CpuGroup[]) {
  const read = () => ({
    groups: groups.map((g) => new Map(g.pids().map((pid) => [pid, cpuSecondsOf(pid)]))),
    machine: machineCpu(),
    at: performance.now(),
  });
  const start = read();
  return {
    /** Seconds of CPU per group (and `extra`), the rest of the machine's busy time, idle and wall time. */
    stop(extra: Record<string, number> = {}) {
      const end = read();
      const used: Record<string, number> = {};
      groups.forEach((g, i) => {
        let sum = 0;
        for (const [pid, seconds] of end.groups[i]) {
          sum += seconds - (start.groups[i].get(pid) ?? 0);
        }
        used[g.name] = sum;
      });
      Object.assign(used, extra);
      const ours = Object.values(used).reduce((a, b) => a + b, 0);
      const busy = end.machine.busy - start.machine.busy;
      return {
        used,
        rest: Math.max(0, busy - ours),
        idle: end.machine.idle - start.machine.idle,
        wall: (end.at - start.at) / 1000,
      };
    },
  };
}
