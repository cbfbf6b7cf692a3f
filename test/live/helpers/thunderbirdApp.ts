/**
 * A fresh private Thunderbird profile, made before it starts: one account, Local Folders, whose
 * Inbox is an mbox file of a few known messages; the session file opens that Inbox in the first
 * tab, so the window is the 3-pane one (folder tree, message list) rather than the account
 * central page or the account setup hub a profile without accounts opens with. Its prefs keep it
 * offline and switch off telemetry, update checks, the start page, remote content and every
 * first-run notice; all traffic but to 127.0.0.1 goes to a closed local port (no network).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GECKO_OFFLINE_PREFS, writeUserPrefs, type GeckoPrefs } from './geckoPrefs.js';

/** The messages of the Inbox, newest last (the list shows the newest first). */
export const THUNDERBIRD_MESSAGES = [
  { from: 'Ada Lovelace <ada@example.org>', subject: 'Quarterly report', date: 'Mon, 02 Mar 2026 09:00:00 +0000', body: 'The report is in the shared folder.' },
  { from: 'Grace Hopper <grace@example.org>', subject: 'Lunch on Friday', date: 'Tue, 03 Mar 2026 12:30:00 +0000', body: 'Shall we meet at noon?' },
  { from: 'Alan Turing <alan@example.org>', subject: 'Corpus mail folder', date: 'Wed, 04 Mar 2026 16:45:00 +0000', body: 'A message of the local folder.' },
] as const;

/** The Inbox as Thunderbird names it in folder URIs (the local account's user is "nobody"). */
const INBOX_URI = 'mailbox://nobody@Local%20Folders/Inbox';

const PREFS: GeckoPrefs = {
  ...GECKO_OFFLINE_PREFS,
  // Local Folders as the only account: the profile counts as set up, so no account hub opens.
  'mail.accountmanager.accounts': 'account1',
  'mail.accountmanager.localfoldersserver': 'server1',
  'mail.account.account1.server': 'server1',
  'mail.server.server1.directory-rel': '[ProfD]Mail/Local Folders',
  'mail.server.server1.hostname': 'Local Folders',
  'mail.server.server1.name': 'Local Folders',
  'mail.server.server1.type': 'none',
  'mail.server.server1.userName': 'nobody',
  'mail.provider.suppress_dialog_on_startup': true,
  // Offline from the start (3: always offline), and nothing that would go online on its own.
  'offline.startup_state': 3,
  'offline.autoDetect': false,
  'mail.shell.checkDefaultClient': false,
  'mail.rights.override': true,
  'mailnews.start_page.enabled': false,
  'mailnews.start_page_override.mstone': 'ignore',
  'mail.inappnotifications.enabled': false,
  'mailnews.message_display.disable_remote_image': true,
  'extensions.getAddons.cache.enabled': false,
};

/** Writes the profile into an empty folder: prefs (user.js), the Inbox, the session to restore. */
export function writeThunderbirdProfile(profile: string): void {
  writeUserPrefs(profile, PREFS);
  const folders = join(profile, 'Mail', 'Local Folders');
  mkdirSync(folders, { recursive: true });
  writeFileSync(join(folders, 'Inbox'), THUNDERBIRD_MESSAGES.map(mboxEntry).join(''));
  // Without a session the first tab shows the account's own page (Local Folders' "Set Up Another
  // Account"); a restored tab shows the folder it names.
  const tab = { mode: 'mail3PaneTab', state: { firstTab: true, folderURI: INBOX_URI, folderPaneVisible: true, messagePaneVisible: true }, ext: {} };
  const session = { rev: 0, windows: [{ type: '3pane', tabs: { rev: 0, selectedIndex: 0, tabs: [tab] } }] };
  writeFileSync(join(profile, 'session.json'), JSON.stringify(session));
}

/** One message of an mbox file: the "From " separator line, headers, a blank line, the body. */
function mboxEntry(message: (typeof THUNDERBIRD_MESSAGES)[number], index: number): string {
  const headers = [
    `From - ${message.date}`,
    `From: ${message.from}`,
    'To: corpus@example.org',
    `Subject: ${message.subject}`,
    `Date: ${message.date}`,
    `Message-ID: <corpus-${index + 1}@example.org>`,
    'Content-Type: text/plain; charset=utf-8',
  ];
  return `${headers.join('\n')}\n\n${message.body}\n\n`;
}
