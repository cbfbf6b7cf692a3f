/** The README's protocol examples, produced by a real run so the README can be checked against them. */
import { connectMemoryClient, startDemoServer } from '../helpers/demoServer.js';

export interface ReadmeExamples {
  snapshot: string;
  tools: string;
  submitResult: string;
  validationError: string;
}

export async function produceReadmeExamples(): Promise<ReadmeExamples> {
  const server = await startDemoServer({ reports: 0 });
  const client = await connectMemoryClient(server.hub);
  const validation = await client.call('w1__submit');
  await client.call('w1__edit_field', { field: 'recipient', value: 'Alice' });
  await client.call('w1__edit_field', { field: 'payment_password', value: 'correct horse' });
  const submitted = await client.call('w1__submit', { expectedVersion: 4 });
  const snapshot = await client.snapshot();
  const tools = (await client.client.listTools()).tools.map((t) => `${t.name.padEnd(18)} ${t.title}`);
  await client.close();
  await server.close();
  return {
    snapshot: compactJson(snapshot),
    tools: tools.join('\n'),
    submitResult: compactJson(submitted.structuredContent),
    validationError: compactJson(validation.structuredContent),
  };
}

/** Indented JSON that keeps short arrays and objects on one line, for reading. */
export function compactJson(value: unknown, indent = ''): string {
  const flat = JSON.stringify(value);
  if (flat.length + indent.length <= 96 || value === null || typeof value !== 'object') return flat;
  const inner = `${indent}  `;
  if (Array.isArray(value)) return `[\n${value.map((v) => inner + compactJson(v, inner)).join(',\n')}\n${indent}]`;
  const entries = Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${compactJson(v, inner)}`);
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

/** The fenced block that follows `<!-- example:NAME -->` in the README. */
export function readmeBlock(readme: string, name: string): string | undefined {
  const match = new RegExp(`<!-- example:${name} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\\n\`\`\``).exec(readme);
  return match?.[1];
}
