import { useEffect, useState } from "react";
import type { OfflineTicketsData } from "#app/lib/tickets/offline-tickets.ts";
import { useI18n } from "#app/lib/i18n-context.tsx";

/**
 * Keeps the member's upcoming tickets on this device for offline viewing (docs/tickets.md), from
 * the member pages that list or show them; the code loads after the page, on member pages only.
 * With `announce`, says so once they are kept (the ticket page), never before: a browser without
 * service workers keeps nothing and is told nothing.
 */
export function OfflineTickets({ data, announce = false }: { data: OfflineTicketsData; announce?: boolean }) {
  const { lang, t } = useI18n();
  const [kept, setKept] = useState(false);
  const { member, index } = data;
  // One string stands for the list, so a revalidation with the same tickets keeps them once.
  const pages = data.pages.join("\n");
  useEffect(() => {
    let current = true;
    void import("#app/lib/tickets/offline-tickets.client.ts")
      .then(({ keepOfflineTickets }) =>
        keepOfflineTickets(lang, { member, index, pages: pages ? pages.split("\n") : [] }),
      )
      .then((done) => current && setKept(done))
      // Offline, or storage refused (private browsing, quota): the page itself is unaffected.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [lang, member, index, pages]);
  if (!announce) return null;
  // The live region is there from the start, so the line that fills it later is announced.
  return (
    <p className="ticket-pass__saved" role="status">
      {kept ? t("DASHBOARD.TICKET.SAVED_OFFLINE") : null}
    </p>
  );
}
