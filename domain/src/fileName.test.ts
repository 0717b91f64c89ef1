import { describe, expect, it } from 'vitest';
import { displayFileName } from './fileName.ts';

describe('the display name of an uploaded file', () => {
  it.each([
    ['ticket <front>.png', 'ticket _front_.png'],
    ['IMG_2041.jpg', 'IMG_2041.jpg'],
    ['C:\\fakepath\\ticket.png', 'ticket.png'],
    ['photos/2026/ticket.heic', 'ticket.heic'],
    ['a\u202Egnp.exe', 'agnp.exe'],
    ['line\nbreak.jpg', 'linebreak.jpg'],
    ['what?"*|:.png', 'what_____.png'],
    ['Zoë’s ticket (1) & more.jpeg', 'Zoë’s ticket (1) & more.jpeg'],
    ['..', 'image'],
    ['\u0007', 'image'],
  ])('%j is shown as %j', (name, shown) => {
    expect(displayFileName(name)).toBe(shown);
  });

  it('when the name is longer than 255 characters, then it is cut to 255', () => {
    expect(displayFileName(`${'x'.repeat(300)}.png`)).toHaveLength(255);
  });
});
