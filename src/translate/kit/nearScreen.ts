/**
 * Views that create their items only near the screen (GTK 4's list and grid views on a long
 * model): the probe gives how many items they hold and where those on screen sit; only those on
 * screen can be read. What the summary and the notice say of them.
 */
import { SCROLL_BY, type A11yNode } from '../../platform/probe.js';
import type { Collection } from './model.js';

type About = NonNullable<Collection['about']>;

/** A collection whose view creates its items near the screen. */
export type NearScreenCollection = Collection & { about: About };

/** "3,000" when the count is known, "about 3,000" (the most it can be) when only nearly. */
export function aboutCount(about: About): string {
  const most = about.atMost.toLocaleString('en-US');
  return about.atLeast === about.atMost ? most : `about ${most}`;
}

/** What an agent needs to know to reach the items not on screen. */
export function nearScreenNotice(c: NearScreenCollection): string {
  const unit = c.kind === 'table' ? 'rows' : 'items';
  const first = c.offset + 1;
  const last = c.offset + c.rows.length;
  const shown =
    c.rows.length === 0 ? `none of its ${unit} is on screen` : `${unit} ${first.toLocaleString('en-US')} to ${last.toLocaleString('en-US')} are on screen`;
  const name = c.label === 'List' || c.label === 'Table' ? `This ${c.kind}` : `${c.kind === 'table' ? 'Table' : 'List'} "${c.label}"`;
  return (
    `${name} holds ${aboutCount(c.about)} ${unit}; the application creates only those near the screen, ` +
    `and ${shown}: only they are listed. To reach others, ${scrollGeometry(c.node) ? 'scroll to them (scroll_list) or ' : ''}use the application's search or filter.`
  );
}

/** What scrolls a view of items created near the screen, and where its items sit (the probe's SCROLL_BY). */
export interface ScrollGeometry {
  valueRef: string;
  pitch: number;
  first: number;
  columnCount: number;
}

export function scrollGeometry(node: A11yNode): ScrollGeometry | undefined {
  const attributes = node.attributes ?? {};
  const valueRef = attributes[SCROLL_BY.key];
  const pitch = Number(attributes[SCROLL_BY.pitch]);
  const first = Number(attributes[SCROLL_BY.first]);
  const columnCount = Number(attributes[SCROLL_BY.columns]);
  if (!valueRef || !(pitch > 0) || !Number.isFinite(first) || !Number.isInteger(columnCount) || columnCount < 1) return undefined;
  return { valueRef, pitch, first, columnCount };
}
