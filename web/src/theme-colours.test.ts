import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/* Colours are roles declared once per theme in index.css (decision 0071); these checks keep it so. */

const SRC = import.meta.dirname;
const STYLESHEET = fs.readFileSync(path.join(SRC, 'index.css'), 'utf8');

/** Tailwind's palette, by name. */
const PALETTE = [
  'slate',
  'gray',
  'zinc',
  'neutral',
  'stone',
  'red',
  'orange',
  'amber',
  'yellow',
  'lime',
  'green',
  'emerald',
  'teal',
  'cyan',
  'sky',
  'blue',
  'indigo',
  'violet',
  'purple',
  'fuchsia',
  'pink',
  'rose',
  'white',
  'black',
];
const UTILITIES = [
  'text',
  'bg',
  'border(?:-[xytrblse])?',
  'ring(?:-offset)?',
  'divide',
  'placeholder',
  'outline',
  'fill',
  'stroke',
  'accent',
  'caret',
  'decoration',
  'shadow',
  'from',
  'via',
  'to',
];
/** A palette colour utility with its variants (`dark:hover:bg-slate-800`, `text-red-600/50`). */
const PALETTE_CLASS = new RegExp(
  `(?<![\\w-])(?:[\\w[\\]=&-]+:)*(?:${UTILITIES.join('|')})-(?:${PALETTE.join('|')})(?:-\\d+)?(?:/\\d+)?(?![\\w-])`,
  'g',
);

/** The console's markup and styles: every file under web/src but tests, and the page that holds them. */
function sources(): string[] {
  const files = fs
    .readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|css|html)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(SRC, file));
  return [...files, path.join(SRC, '..', 'index.html')];
}

/** Each palette colour class in `text`, as "where: class". */
function paletteClasses(where: string, text: string): string[] {
  return [...text.matchAll(PALETTE_CLASS)].map((match) => `${where}: ${match[0]}`);
}

/** The custom properties the rule for `selector` declares, in order. */
function declaredIn(selector: string): string[] {
  const start = STYLESHEET.indexOf(`\n${selector} {`);
  expect(start, `${selector} in index.css`).toBeGreaterThan(-1);
  const body = STYLESHEET.slice(start, STYLESHEET.indexOf('\n}', start));
  return [...body.matchAll(/^\s*(--[\w-]+):/gm)].map((match) => match[1]!);
}

describe('theme colours', () => {
  it('finds a palette class wherever it is written, with or without variants', () => {
    expect(
      paletteClasses('example', `'p-4 text-slate-500 dark:text-slate-400' hover:bg-red-50/40 text-sm bg-surface`),
    ).toEqual(['example: text-slate-500', 'example: dark:text-slate-400', 'example: hover:bg-red-50/40']);
    expect(paletteClasses('example', 'var(--color-slate-50) text-muted-foreground border-input')).toEqual([]);
  });

  it('has no colour with a dark: twin, and no palette colour at all, outside the stylesheet', () => {
    const files = sources();
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => paletteClasses(path.relative(SRC, file), fs.readFileSync(file, 'utf8')));
    // A screen names a role (`text-muted-foreground`, `bg-danger-surface`); index.css gives it its
    // shade in each theme.
    expect(found).toEqual([]);
  });

  it('gives every role a value in both themes, and a Tailwind colour of the same name', () => {
    const light = declaredIn(':root');
    const dark = declaredIn('.dark');
    expect(light.length).toBeGreaterThan(10);
    expect(dark).toEqual(light);
    const start = STYLESHEET.indexOf('@theme inline {');
    const mapped = [
      ...STYLESHEET.slice(start, STYLESHEET.indexOf('\n}', start)).matchAll(/--color-([\w-]+): var\((--[\w-]+)\);/g),
    ];
    expect(mapped.map((match) => `--${match[1]}`)).toEqual(light);
    expect(mapped.every((match) => `--${match[1]}` === match[2])).toBe(true);
  });
});
