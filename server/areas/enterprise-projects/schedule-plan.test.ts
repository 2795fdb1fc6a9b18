/** A task's duration in working days (the optimiser's rule). */
import { deepStrictEqual as assertEquals } from "node:assert/strict";
import { durationDays, type PlanTask } from "./schedule-plan.ts";

const task: PlanTask = {
  id: "t",
  title: "T",
  assignee: "u",
  estimated_hours: 8,
  actual_hours: 0,
  start_date: null,
  due_date: null,
  depends_on: [],
};

Deno.test("a member without a capacity works the standard 40-hour week at their allocation", () => {
  // 40 h ÷ 5 × 50 % = 4 h a day: 8 h take 2 days (not 80 days at a floor of 0.1 h).
  assertEquals(durationDays(task, { capacity_hours: 0, allocation_percent: 50 }, 100), 2);
  assertEquals(durationDays(task, { capacity_hours: 20, allocation_percent: 50 }, 100), 4);
  assertEquals(durationDays({ ...task, actual_hours: 6 }, undefined, 25), 1);
});
