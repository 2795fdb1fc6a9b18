/** A report-builder descriptor node for widget tests (a new report, or one by route parameter). */
export function reportBuilderNode(reportId?: string): Record<string, unknown> {
  return {
    type: "report-builder",
    types: [{ id: "task", label: "Tasks" }],
    ...(reportId ? { reportId: { $param: "id" } } : {}),
    charts: [{ value: "table", label: "Table" }, { value: "bar", label: "Bar chart" }],
    sharing: [
      { value: "private", label: "Only me" },
      { value: "roles", label: "Roles" },
    ],
    reportRoute: "/app/report-builder/{id}",
    reportsPath: "/api/records/report",
    pin: {
      path: "/api/dashboards/pin",
      mine: "/api/dashboards/mine",
      dashboardRoute: "/app/dashboards/{id}",
    },
    subscriptions: {
      path: "/api/records/report_subscription",
      frequencies: [{ value: "daily", label: "Daily" }, { value: "weekly", label: "Weekly" }],
      weekdays: [
        { value: "1", label: "Monday" },
        { value: "2", label: "Tuesday" },
        { value: "3", label: "Wednesday" },
        { value: "4", label: "Thursday" },
        { value: "5", label: "Friday" },
        { value: "6", label: "Saturday" },
        { value: "7", label: "Sunday" },
      ],
    },
  };
}
