/**
 * A workflow drawn as a graph: its states as boxes in the rows and places the
 * server gave them (schemas/api/workflow-graph.ts), its transitions as arrows
 * named by their action — downward from a state to one further on, curving
 * round the side for one that goes back. Below, each transition in words (who
 * may take it, its comment), and what the reader should know.
 */
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import type { WorkflowGraph } from "../../schemas/api/workflow-graph.ts";
import { useScreenRuntime, type WidgetProps } from "../renderer/screen-runtime.tsx";
import { valueAt } from "../renderer/value-path.ts";

const BOX_W = 150;
const BOX_H = 40;
const GAP_X = 28;
const GAP_Y = 72;
const MARGIN = 16;
/** Room to the right for arrows that curve back. */
const SIDE = 70;

type State = WorkflowGraph["states"][number];

function isGraph(value: unknown): value is WorkflowGraph {
  return typeof value === "object" && value !== null &&
    Array.isArray((value as WorkflowGraph).states);
}

/** A state graph. */
export function StateGraph({ node }: WidgetProps<NodeOf<"state-graph">>) {
  const runtime = useScreenRuntime();
  const value = valueAt(runtime.sources[node.source]?.value, node.path);
  if (!isGraph(value) || value.states.length === 0) {
    return <p className="text text-muted">{node.emptyText}</p>;
  }
  const columns = Math.max(...value.states.map((s) => s.column)) + 1;
  const rows = Math.max(...value.states.map((s) => s.row)) + 1;
  const inRow = new Map<number, number>();
  for (const s of value.states) inRow.set(s.row, Math.max(inRow.get(s.row) ?? 0, s.column + 1));
  const width = MARGIN * 2 + columns * BOX_W + (columns - 1) * GAP_X + SIDE;
  const height = MARGIN * 2 + rows * BOX_H + (rows - 1) * GAP_Y;
  const place = (s: State) => {
    const count = inRow.get(s.row) ?? 1;
    const rowWidth = count * BOX_W + (count - 1) * GAP_X;
    const left = MARGIN + (width - SIDE - MARGIN * 2 - rowWidth) / 2;
    return { x: left + s.column * (BOX_W + GAP_X), y: MARGIN + s.row * (BOX_H + GAP_Y) };
  };
  const byId = new Map(value.states.map((s) => [s.id, s]));
  const label = (id: string) => byId.get(id)?.label ?? id;
  return (
    <figure className="state-graph">
      <svg
        role="img"
        aria-label={node.title}
        viewBox={`0 0 ${width} ${height}`}
        style={{ maxWidth: width }}
      >
        <defs>
          <marker
            id="state-graph-arrow"
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="7"
            markerHeight="7"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" className="state-graph-head" />
          </marker>
        </defs>
        {value.edges.map((edge, i) => {
          const from = byId.get(edge.from);
          const to = byId.get(edge.to);
          if (!from || !to) return null;
          const a = place(from);
          const b = place(to);
          let path: string;
          let mid: { x: number; y: number };
          if (to.row > from.row) {
            const x1 = a.x + BOX_W / 2;
            const y1 = a.y + BOX_H;
            const x2 = b.x + BOX_W / 2;
            const y2 = b.y;
            path = `M ${x1} ${y1} L ${x2} ${y2}`;
            mid = { x: (x1 + x2) / 2, y: (y1 + y2) / 2 };
          } else {
            // Back or sideways: round the right of both boxes.
            const x1 = a.x + BOX_W;
            const y1 = a.y + BOX_H / 2;
            const x2 = b.x + BOX_W;
            const y2 = b.y + BOX_H / 2;
            const out = Math.max(x1, x2) + SIDE * 0.8;
            path = `M ${x1} ${y1} C ${out} ${y1}, ${out} ${y2}, ${x2} ${y2}`;
            mid = { x: out - SIDE * 0.2, y: (y1 + y2) / 2 };
          }
          return (
            <g key={i} className={edge.edited ? "state-graph-edge edited" : "state-graph-edge"}>
              <path d={path} markerEnd="url(#state-graph-arrow)" />
              <text x={mid.x} y={mid.y} textAnchor="middle" dominantBaseline="middle">
                {edge.label}
              </text>
            </g>
          );
        })}
        {value.states.map((s) => {
          const p = place(s);
          return (
            <g key={s.id} className={`state-graph-state tone-${s.tone}`}>
              <rect
                x={p.x}
                y={p.y}
                width={BOX_W}
                height={BOX_H}
                rx={8}
                strokeDasharray={s.reachable ? undefined : "5 4"}
              />
              <text
                x={p.x + BOX_W / 2}
                y={p.y + BOX_H / 2}
                textAnchor="middle"
                dominantBaseline="middle"
              >
                {s.label}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="state-graph-steps">
          {value.edges.map((edge, i) => (
            <li key={i}>
              <strong>{edge.label}</strong>: {label(edge.from)} → {label(edge.to)}{" "}
              <span className="text-muted">({edge.detail}{edge.edited ? "; as edited" : ""})</span>
            </li>
          ))}
        </ul>
        {value.notes.map((note) => <p key={note} className="state-graph-note">{note}</p>)}
      </figcaption>
    </figure>
  );
}
