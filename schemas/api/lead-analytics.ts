/**
 * The lead funnel call (`GET /api/sales/lead-analytics`): each stage of the
 * organisation's pipeline in order (Lost apart), with the leads in it now and
 * their value, how many leads reached it, the rate at which those went on to the
 * next stage, and the average days a lead spends in it.
 */
import { z } from "zod";

export const LeadFunnelStage = z.object({
  stage: z.string(),
  stage_label: z.string(),
  /** `open`, `won` or `lost`. */
  kind: z.string(),
  /** Leads in the stage now, and their estimated value. */
  count: z.number(),
  value: z.number(),
  /** Leads that were ever in this stage or got past it (Lost is no step past). */
  reached: z.number(),
  /** reached of the next stage ÷ reached of this one × 100; null for the last or none reached. */
  conversion_rate: z.number().nullable(),
  /** Mean days of the stays in the stage: those that ended (the stage log) and those going on. */
  avg_days_in_stage: z.number().nullable(),
}).strict();

export const LeadAnalyticsResponse = z.object({
  funnel: z.array(LeadFunnelStage),
}).strict();
export type LeadAnalyticsResponse = z.infer<typeof LeadAnalyticsResponse>;
