/**
 * Views that create their items only near the screen (GTK 4's list and grid views on a long
 * model): the probe gives how many items they hold and where those on screen sit; only those on
 * screen can be read. What the summary and the notice say of them.
 */
import type { Collection } from './model.js';

type About = NonNullable<Collection['about']>;

/** "3,000" when the count is known, "about 3,000" (the most it can be) when only nearly. */
export function aboutCount(about: About): string {
  const most = about.atMost.toLocaleString('en-US');
  return about.atLeast === about.atMost ? most : `about ${most}`;
}

/** What an agent needs to know to reach the items not on screen. */
export function nearScreenNotice(c: Collection & { about: About }): string {
  const unit = c.kind === 'table' ? 'rows' : 'items';
  const first = c.offset + 1;
  const last = c.offset + c.rows.length;
  const shown =
    c.rows.length === 0 ? `none of its ${unit} is on screen` : `${unit} ${first.toLocaleString('en-US')} to ${last.toLocaleString('en-US')} are on screen`;
  const name = c.label === 'List' || c.label === 'Table' ? `This ${c.kind}` : `${c.kind === 'table' ? 'Table' : 'List'} "${c.label}"`;
  return (
    `${name} holds ${aboutCount(c.about)} ${unit}; the application creates only those near the screen, ` +
    `and ${shown}: only they are listed. To reach others, use the application's search or filter.`
  );
}
