/**
 * The nodes of a Freeplane (.mm) map as saved: each node's TEXT and its parent's, in document
 * order. Enough for what Freeplane writes (one element per tag, attributes in double quotes), so a
 * task checks where a node went, not the styles and timestamps Freeplane adds on save.
 */
export interface MindMapNode {
  text: string;
  /** The parent node's TEXT; null for the root. */
  parent: string | null;
}

/** `<node …>`, `<node …/>` and `</node>`, with the opening tags' attributes. */
const NODE_TAG = /<node\b([^>]*?)(\/?)>|<\/node>/g;
const TEXT_ATTRIBUTE = /\bTEXT="([^"]*)"/;

export function mindMapNodes(xml: string): MindMapNode[] {
  const nodes: MindMapNode[] = [];
  const open: string[] = [];
  for (const tag of xml.matchAll(NODE_TAG)) {
    if (tag[0] === '</node>') {
      open.pop();
      continue;
    }
    const text = unescapeXml(TEXT_ATTRIBUTE.exec(tag[1] ?? '')?.[1] ?? '');
    nodes.push({ text, parent: open.at(-1) ?? null });
    if (tag[2] !== '/') open.push(text);
  }
  return nodes;
}

function unescapeXml(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
