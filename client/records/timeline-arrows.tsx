/**
 * A timeline's dependency arrows: from the end of each predecessor's bar to the
 * start of its successor's, for pairs both shown, drawn over the bars without
 * taking the pointer from them. They are a picture only: the hidden table names
 * each record's predecessors for screen readers.
 */
import type { TimelineLink } from "./timeline-records.ts";

/** Where a shown record's bar is: its row, and its left and right edges in pixels. */
export interface BarPlace {
  row: number;
  left: number;
  right: number;
}

/** The arrows. */
export function TimelineArrows(
  { links, places, rowHeight, width, height }: {
    links: readonly TimelineLink[];
    places: ReadonlyMap<string, BarPlace>;
    rowHeight: number;
    width: number;
    height: number;
  },
) {
  const drawn = links.flatMap((link) => {
    const from = places.get(link.before);
    const to = places.get(link.after);
    if (!from || !to) return [];
    const y1 = from.row * rowHeight + rowHeight / 2;
    const y2 = to.row * rowHeight + rowHeight / 2;
    const bend = from.right + 8;
    const into = to.left - 8;
    // An arrow always enters its successor from the left: one starting before its
    // predecessor ends turns back along the line between the rows first.
    const between = y2 + (y2 >= y1 ? -rowHeight / 2 : rowHeight / 2);
    const d = into >= bend
      ? `M ${from.right} ${y1} H ${bend} V ${y2} H ${to.left}`
      : `M ${from.right} ${y1} H ${bend} V ${between} H ${into} V ${y2} H ${to.left}`;
    return [{ key: `${link.before}>${link.after}`, d }];
  });
  if (drawn.length === 0) return null;
  return (
    <svg className="timeline-arrows" width={width} height={height} aria-hidden="true">
      <defs>
        <marker
          id="timeline-arrow-head"
          viewBox="0 0 8 8"
          refX="8"
          refY="4"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 8 4 L 0 8 z" className="timeline-arrow-head" />
        </marker>
      </defs>
      {drawn.map((arrow) => (
        <path
          key={arrow.key}
          d={arrow.d}
          className="timeline-arrow"
          data-link={arrow.key}
          markerEnd="url(#timeline-arrow-head)"
        />
      ))}
    </svg>
  );
}
