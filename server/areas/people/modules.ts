/** The catalogue modules of the people area, in sidebar order within each category. */
import type { ModuleRow } from "../../platform/catalogue/module-definitions.ts";

export const PEOPLE_MODULES: readonly ModuleRow[] = [
  {
    id: "hrms",
    name: "HRMS",
    category: "HRMS",
    icon: "users",
    description: "People, pay and time off.",
    lazy: true,
  },
  {
    id: "hrms-dashboard",
    name: "HRMS Dashboard",
    category: "HRMS",
    icon: "grid-3x3",
    description: "Headcount, leave and payroll at a glance.",
    lazy: true,
  },
  {
    id: "employees",
    name: "Employees",
    category: "HRMS",
    icon: "user",
    description: "Employee records.",
  },
  {
    id: "payroll",
    name: "Payroll",
    category: "HRMS",
    icon: "dollar-sign",
    description: "Pay runs and payslips.",
  },
  {
    id: "attendance",
    name: "Attendance",
    category: "HRMS",
    icon: "clock",
    description: "Who was in and when.",
  },
  {
    id: "leaves",
    name: "Leaves",
    category: "HRMS",
    icon: "sun",
    description: "Leave requests and balances.",
  },
  {
    id: "reports/hrms-reports",
    name: "HRMS Reports",
    category: "Reports",
    icon: "users",
    description: "People reports.",
  },
];
