/**
 * Which nodes' Value interface the tree reader asks for a number: not a scroll bar (chrome), and
 * not an indeterminate progress bar, which has no number (Gecko answers with an unset GValue and
 * at-spi2-atk prints a GLib critical transforming it).
 */
import { describe, expect, it } from 'vitest';
import { hasNumericValue } from '../../../src/platform/linux/atspi/nodeReader.js';

describe('hasNumericValue', () => {
  it('asks sliders, spin buttons and progress bars that show progress', () => {
    expect(hasNumericValue('slider', ['enabled'])).toBe(true);
    expect(hasNumericValue('spin_button', ['editable'])).toBe(true);
    expect(hasNumericValue('progress_bar', ['showing'])).toBe(true);
  });

  it('skips scroll bars and indeterminate progress bars', () => {
    expect(hasNumericValue('scroll_bar', ['showing'])).toBe(false);
    expect(hasNumericValue('progress_bar', ['showing', 'indeterminate'])).toBe(false);
    // Gecko's progress meters print the critical before they say they are indeterminate.
    expect(hasNumericValue('progress_bar', ['showing'], { name: 'Gecko', version: '115.0' })).toBe(false);
    expect(hasNumericValue('slider', ['showing'], { name: 'Gecko', version: '115.0' })).toBe(true);
    expect(hasNumericValue('progress_bar', ['showing'], { name: 'gtk', version: '3.24.38' })).toBe(true);
  });
});
