/**
 * Text read where the toolkit warns about an end offset past the text (clampTextRange:
 * LibreOffice, Qt, Java, unknown toolkits). CharacterCount comes first, and the text may change
 * before GetText: LibreOffice's status bar field went from 25 to 23 characters as a dialog
 * closed, and a GetText(0, 25) then printed "Exception in getText()" and answered "".
 */
import { describe, expect, it } from 'vitest';
import type { ObjRef } from '../../../src/platform/linux/atspi/refs.js';
import { readTextValue } from '../../../src/platform/linux/atspi/values.js';
import { BUS, FakeApp, FakeClient, node, type FakeNode } from './fakeAtspi.js';

/** LibreOffice's ATK wrapper: the text changes right after its count is asked; an end past the text warns and gives "". */
class ChangingText extends FakeClient {
  readonly pastTheEnd: number[] = [];

  constructor(
    private readonly field: FakeNode,
    private readonly next: string,
  ) {
    super(new FakeApp(field));
  }

  override async call(ref: ObjRef, iface: string, member: string, signature = '', body: unknown[] = []): Promise<unknown[]> {
    const reply = await super.call(ref, iface, member, signature, body);
    if (member === 'Get' && body[1] === 'CharacterCount') this.field.text = this.next;
    if (member === 'GetText' && Number(body[1]) > Array.from(this.field.text ?? '').length) {
      this.pastTheEnd.push(Number(body[1]));
      return [''];
    }
    return reply;
  }
}

const field = (text: string) => node('pos', 'label', { interfaces: ['Text'], text });
const at = (client: FakeClient): ObjRef => ({ bus: BUS, path: client.app.root.path });

describe('readTextValue with clamped ranges', () => {
  it('reads a text that shrank after its count was asked, never asking past its end', async () => {
    const client = new ChangingText(field('-0.17 / -1.20 0.00 x 0.00'), '7.26 / 2.40 0.00 x 0.00');
    expect(await readTextValue(client, at(client), 2000, true)).toEqual({ value: '7.26 / 2.40 0.00 x 0.00' });
    expect(client.pastTheEnd).toEqual([]);
  });

  it('cuts a text that grew past the maximum meanwhile, and counts what it holds', async () => {
    const client = new ChangingText(field('short'), 'x'.repeat(12));
    expect(await readTextValue(client, at(client), 10, true)).toEqual({ value: 'x'.repeat(10), characterCount: 12 });
  });

  it('asks a text longer than the maximum up to the maximum only', async () => {
    const client = new FakeClient(new FakeApp(field('y'.repeat(30))));
    expect(await readTextValue(client, at(client), 10, true)).toEqual({ value: 'y'.repeat(10), characterCount: 30 });
    expect(client.app.calls.find((c) => c.member === 'GetText')?.body).toEqual([0, 10]);
  });
});
