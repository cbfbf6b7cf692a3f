/** Echo suppression: state events our own reads cause never mark a window dirty. */
import { describe, expect, test } from 'vitest';
import { StateEcho } from '../../../src/platform/linux/atspi/echo.js';
import type { DecodedEvent } from '../../../src/platform/linux/atspi/eventDecode.js';
import type { A11yNode } from '../../../src/platform/probe.js';

const source = { bus: ':1.3', path: '/org/a11y/atspi/accessible/144' };
const event = (detail: string, detail1: number, member = 'state-changed'): DecodedEvent => ({
  type: `object:${member}:${detail}`,
  category: 'object',
  member,
  detail,
  detail1,
  source,
  child: null,
});
const tree = (states: string[]): A11yNode => ({ ref: ':1.3/org/a11y/atspi/accessible/144', role: 'radio_button', name: '8', states, children: [] });

describe('StateEcho', () => {
  test('an event repeating what the last read saw is an echo; a real change is not', () => {
    const echo = new StateEcho();
    echo.remember(tree(['checked', 'enabled']));
    expect(echo.isEcho(event('checked', 1))).toBe(true);
    expect(echo.isEcho(event('checked', 0))).toBe(false); // the user unchecked it
    expect(echo.isEcho(event('checked', 0))).toBe(true); // the same news twice
    expect(echo.isEcho(event('focused', 1))).toBe(false);
  });

  test('near our question, an event repeating what the read saw is an echo; a contradicting one is in doubt once', () => {
    const queries = new Map<string, number>();
    const echo = new StateEcho(queries);
    echo.remember(tree(['enabled'])); // GTK3 radio items claim checked=1 while GetState says otherwise
    queries.set(':1.3/org/a11y/atspi/accessible/144', Infinity);
    expect(echo.classify(event('checked', 0))).toBe('echo');
    expect(echo.classify(event('checked', 1))).toBe('doubt'); // re-read once to know
    echo.remember(tree(['enabled'])); // the re-read does not show it
    expect(echo.classify(event('checked', 1))).toBe('echo'); // so the same claim is the question's echo
    queries.set(':1.3/org/a11y/atspi/accessible/144', performance.now() - 1000); // answered long ago
    expect(echo.classify(event('checked', 1))).toBe('news');
  });

  test('a real change right after our question is re-read, and is news again once a read has shown it', () => {
    const queries = new Map<string, number>([[':1.3', performance.now()]]);
    const echo = new StateEcho(queries);
    echo.remember(tree(['enabled']));
    expect(echo.classify(event('showing', 1))).toBe('doubt'); // a dialog's entry shown just after a read
    echo.remember(tree(['enabled', 'showing'])); // the re-read shows it
    expect(echo.classify(event('showing', 1))).toBe('echo'); // nothing new
    expect(echo.classify(event('showing', 0))).toBe('doubt'); // hidden again, still near a question
    echo.remember(tree(['enabled']));
    expect(echo.classify(event('showing', 1))).toBe('doubt'); // and shown again: never taken for an echo
  });

  test('events while a whole application is asked for its states (Cache.GetItems) are in doubt once', () => {
    const queries = new Map<string, number>([[':1.3', Infinity]]);
    const echo = new StateEcho(queries);
    expect(echo.classify(event('checked', 0))).toBe('doubt'); // an object no read of ours contains yet
    expect(echo.classify(event('checked', 0))).toBe('echo');
    queries.set(':1.3', performance.now() - 1000);
    expect(echo.classify(event('checked', 0))).toBe('news');
  });

  test('objects never read and other event kinds pass through', () => {
    const echo = new StateEcho();
    expect(echo.isEcho(event('checked', 1))).toBe(false);
    echo.remember(tree(['checked']));
    expect(echo.isEcho(event('insert', 0, 'text-changed'))).toBe(false);
  });
});
