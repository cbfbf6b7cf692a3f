/** A window whose content is present but not drawn (Gecko under other windows) says so, and why. */
import { describe, expect, it } from 'vitest';
import { readGeneric, readWindow } from '../../../src/translate/kit/reading.js';
import { undrawnNotice } from '../../../src/translate/kit/undrawnContent.js';
import { translateGeneric } from '../../../translators/generic/index.js';
import { frame, GTK3, n } from './nodes.js';

const VISIBLE = ['enabled', 'sensitive', 'visible'];

/** Thunderbird's 3-pane window as Gecko exposed it undrawn: its frames and separators showing, the rest only visible. */
function mailWindow(drawn: boolean): ReturnType<typeof frame> {
  const states = drawn ? GTK3 : VISIBLE;
  return frame('Inbox - Local Folders - Mozilla Thunderbird', [
    n('frame', 'Inbox - Local Folders - Mozilla Thunderbird', { states: GTK3 }, [
      n('separator', '', { states: GTK3 }),
      n('tool_bar', 'Spaces Toolbar', { states }, [
        n('push_button', 'Mail (Ctrl+1)', { states, actions: ['press'] }),
        n('push_button', 'Settings', { states, actions: ['press'] }),
      ]),
      n('label', 'Quarterly report', { states }),
      n('label', 'Lunch on Friday', { states }),
    ]),
  ]);
}

describe('undrawn content', () => {
  it('a window with named nodes present but none showing reads as undrawn, with how to draw it', () => {
    const reading = readWindow(mailWindow(false));
    expect(reading.texts).not.toContain('Quarterly report');
    expect(reading.notices).toContainEqual({ severity: 'info', text: undrawnNotice(5) });
    const { blocks } = translateGeneric(
      { title: 'Inbox - Local Folders - Mozilla Thunderbird', modal: false, windowType: 'normal' } as never,
      readGeneric(mailWindow(false)),
      {
        warnings: [],
        truncated: false,
      },
    );
    expect(blocks).toContainEqual(expect.objectContaining({ type: 'notice', severity: 'info', text: undrawnNotice(5) }));
    expect(JSON.stringify(blocks)).not.toContain('Quarterly report');
  });

  it('the same window drawn reads its content and says nothing of drawing', () => {
    const reading = readWindow(mailWindow(true));
    expect(reading.texts).toContain('Quarterly report');
    expect(reading.notices.map((x) => x.text)).not.toContain(undrawnNotice(5));
    expect(reading.notices.some((x) => x.text.startsWith('Nothing of this window'))).toBe(false);
  });

  it('a window that is simply empty, or hides only a couple of nodes, is not called undrawn', () => {
    const empty = frame('Empty', [n('filler', '', { states: GTK3 })]);
    expect(readWindow(empty).notices).toEqual([]);
    const fewHidden = frame('Dialog', [
      n('filler', '', { states: GTK3 }, [n('label', 'Hidden hint', { states: VISIBLE }), n('label', 'Other', { states: VISIBLE })]),
    ]);
    expect(readWindow(fewHidden).notices).toEqual([]);
  });
});
