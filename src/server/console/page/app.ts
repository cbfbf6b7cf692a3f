/**
 * The console page: follows /console/api/events and renders the live app://windows,
 * the tools, the activity feed and the pending approvals; the owner's buttons POST to the API.
 * With a token, it is asked for once and kept in sessionStorage (this tab only), never in a URL.
 */
import { el, renderBlock, renderGraph, renderTools, show, treeText, type A11yNode, type ConsoleTool, type GraphNode, type ProtocolWindow } from './render.js';
import { authHeaders, followEvents } from './stream.js';

interface Pending {
  id: number;
  session: number;
  client?: string;
  toolName: string;
  title: string;
  kind: string;
  arguments: Record<string, unknown>;
}

interface ConsoleState {
  generation: number;
  snapshot: { operableWindowIds: string[]; windows: ProtocolWindow[] };
  graph: GraphNode[];
  tools: ConsoleTool[];
  paused: boolean;
  approvals: Pending[];
  confirm: boolean;
}

type Activity =
  | {
      seq: number;
      kind: 'call';
      time: string;
      session: number;
      client?: string;
      tool: string;
      arguments: Record<string, unknown>;
      result: string;
      durationMs: number;
    }
  | { seq: number; kind: 'notification'; time: string; session: number; client?: string; method: string; uri?: string }
  | { seq: number; kind: 'owner'; time: string; text: string };

const TOKEN_KEY = 'gui-bridge-console-token';
const FEED_ROWS = 300;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

let token: string | null = sessionStorage.getItem(TOKEN_KEY);
let state: ConsoleState | undefined;
let lastSeq = 0;
let stream: AbortController | undefined;
/** Each window's rendered article, keyed to skip re-rendering unchanged windows. */
const rendered = new Map<string, { key: string; article: HTMLElement }>();

function setStatus(text: string): void {
  $('status').textContent = text;
}

function connect(): void {
  stream?.abort();
  stream = new AbortController();
  void followEvents(
    '/console/api/events',
    token,
    {
      status: setStatus,
      unauthorized: askToken,
      event: (name, data) => {
        if (name === 'state') applyState(data as ConsoleState);
        else if (name === 'feed') (data as Activity[]).forEach(addActivity);
        else if (name === 'activity') addActivity(data as Activity);
      },
    },
    stream.signal,
  );
}

function askToken(): void {
  const hadToken = token !== null;
  token = null;
  sessionStorage.removeItem(TOKEN_KEY);
  $('main').hidden = true;
  $('token-form').hidden = false;
  $('token-error').textContent = hadToken ? 'That token was refused.' : '';
  setStatus('token needed');
  $<HTMLInputElement>('token').focus();
}

$('token-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const input = $<HTMLInputElement>('token');
  token = input.value.trim();
  input.value = '';
  sessionStorage.setItem(TOKEN_KEY, token);
  $('token-form').hidden = true;
  connect();
});

async function post(path: string, body: unknown): Promise<void> {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', ...authHeaders(token) }, body: JSON.stringify(body) });
  if (response.status === 401) return askToken();
  if (!response.ok) setStatus(`${path}: ${((await response.json()) as { error?: string }).error ?? response.status}`);
}

$('pause').addEventListener('click', () => void post('/console/api/pause', { paused: !state?.paused }));

function applyState(next: ConsoleState): void {
  state = next;
  $('main').hidden = false;
  document.body.classList.toggle('paused', next.paused);
  document.body.dataset.generation = String(next.generation);
  const pause = $<HTMLButtonElement>('pause');
  pause.disabled = false;
  pause.textContent = next.paused ? 'Resume agent' : 'Pause agent';
  pause.className = next.paused ? 'primary' : 'danger';
  pause.setAttribute('aria-pressed', String(next.paused));
  if (next.paused) setStatus('live — agent paused');
  $('graph').replaceChildren(...renderGraph(next.graph));
  renderApprovals(next);
  renderWindows(next);
}

function renderApprovals(next: ConsoleState): void {
  $('approvals-empty').textContent =
    next.approvals.length > 0 ? '' : next.confirm ? 'Nothing is waiting.' : 'Approvals are off (serve --confirm destructive|writes turns them on).';
  $('approvals').replaceChildren(
    ...next.approvals.map((p) => {
      const approve = el('button', { type: 'button', class: 'primary', 'data-approve': String(p.id) }, 'Approve');
      const decline = el('button', { type: 'button', class: 'danger', 'data-decline': String(p.id) }, 'Decline');
      approve.addEventListener('click', () => void post(`/console/api/approvals/${p.id}`, { approved: true }));
      decline.addEventListener('click', () => void post(`/console/api/approvals/${p.id}`, { approved: false }));
      const args = Object.keys(p.arguments).length > 0 ? ` ${JSON.stringify(p.arguments)}` : '';
      return el(
        'li',
        { 'data-approval': String(p.id) },
        el(
          'span',
          {},
          `${p.client ?? `session ${p.session}`} wants ${p.kind === 'destructive' ? 'a destructive action' : 'to change something'}: `,
          el('strong', {}, p.title),
          ` (${p.toolName})${args}`,
        ),
        approve,
        decline,
      );
    }),
  );
}

