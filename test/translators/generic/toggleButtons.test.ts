/** Buttons that stay pressed in: read as on, and `press` says the state it left them in. */
import { describe, expect, it } from 'vitest';
import { pressAction } from '../../../src/translate/kit/actions/press.js';
import { readWindow } from '../../../src/translate/kit/reading.js';
import { isToggledOn, isToggleLike } from '../../../src/translate/kit/toggleButtons.js';
import { fakeContext } from './fakeContext.js';
import { frame, GTK3, GTK4, n } from './nodes.js';

const toolbar = (boldStates: string[]) =>
  frame('Doc', [
    n('tool_bar', '', {}, [
      n('toggle_button', 'Bold', { ref: 'bold', states: boldStates, actions: ['click'] }),
      n('toggle_button', 'Left', { ref: 'left', states: [...GTK3, 'checked'], actions: ['click'] }),
      n('push_button', 'Print', { ref: 'print', actions: ['click'] }),
    ]),
  ]);

describe('toggle buttons', () => {
  it('a toggle button is on when checked or pressed; a GTK 4.8 push button only says pressed', () => {
    expect(isToggledOn(n('toggle_button', 'Bold', { states: [...GTK3, 'checked'] }))).toBe(true);
    expect(isToggledOn(n('toggle_button', 'Bold', { states: [...GTK3, 'pressed'] }))).toBe(true);
    expect(isToggleLike(n('toggle_button', 'Bold'))).toBe(true);
    expect(isToggledOn(n('toggle_button', 'Bold'))).toBe(false);
    expect(isToggledOn(n('push_button', 'Mon', { states: [...GTK4, 'pressed'] }))).toBe(true);
    // Off, GTK 4.8 says nothing: a plain button.
    expect(isToggleLike(n('push_button', 'Mon', { states: GTK4 }))).toBe(false);
    expect(isToggleLike(n('push_button', 'Wrap', { states: [...GTK3, 'checkable'] }))).toBe(true);
    expect(isToggledOn(n('push_button', 'Wrap', { states: [...GTK3, 'checkable', 'checked'] }))).toBe(true);
    // Held down by a pointer click is no state.
    expect(isToggledOn(n('push_button', 'OK', { states: [...GTK3, 'pressed', 'armed'] }))).toBe(false);
  });

  it('menu buttons and expanders are no toggles: their checked state means an open popup', () => {
    expect(isToggledOn(n('toggle_button', 'Keypad', { states: [...GTK3, 'checked', 'expandable', 'expanded'] }))).toBe(false);
    expect(isToggledOn(n('toggle_button', 'Menu', { states: [...GTK3, 'checked'] }, [n('menu_item', 'Copy')]))).toBe(false);
    expect(isToggledOn(n('toggle_button', 'Menu', { states: [...GTK3, 'checked', 'has_popup'] }))).toBe(false);
    // GTK 4's menu button: the toggle inside the button wrapper, pressed while its popover is open.
    const wrapper = n('push_button', 'GtkMenuButton', { states: GTK4 }, [n('push_button', 'Basic', { states: [...GTK4, 'pressed'] })]);
    expect(isToggledOn(wrapper.children[0] as never, wrapper)).toBe(false);
  });

  it('the window says which pressable buttons are on, by the labels press names them', () => {
    const reading = readWindow(toolbar(GTK3));
    expect(reading.notices).toContainEqual({ severity: 'info', text: 'Toggle buttons on: Left.' });
    expect(reading.buttons.map((b) => b.label)).toEqual(['Bold', 'Left', 'Print']);
  });

  it('a window with no toggle on says nothing of them', () => {
    const reading = readWindow(frame('Doc', [n('toggle_button', 'Bold', { actions: ['click'] })]));
    expect(reading.notices.map((x) => x.text)).toEqual([]);
  });

  it('press reads the toggle back and says its new state', async () => {
    const { ctx } = fakeContext(toolbar(GTK3), (c) =>
      c.primitive === 'doAction' && c.args[0] === 'bold' ? { root: toolbar([...GTK3, 'checked']) } : undefined,
    );
    expect(await pressAction.run({ button: 'Bold' } as never, ctx)).toEqual({
      message: 'Pressed "Bold": it is on now. The window changed: re-read app://windows.',
    });
  });

  it('press on a GTK 4.8 toggle that is off: pressed afterwards reads as on, and back off again', async () => {
    const day = (states: string[]) => frame('Alarm', [n('push_button', 'Mon', { ref: 'mon', states, actions: ['click'] })], [...GTK4, 'showing', 'active']);
    const on = fakeContext(day(GTK4), (c) => (c.primitive === 'doAction' ? { root: day([...GTK4, 'pressed']) } : undefined));
    expect(await pressAction.run({ button: 'Mon' } as never, on.ctx)).toEqual({
      message: 'Pressed "Mon": it is on now. The window changed: re-read app://windows.',
    });
    const off = fakeContext(day([...GTK4, 'pressed']), (c) => (c.primitive === 'doAction' ? { root: day(GTK4) } : undefined));
    expect(await pressAction.run({ button: 'Mon' } as never, off.ctx)).toEqual({
      message: 'Pressed "Mon": it is off now. The window changed: re-read app://windows.',
    });
  });

  it('a menu button (a toggle button whose press brings its menu) is answered as a press, not as a state', async () => {
    const before = frame('Viewer', [n('toggle_button', 'File options', { ref: 'options', actions: ['click'] })]);
    const after = frame('Viewer', [
      n('toggle_button', 'File options', { ref: 'options', states: [...GTK3, 'checked'], actions: ['click'] }, [
        n('menu_item', 'Print…', { actions: ['click'] }),
      ]),
    ]);
    const { ctx } = fakeContext(before, (c) => (c.primitive === 'doAction' ? { root: after } : undefined));
    expect(await pressAction.run({ button: 'File options' } as never, ctx)).toEqual({
      message: 'Pressed "File options". The window changed: re-read app://windows.',
    });
  });

  it('a toggle whose state did not change is described by the press effect as any button', async () => {
    const { ctx } = fakeContext(toolbar(GTK3));
    expect(await pressAction.run({ button: 'Bold' } as never, ctx)).toEqual({ message: 'Pressed "Bold". No visible change yet: re-read app://windows later.' });
  });
});
