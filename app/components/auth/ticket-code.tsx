/**
 * A ticket's QR code as the server drew it: black modules on white with the quiet zone, whatever
 * the page's colours (dark mode, forced colours), with crisp edges at any size. The code's text
 * goes beside it in the page, for a steward to type in.
 */
export function TicketCode({ qr, label }: { qr: { size: number; path: string }; label: string }) {
  return (
    <svg
      className="ticket-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