function renderWindows(next: ConsoleState): void {
  const operable = new Set(next.snapshot.operableWindowIds);
  const articles: HTMLElement[] = [];
  for (const w of next.snapshot.windows) {
    const tools = next.tools.filter((t) => t.windowId === w.id);
    const key = JSON.stringify([w.version, w.title, w.modal, w.ownerId, operable.has(w.id), tools.map((t) => t.name)]);
    let entry = rendered.get(w.id);
    if (!entry || entry.key !== key) {
      const article = entry?.article ?? el('article', { class: 'window' });
      fillWindow(article, w, operable.has(w.id), tools);
      entry = { key, article };
      rendered.set(w.id, entry);
    }
    articles.push(entry.article);
  }
  for (const id of [...rendered.keys()]) if (!next.snapshot.windows.some((w) => w.id === id)) rendered.delete(id);
  const appTools = next.tools.filter((t) => t.windowId === null);
  const app = appTools.length > 0 ? [el('article', { class: 'app-tools' }, el('h3', {}, 'Application tools'), renderTools(appTools))] : [];
  $('windows').replaceChildren(...articles, ...app);
}

function fillWindow(article: HTMLElement, w: ProtocolWindow, operable: boolean, tools: ConsoleTool[]): void {
  article.className = `window${operable ? ' operable' : ''}`;
  article.dataset.windowId = w.id;
  article.dataset.version = String(w.version);
  const author = article.querySelector<HTMLElement>('.author'); // an open raw tree stays open
  const treeButton = el('button', { type: 'button', 'data-tree': w.id }, 'Raw tree');
  const fixtureButton = el('button', { type: 'button', 'data-fixture': w.id }, 'Record fixture');
  treeButton.addEventListener('click', () => void toggleTree(article, w.id));
  fixtureButton.addEventListener('click', () => void recordFixture(w.id));
  article.replaceChildren(
    el('h3', {}, w.title || '(untitled)'),
    el(
      'p',
      { class: 'meta' },
      `${w.id} · version ${w.version}${w.modal ? ' · modal' : ''}${w.ownerId ? ` · owner ${w.ownerId}` : ''}${operable ? ' · operable' : ' · blocked'} `,
      treeButton,
      ' ',
      fixtureButton,
    ),
    ...(w.summary ? [el('p', { class: 'summary' }, w.summary)] : []),
    ...w.blocks.map(renderBlock),
    renderTools(tools),
  );
  if (author) {
    article.append(author);
    void loadTree(author, w.id);
  }
}

async function toggleTree(article: HTMLElement, winId: string): Promise<void> {
  const open = article.querySelector<HTMLElement>('.author');
  if (open) return open.remove();
  const author = el('div', { class: 'author' });
  article.append(author);
  await loadTree(author, winId);
}

async function loadTree(author: HTMLElement, winId: string): Promise<void> {
  const response = await fetch(`/console/api/window/${encodeURIComponent(winId)}`, { headers: authHeaders(token) });
  if (response.status === 401) return askToken();
  if (!response.ok) return author.replaceChildren(el('p', {}, `Could not read ${winId}: HTTP ${response.status}`));
  const detail = (await response.json()) as { translatorId: string; tree: { root: A11yNode; nodeCount: number; truncated: boolean }; translation: unknown };
  author.replaceChildren(
    el(
      'div',
      {},
      el('h4', {}, `Accessibility tree (${detail.tree.nodeCount} nodes${detail.tree.truncated ? ', truncated' : ''})`),
      el('pre', { class: 'raw-tree' }, treeText(detail.tree.root)),
    ),
    el('div', {}, el('h4', {}, `Translation (${detail.translatorId})`), el('pre', { class: 'translation' }, JSON.stringify(detail.translation, null, 2))),
  );
}

async function recordFixture(winId: string): Promise<void> {
  const response = await fetch(`/console/api/window/${encodeURIComponent(winId)}/fixture`, { headers: authHeaders(token) });
  if (response.status === 401) return askToken();
  if (!response.ok) return setStatus(`fixture of ${winId}: HTTP ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = el('a', { href: url, download: `${winId}.json` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function addActivity(entry: Activity): void {
  if (entry.seq <= lastSeq) return; // a reconnect replays the recent feed
  lastSeq = entry.seq;
  const time = entry.time.slice(11, 19);
  let row: HTMLTableRowElement;
  if (entry.kind === 'call') {
    const ok = entry.result === 'ok';
    row = el(
      'tr',
      { class: 'call', 'data-seq': String(entry.seq), 'data-tool': entry.tool, 'data-result': entry.result },
      el('td', {}, time),
      el('td', {}, entry.client ?? `session ${entry.session}`),
      el('td', {}, entry.tool),
      el('td', {}, Object.keys(entry.arguments).length > 0 ? JSON.stringify(entry.arguments) : ''),
      el('td', { class: ok ? 'result-ok' : 'result-error' }, entry.result),
      el('td', {}, show(entry.durationMs)),
    );
  } else if (entry.kind === 'notification') {
    row = el(
      'tr',
      { class: 'notification', 'data-seq': String(entry.seq), 'data-method': entry.method },
      el('td', {}, time),
      el('td', {}, entry.client ?? `session ${entry.session}`),
      el('td', { title: entry.method }, `→ ${entry.method.replace(/^notifications\//, '')}`),
      el('td', {}, entry.uri ?? ''),
      el('td', {}, 'sent'),
      el('td', {}, ''),
    );
  } else {
    row = el(
      'tr',
      { class: 'owner', 'data-seq': String(entry.seq) },
      el('td', {}, time),
      el('td', {}, 'desktop owner'),
      el('td', { colspan: '4' }, entry.text),
    );
  }
  const body = $('feed').querySelector('tbody') as HTMLTableSectionElement;
  body.prepend(row);
  while (body.rows.length > FEED_ROWS) body.deleteRow(-1);
}

connect();
