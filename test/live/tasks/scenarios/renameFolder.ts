/**
 * The folder the file-manager rename tasks work in, and what the disk says afterwards: draft.txt
 * is renamed to final-report.txt with its bytes, other.txt is left alone.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const RENAMED_TO = 'final-report.txt';

/** Makes `scratch`/reports with draft.txt and other.txt; returns its path. */
export function makeRenameFolder(scratch: string): string {
  const folder = join(scratch, 'reports');
  mkdirSync(folder);
  writeFileSync(join(folder, 'draft.txt'), 'Quarterly draft\n');
  writeFileSync(join(folder, 'other.txt'), 'Leave me\n');
  return folder;
}

/** The renamed file's text, whether the old name is still there, and the other file's text. */
export function renameOnDisk(folder: string): { renamed: string; old: boolean; other: string } {
  return {
    renamed: readFileSync(join(folder, RENAMED_TO), 'utf8'),
    old: existsSync(join(folder, 'draft.txt')),
    other: readFileSync(join(folder, 'other.txt'), 'utf8'),
  };
}
