import type { ReactNode } from "react";
import type { RichTextNode } from "./schema";

/** Renders a cell's content (paragraphs, marks, links): passed in so tables stay free of the recursion. */
export type RenderChildren = (nodes: readonly RichTextNode[] | undefined) => ReactNode[];

/** An absent span, or an integer from 1 to 100. A plain check: the browser renders without shipping valibot. */
function isSpan(value: unknown): value is number | undefined {
  return value === undefined || (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 100);
}

/** A cell's spans other than 1; one invalid span voids both. */
function spansOf(cell: RichTextNode): { colSpan?: number; rowSpan?: number } {
  const { colspan, rowspan } = cell.attrs ?? {};
  if (!isSpan(colspan) || !isSpan(rowspan)) return {};
  return { colSpan: colspan === 1 ? undefined : colspan, rowSpan: rowspan === 1 ? undefined : rowspan };
}

function renderCell(cell: RichTextNode, key: number, scope: "col" | "row", renderChildren: RenderChildren): ReactNode {
  const { colSpan, rowSpan } = spansOf(cell);
  const children = renderChildren(cell.content);
  if (cell.type === "tableHeader") {
    return (
      <th key={key} scope={scope} colSpan={colSpan} rowSpan={rowSpan}>
        {children}
      </th>
    );
  }
  return (
    <td key={key} colSpan={colSpan} rowSpan={rowSpan}>
      {children}
    </td>
  );
}

/** A first row made only of header cells is the table's head; a header cell opening a body row heads that row. */
export function renderTable(table: RichTextNode, renderChildren: RenderChildren): ReactNode {
  const rows = (table.content ?? []).filter((row) => row.type === "tableRow");
  const [firstRow] = rows;
  const head =
    firstRow?.content?.length && firstRow.content.every((cell) => cell.type === "tableHeader") ? firstRow : null;
  const body = head ? rows.slice(1) : rows;
  return (
    // The wrapper scrolls a wide table on small screens; being focusable, keyboards can scroll it too.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region takes focus (axe: scrollable-region-focusable)
    <div className="rt-table" tabIndex={0}>
      <table>
        {head ? (
          <thead>
            <tr>{(head.content ?? []).map((cell, key) => renderCell(cell, key, "col", renderChildren))}</tr>
          </thead>
        ) : null}
        <tbody>
          {body.map((row, rowKey) => (
            <tr key={rowKey}>
              {(row.content ?? []).map((cell, key) => renderCell(cell, key, key === 0 ? "row" : "col", renderChildren))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
