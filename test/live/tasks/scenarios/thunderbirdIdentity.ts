/**
 * A Thunderbird profile that can write mail: the corpus profile (thunderbirdApp.ts) has Local
 * Folders alone, with no identity, so Thunderbird disables New Message. This adds one identity to
 * the Local Folders account, writing plain text and saving its drafts in Local Folders' Drafts,
 * an mbox file of the profile that the task reads as its truth.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CorpusApp } from '../../corpus/apps.js';
import type { GeckoPrefs } from '../../helpers/geckoPrefs.js';

export const IDENTITY = { name: 'Corpus Agent', email: 'agent@example.org' };

const IDENTITY_PREFS: GeckoPrefs = {
  'mail.account.account1.identities': 'id1',
  'mail.identity.id1.fullName': IDENTITY.name,
  'mail.identity.id1.useremail': IDENTITY.email,
  'mail.identity.id1.valid': true,
  'mail.identity.id1.draft_folder': 'mailbox://nobody@Local%20Folders/Drafts',
  // Plain text: the draft's body is the typed lines, not HTML around them.
  'mail.identity.id1.compose_html': false,
  // No copy to a Sent folder, no signature: nothing else writes into the profile's folders.
  'mail.identity.id1.fcc': false,
  'mail.identity.id1.attach_signature': false,
};

/** The corpus app whose profile also gets the identity; `onProfile` learns the profile's folder. */
export function withIdentity(app: CorpusApp, onProfile: (profile: string) => void): CorpusApp {
  return {
    ...app,
    prepare: (scratch) => {
      app.prepare?.(scratch);
      // user.js is read whole at start-up: these lines add to the corpus prefs written just before.
      const lines = Object.entries(IDENTITY_PREFS).map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});\n`);
      appendFileSync(join(scratch, 'user.js'), lines.join(''));
      onProfile(scratch);
    },
  };
}

/** The path of a Local Folders mbox file in the profile. */
export function localFolder(profile: string, folder: string): string {
  return join(profile, 'Mail', 'Local Folders', folder);
}
