import { describe, expect, it } from 'vitest';
import { groupIntoLines, layoutPageText, type PositionedText } from './pdf-layout';

function run(text: string, x: number, y: number, options: Partial<PositionedText> = {}): PositionedText {
  return { text, x, y, width: text.length * 5, height: 10, endsLine: false, ...options };
}

describe('groupIntoLines', () => {
  it('joins runs on one baseline, adding a space only where there is a visible gap', () => {
    const lines = groupIntoLines([run('2.3', 50, 700), run('The', 80, 700), run('Suppl', 100, 700), run('ier', 125, 700)]);
    expect(lines.map((line) => line.text)).toEqual(['2.3 The Supplier']);
  });

  it('keeps a raised footnote marker on its line and starts a new line when the baseline moves', () => {
    const lines = groupIntoLines([run('within 72 hours', 50, 700), run('1', 126, 703, { height: 6 }), run('next line', 50, 688)]);
    expect(lines.map((line) => line.text)).toEqual(['within 72 hours1', 'next line']);
  });

  it('honours pdf.js end-of-line marks, including empty runs that carry them', () => {
    const lines = groupIntoLines([run('first', 50, 700, { endsLine: true }), run('second', 90, 700), run('', 0, 0, { endsLine: true }), run('third', 140, 700)]);
    expect(lines.map((line) => line.text)).toEqual(['first', 'second', 'third']);
  });

  it('separates the cells of a table row with a tab, whether pdf.js reports the column gap as a spacing run or not', () => {
    const lines = groupIntoLines([
      run('SR-1', 50, 700),
      run(' ', 70, 700, { width: 130, height: 0 }),
      run('MFA for all remote access', 200, 700),
      run('Screenshot', 400, 700),
      run('justified  text', 50, 680),
      run('continues', 130, 680),
    ]);
    expect(lines.map((line) => line.text)).toEqual(['SR-1\tMFA for all remote access\tScreenshot', 'justified  text continues']);
  });

  it('drops lines made only of spacing runs', () => {
    expect(groupIntoLines([run('  ', 50, 700, { height: 0 }), run('text', 50, 680)]).map((line) => line.text)).toEqual(['text']);
  });
});

describe('layoutPageText', () => {
  it('separates wrapped lines with a newline and paragraphs (wider gaps) with a blank line', () => {
    const text = layoutPageText([
      run('1. Security', 50, 760),
      run('1.1 The Supplier shall encrypt', 50, 735),
      run('data at rest.', 50, 723),
      run('1.2 The Supplier shall log', 50, 705),
      run('access.', 50, 693),
    ]);
    expect(text).toBe('1. Security\n\n1.1 The Supplier shall encrypt\ndata at rest.\n\n1.2 The Supplier shall log\naccess.');
  });

  it('starts a new paragraph when text jumps back up the page (a second column)', () => {
    const text = layoutPageText([run('left one', 50, 700), run('left two', 50, 688), run('right one', 300, 700), run('right two', 300, 688)]);
    expect(text).toBe('left one\nleft two\n\nright one\nright two');
  });

  it('returns an empty string for a page without text', () => {
    expect(layoutPageText([])).toBe('');
  });
});
