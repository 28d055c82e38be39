import type { MetaDescriptor } from "react-router";

/**
 * Each section of the member area has a title of its own in the tab (WCAG 2.4.2): "My events ·
 * My account | Arena Valencia". The layout's loader writes the four once (its data is not
 * loaded again between tabs); each section's `meta` picks its own.
 */
export const DASHBOARD_SECTIONS = ["overview", "events", "userInformation", "settings"] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];
export type DashboardTitles = Record<DashboardSection, string>;

interface MetaMatch {
  id: string;
  loaderData?: unknown;
}

export function dashboardMeta(section: DashboardSection) {
  return ({ matches }: { matches: readonly (MetaMatch | undefined)[] }): MetaDescriptor[] => {
    const layout = matches.find((match) => match?.id === "dashboard")?.loaderData as
      { titles?: DashboardTitles } | undefined;
    return [{ title: layout?.titles?.[section] }, { name: "robots", content: "noindex" }];
  };
}
