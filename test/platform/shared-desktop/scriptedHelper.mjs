// A real helper process for tests: speaks the helpers' JSON-lines protocol over stdio like
// uia-helper.ps1 and ax-helper.js do. Test methods: echo, slow, hang, crash, fail, pid, malformed.
// With UIA_FIXTURE=<path> it also answers `windows` and `tree` from a fixtures/uia file.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

if (process.env.HELPER_EXIT_AT_START) {
  process.stderr.write('cannot load UIAutomationClient\n');
  process.exit(5);
}

const fixture = process.env.UIA_FIXTURE ? JSON.parse(readFileSync(process.env.UIA_FIXTURE, 'utf8')) : null;
const write = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);
const answer = (id, result) => write({ id, ok: true, result });

function fromFixture(method, params) {
  if (method === 'windows') return { windows: params.hwnds.map((hwnd) => fixture.windows.find((w) => w.hwnd === hwnd)?.info ?? { hwnd, found: false }) };
  if (method === 'tree') return fixture.windows.find((w) => w.hwnd === params.hwnd)?.tree;
  return undefined;
}

function handle({ id, method, params }) {
  const fixed = fixture ? fromFixture(method, params) : undefined;
  if (fixed !== undefined) return answer(id, fixed);
  switch (method) {
    case 'echo':
      return answer(id, params);
    case 'slow':
      return setTimeout(() => answer(id, { waited: params.ms }), params.ms);
    case 'hang':
      return undefined;
    case 'crash':
      process.stderr.write('fatal: element provider crashed\n');
      return process.exit(3);
    case 'fail':
      return write({ id, ok: false, error: { code: 'unsupported', message: 'the element has no Invoke pattern' } });
    case 'pid':
      return answer(id, { pid: process.pid });
    case 'malformed':
      process.stdout.write('WARNING: this is not JSON\n');
      return answer(id, { unexpected: true });
    default:
      return write({ id, ok: false, error: { code: 'unknown_method', message: `unknown method ${method}` } });
  }
}

if (!process.env.HELPER_NO_READY) write({ event: 'ready', info: { protocol: 1, fake: true } });
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => line.trim() && handle(JSON.parse(line)));
lines.on('close', () => process.exit(0));
