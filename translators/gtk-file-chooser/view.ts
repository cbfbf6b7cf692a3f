/**
 * The chooser's view: one sentence (mode, folder, name, how many files), a fields block (folder,
 * name, the dialog's other fields), the files as a table (first rows + total: P-BLK-7; the
 * generic load_rows reads on) and the places as a list.
 */
import { collectionBlock, probeNotices } from '../../src/sdk/translate.js';
import type { BlockDraft, Collection, TranslateContext, WindowFacts, WindowView } from '../../src/sdk/translate.js';
import { cancelAction, chooseAction, goToFolderAction, setNameAction } from './actions.js';
import type { ChooserReading, ChooserWindow } from './reading.js';

const ACTIONS = [chooseAction, setNameAction, goToFolderAction, cancelAction];

function where(reading: ChooserReading): string {
  if (reading.folder !== null) return `folder ${reading.folder}`;
  if (reading.place) return `showing ${reading.place}`;
  if (!reading.readsFolder) return 'folder not read';
  // GTK exposes only the visible page of its header: the location entry hides the path bar.
  return reading.location ? 'location entry shown' : 'no folder shown';
}

function summaryOf(title: string, reading: ChooserReading): string {
  const clauses = [where(reading)];
  if (reading.name) clauses.push(reading.name.value === '' ? 'file name empty' : `file name "${String(reading.name.value)}"`);
  if (reading.files) clauses.push(`${reading.files.total} item${reading.files.total === 1 ? '' : 's'} listed`);
  const verb = reading.accept ? `; ${reading.accept.label} accepts` : '';
  return `"${title}" file chooser (${reading.mode === 'save' ? 'save a file' : 'open'}) — ${clauses.join(', ')}${verb}.`;
}

function fieldsOf(reading: ChooserReading): BlockDraft {
  const items = [
    { label: reading.folder !== null ? 'Folder' : 'Place', value: reading.folder ?? reading.place ?? '' },
    ...(reading.name ? [{ label: 'Name', value: String(reading.name.value) }] : []),
    ...(reading.location ? [{ label: 'Location', value: String(reading.location.value) }] : []),
    // P-SENS-1: a secret among the app's extra widgets stays marked (the bridge masks it).
    ...reading.extras.map((f) => ({ label: f.label, value: f.value, ...(f.kind === 'secret' ? { sensitive: true } : {}) })),
  ];
  return { type: 'fields', id: 'fields', items };
}

/** The files table always says how many files the folder lists (P-BLK-3: offset/total). */
function filesBlock(files: Collection): BlockDraft {
  const block = collectionBlock(files);
  return block.type === 'table' ? { ...block, id: 'files', offset: 0, total: files.total } : { ...block, id: 'files' };
}

export function translateChooser(
  window: WindowFacts,
  reading: ChooserReading,
  ctx: Pick<TranslateContext, 'warnings' | 'truncated'>,
): WindowView<ChooserWindow> {
  // A long folder listing is cut by the node budget on purpose: its table says so with `total`.
  const blocks: BlockDraft[] = [...probeNotices(ctx, { cutIsExpected: reading.files !== undefined }), fieldsOf(reading)];
  if (reading.files) blocks.push(filesBlock(reading.files));
  if (reading.places && reading.places.rows.length > 0) blocks.push({ ...collectionBlock(reading.places), id: 'places' });
  return { summary: summaryOf(window.title, reading), blocks, actions: ACTIONS };
}
