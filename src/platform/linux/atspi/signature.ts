/** D-Bus type signatures parsed into trees ("a(so)" → array of struct of string, object path). */
export interface SigNode {
  code: string;
  children: SigNode[];
}

const cache = new Map<string, SigNode[]>();

export function parseSignature(signature: string): SigNode[] {
  const known = cache.get(signature);
  if (known) return known;
  const nodes: SigNode[] = [];
  let at = 0;
  while (at < signature.length) {
    const [node, next] = parseOne(signature, at);
    nodes.push(node);
    at = next;
  }
  cache.set(signature, nodes);
  return nodes;
}

function parseOne(signature: string, at: number): [SigNode, number] {
  const code = signature[at];
  if (code === undefined) throw new TypeError(`incomplete D-Bus signature "${signature}"`);
  if (code === 'a') {
    const [element, next] = parseOne(signature, at + 1);
    return [{ code, children: [element] }, next];
  }
  if (code === '(' || code === '{') {
    const close = code === '(' ? ')' : '}';
    const children: SigNode[] = [];
    let next = at + 1;
    while (signature[next] !== close) {
      if (next >= signature.length) throw new TypeError(`unclosed "${code}" in D-Bus signature "${signature}"`);
      const [child, after] = parseOne(signature, next);
      children.push(child);
      next = after;
    }
    return [{ code, children }, next + 1];
  }
  if (!'ybnqiuxtdsogvh'.includes(code)) throw new TypeError(`unknown type "${code}" in D-Bus signature "${signature}"`);
  return [{ code, children: [] }, at + 1];
}

/** The alignment of a type on the wire, in bytes. */
export function alignmentOf(type: SigNode): number {
  switch (type.code) {
    case 'y':
    case 'g':
    case 'v':
      return 1;
    case 'n':
    case 'q':
      return 2;
    case 'x':
    case 't':
    case 'd':
    case '(':
    case '{':
      return 8;
    default:
      return 4;
  }
}
