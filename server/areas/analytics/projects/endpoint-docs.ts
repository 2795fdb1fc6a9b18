/**
 * The OpenAPI descriptions of the project analytics calls: what each computes and
 * the formulas, as implemented in the files named after them.
 */

const COMMON =
  "Needs project_id (path or body) and organization_id: a missing one is 400 naming it. organization_id must be the caller's current organisation and the project must belong to it, else 404. Needs projects.read (the Projects module). Dates are UTC calendar days; today comes from the server clock.";

/** Description of each endpoint, by a short name. */
export const ENDPOINT_DOCS = {
  progress: `${COMMON}
Weighted progress = 100 × Σ estimated hours of completed tasks / Σ estimated hours of all tasks (the simple count when nothing is estimated); simple progress = 100 × completed / all tasks; calculation_method (default weighted) picks overall_progress_percentage.
Overdue = not completed and due before today; in progress = in_progress + review.
Risk score = min(100, round(100 × (overdue/all + max(0, schedule% − progress%)/100 + blocked/all + reopened completed/completed))); level high ≥ 60, medium ≥ 30, else low. Risks: overdue_tasks and behind_schedule (schedule), blocked_tasks (delivery), unassigned_tasks (resource), rework (quality), each with a recommendation.
Timeline: schedule_progress_percentage = 100 × clamp(today − start, 0, end − start) / (end − start); gap = schedule% − progress%; schedule_risk_level high when gap > 25, medium when > 10. schedule_status is the forecast's (completed; no_tasks; on_track when the median simulated completion date is on or before the planned end; else delayed) and is_on_schedule = not delayed, as in every call.
last_updated = the latest progress update (null: never). include_velocity adds the velocity entity.`,
  velocity: `${COMMON}
A sprint's velocity = Σ story points of its tasks completed on or before its end date; only sprints ended before today count. current_velocity = the latest ended sprint; average_velocity = mean over the last sprint_count (default 5) ended sprints. Without any ended sprint, 14-day periods ending yesterday stand in (basis "periods").
velocity_trend: current_velocity against average_velocity: more than 10% above is improving, more than 10% below declining, else stable (also with fewer than two sprints).
velocity_history: story points and tasks completed per day over the last 30 days (today included). velocity_confidence is fixed at 0.85.`,
  burndown: `${COMMON}
Scope: sprint_id; else date_range (a preset 7d/30d/90d/1y ending today, or {start_date, end_date}, at most 366 days) over the whole project; else the sprint in progress (or the latest started); else the project's planned dates.
Remaining at the end of day d is rebuilt from the task status history backwards from today: open tasks now + Σ over later days (completed − reopened − created; creations are not counted in a sprint scope). Ideal line: R0 × (N − 1 − i) / (N − 1) over the N days, R0 = remaining at the start. Days after today have null actuals.
sprint_info: story points and tasks of the sprint's tasks (project totals for a project scope).`,
  health: `${COMMON}
completion_rate = the project's progress (weighted by estimated hours) as a fraction; overdue_ratio = overdue / all; pace = min(1, completion_rate / elapsed share of the schedule) (1 before the start); velocity credit improving 1, stable 0.75, declining 0.4; quality_score = completed tasks never reopened / completed (1 with none).
overall_health_score = 100 × (0.35 pace + 0.25 (1 − overdue_ratio) + 0.2 velocity credit + 0.2 quality); healthy ≥ 75, at_risk ≥ 50, else critical.
team_productivity_score = 100 × min(1, (tasks completed in the last 14 days / 14) / (open tasks / max(1, days remaining))), 100 when nothing is open.
Risk indicators: overdue_tasks (high ≥ 0.2, medium ≥ 0.1), behind_schedule (pace < 0.8, high < 0.5), declining_velocity, low_quality (< 0.8, high < 0.6), low_productivity (< 50, high < 25).`,
  analytics: `${COMMON}
period: 7d, 30d (default), 90d, 1y or a number of days; the period ends today.
progress_metrics: weighted progress, task completion rate (100 × completed / all), milestone completion rate.
velocity_metrics: tasks, story points and estimated hours completed in the period and each per day (÷ days); velocity_trend = the velocity call's trend (current against average sprint velocity).
productivity_metrics: per assignee, total = open + completed in the period, completion_rate = 100 × completed / total; overall_completion_rate = 100 × completed / all tasks; productivity_score as in health-score.
timeline_analysis: the forecast's: estimated_completion = the median simulated completion date (the last completion of a complete project; null when it cannot be projected); schedule_variance = estimated completion − planned end in days (positive = late); schedule_status and is_on_schedule as in calculate-progress.`,
  updateProgress:
    `${COMMON} Stores the reported progress_percentage (0–100) with notes, copies it to the project and writes one audit entry (project.progress_update) with the previous and new value. Optional version: the progress_version the caller read (from calculate-progress or the last update); when someone wrote since, the answer is 409 with current_version and nothing changes. The answer carries the new version.`,
  compare:
    `Needs project_ids (1–20) and organization_id (the caller's current organisation, else 404; an unknown project id is 404 naming it). Needs projects.read.
metrics (default ["progress", "velocity"]): progress = weighted progress; velocity = current and average velocity over the last 5 sprints and trend; health = health score; timeline = schedule progress, schedule_status and is_on_schedule (as in calculate-progress). leaders names the best project per metric (highest progress, average velocity, health score, lead of progress over schedule).`,
  forecast: `${COMMON}
Monte Carlo: 1000 runs draw, for each day from today, the tasks completed on a random one of the last 30 days (fewer when the project is younger) until no open task remains (at most 3 years). The generator is seeded from the project id and today's date: the same data on the same day gives the same forecast.
completion_probability = share (a fraction 0–1) of runs finishing on or before the planned end date; estimated_completion = the median run (p50), with p10 and p90; distribution = runs per completion date and cumulative share. forecast_days (default 30): probability_within_horizon (a fraction) and projected_progress_at_horizon (median tasks done by then). current_progress = the project's progress (weighted by estimated hours). schedule_status: completed, no_tasks, on_track (median on or before the planned end: a completion probability of at least one half) or delayed; is_on_track = not delayed. A complete project (status completed, or every task done) is not simulated: probability 1, every percentile and estimated_completion the day its last task was completed. factors_affecting_forecast: three assumptions, then risks. velocity_confidence is fixed at 0.85.`,
  teamPerformance: `${COMMON}
period: 7d, 30d (default), 90d, 1y or a number of days, ending today. Members: assignees with open tasks or tasks completed in the period, and anyone who logged time in it.
total_tasks = open + completed in the period; completion_rate = 100 × completed / total; quality_score (0–1) = completed tasks never reopened / completed (0 with none); average_completion_time = mean days from start to completion.
team_averages: completion_rate = Σ completed / Σ total over the members; quality_score = mean of members who completed something; velocity = story points completed per member per week. collaboration_score = 100 × tasks with time logged by two people or more / tasks with time logged.`,
  sprintProgress: `${COMMON} The sprint must belong to the project (else 404).
Sprint days count inclusively; completion_percentage = 100 × completed / sprint tasks; story_point_completion_percentage likewise; time_elapsed_percentage = 100 × days elapsed (today included) / sprint days; is_on_track when story point completion is at most 10 points behind elapsed time.`,
  recalculate:
    `${COMMON} Recomputes progress (weighted), health and velocity, stores the weighted progress as the project's progress_percentage and writes one audit entry (project.metrics_recalculate).`,
} as const;
