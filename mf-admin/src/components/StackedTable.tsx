import type { ReactNode } from 'react';

export interface StackedColumn {
  label: ReactNode;
  /** Figures: aligned to the end of the column. */
  numeric?: boolean;
}

export interface StackedTableProps {
  /**
   * The id of what names the table: its caption (given in `caption`), or a heading outside it. The scrolling region
   * around the table is named by it too.
   */
  labelId: string;
  /** The table's caption, hidden unless `captionShown`; without one, the element `labelId` names the table. */
  caption?: ReactNode;
  captionShown?: boolean;
  columns: readonly StackedColumn[];
  /** Classes the table has besides `wpd-table wpd-stacked`. */
  className?: string;
  /** The rows: each cell carries its column's name in `data-label`, shown above its value on a phone. */
  children: ReactNode;
}

/**
 * The staff area's table of records: a keyboard-scrollable region on a wide screen, and on a phone each row a card
 * whose cells are labelled by their column (`wpd-stacked`, admin.css).
 */
export function StackedTable({
  labelId,
  caption,
  captionShown = false,
  columns,
  className,
  children,
}: StackedTableProps) {
  const captioned = caption !== undefined;
  return (
    <div
      className="wpd-table-wrap wpd-stacked-wrap"
      role="region"
      aria-labelledby={labelId}
      tabIndex={0}
    >
      <table
        className={className ? `wpd-table wpd-stacked ${className}` : 'wpd-table wpd-stacked'}
        aria-labelledby={captioned ? undefined : labelId}
      >
        {captioned ? (
          <caption id={labelId} className={captionShown ? undefined : 'wp-visually-hidden'}>
            {caption}
          </caption>
        ) : null}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.numeric ? 'wpd-num' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
