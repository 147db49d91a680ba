/**
 * How much each section of /admin-dashboard shows (spec 3 section 2: 8 services, the 5 most recent users, 3
 * newsletter-only subscribers, 10 unresolved feedback items; beyond it: the latest audit entries and the polls
 * that passed). Every list is bounded: the dashboard is a glance, the full lists live on the admin pages. The web
 * reads the same numbers (its live feedback list is the dashboard's first 10).
 */
export const ADMIN_DASHBOARD_LIMITS = {
  services: 8,
  users: 5,
  newsletterOnly: 3,
  feedback: 10,
  audit: 10,
  passedPolls: 10,
} as const;
