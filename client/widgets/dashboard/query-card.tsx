/**
 * A standard figure the screen declares: the engine's query call over a record
 * type, with the caller's own permissions, drawn as a dashboard card once it nears
 * the viewport.
 */
import type { NodeOf } from "../../../schemas/descriptor/mod.ts";
import type { QueryResponse } from "../../../schemas/records/query.ts";
import { apiRequest } from "../../api/api-client.ts";
import type { WidgetProps } from "../../renderer/screen-runtime.tsx";
import { CardFrame } from "./dashboard-card.tsx";

export function QueryCard({ node }: WidgetProps<NodeOf<"query-card">>) {
  return (
    <CardFrame
      title={node.title}
      width="narrow"
      queryKey={["query-card", node.queryPath, node.query]}
      load={async () => {
        const answer = await apiRequest<QueryResponse>(node.queryPath, {
          method: "POST",
          body: node.query,
        });
        return {
          ...answer,
          report: { id: "", title: node.title, record_type: node.recordType, chart: node.chart },
          definition: node.query,
        };
      }}
      typePath={node.typePath}
    />
  );
}
