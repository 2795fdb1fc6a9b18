/** Formatted text from structured blocks and spans; no HTML string is ever rendered. */
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import type { NodeOf } from "../../schemas/descriptor/mod.ts";
import { isInternalHref, isSafeHref } from "../renderer/safe-href.ts";
import type { WidgetProps } from "../renderer/screen-runtime.tsx";

type Block = NodeOf<"rich-text">["blocks"][number];
type Span = Extract<Block, { kind: "paragraph" }>["spans"][number];

/** A rich text. */
export function RichText({ node }: WidgetProps<NodeOf<"rich-text">>) {
  return (
    <div className="rich-text">
      {node.blocks.map((block, i) => <RichBlock key={i} block={block} />)}
    </div>
  );
}

function RichBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case "paragraph":
      return (
        <p>
          <Spans spans={block.spans} />
        </p>
      );
    case "heading":
      return block.level === 2
        ? <h2>{block.text}</h2>
        : block.level === 3
        ? <h3>{block.text}</h3>
        : <h4>{block.text}</h4>;
    case "list": {
      const items = block.items.map((spans, i) => (
        <li key={i}>
          <Spans spans={spans} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case "code":
      return <pre><code>{block.text}</code></pre>;
    case "quote":
      return (
        <blockquote>
          <Spans spans={block.spans} />
        </blockquote>
      );
  }
}

function Spans({ spans }: { spans: readonly Span[] }) {
  return <>{spans.map((span, i) => <SpanText key={i} span={span} />)}</>;
}

function SpanText({ span }: { span: Span }) {
  let content: ReactNode = span.text;
  if (span.code) content = <code>{content}</code>;
  if (span.italic) content = <em>{content}</em>;
  if (span.bold) content = <strong>{content}</strong>;
  if (span.href !== undefined && isSafeHref(span.href)) {
    content = isInternalHref(span.href)
      ? <Link className="link" to={span.href}>{content}</Link>
      : <a className="link" href={span.href} rel="noopener noreferrer">{content}</a>;
  }
  return <>{content}</>;
}
