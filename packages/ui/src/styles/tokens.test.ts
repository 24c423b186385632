import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * WCAG 2.1 AA contrast of the design tokens, read from tokens.css itself (a copy here would pass while the
 * file drifts): every text colour on every background the design puts it on, at 4.5:1, and the parts that
 * need 3:1 (large text, control borders, the focus ring).
 */
const css = fs.readFileSync(path.join(import.meta.dirname, 'tokens.css'), 'utf8');

function tokens(source: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of source.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/(--sq-[\w-]+)\s*:\s*([^;]+);/g))
    found.set(match[1]!, match[2]!.trim());
  return found;
}
const TOKENS = tokens(css);

/** A token's colour as #rrggbb, following var() references. */
function color(name: string, seen: string[] = []): string {
  const value = TOKENS.get(name);
  if (value === undefined) throw new Error(`${name} is not defined in tokens.css`);
  const reference = /^var\((--sq-[\w-]+)\)$/.exec(value);
  if (reference) {
    if (seen.includes(name)) throw new Error(`var() cycle through ${name}`);
    return color(reference[1]!, [...seen, name]);
  }
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (!hex) throw new Error(`${name}: ${value} is not an opaque #rgb or #rrggbb colour`);
  const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
  return `#${digits.toLowerCase()}`;
}

/** Relative luminance (WCAG 2.1, 1.4.3). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const TEXT = 4.5;
const LARGE_OR_PART = 3;

/** [foreground, background, minimum]: the pairs the pages use (components.css, the remotes' CSS modules). */
const PAIRS: Array<[string, string, number]> = [
  // Body, secondary and weak text on the page, on grey panels, table heads and cards, and on the primary tint (notices, chips).
  ...[
    '--sq-color-text',
    '--sq-color-text-sub',
    '--sq-color-text-weak',
    '--sq-color-primary',
    '--sq-color-danger',
    '--sq-color-success',
  ].flatMap((fg) => ['--sq-color-bg', '--sq-color-bg-sub'].map((bg): [string, string, number] => [fg, bg, TEXT])),
  ['--sq-color-text', '--sq-color-primary-weak', TEXT],
  ['--sq-color-text-sub', '--sq-color-primary-weak', TEXT],
  ['--sq-color-text-weak', '--sq-color-primary-weak', TEXT],
  // Badges and alerts: a status colour on its own tint.
  ['--sq-color-primary', '--sq-color-primary-weak', TEXT],
  ['--sq-color-danger', '--sq-color-danger-weak', TEXT],
  ['--sq-color-success', '--sq-color-success-weak', TEXT],
  ['--sq-color-warning', '--sq-color-warning-weak', TEXT],
  // Filled buttons, open badges, the current page, the dark active tab (FAQ, stories).
  ['--sq-color-on-primary', '--sq-color-primary', TEXT],
  ['--sq-color-on-primary', '--sq-color-primary-strong', TEXT],
  ['--sq-color-bg', '--sq-color-text', TEXT],
  // Interface parts: a control's border and the focus ring against the surfaces they sit on.
  ['--sq-color-line-control', '--sq-color-bg', LARGE_OR_PART],
  ['--sq-color-line-control', '--sq-color-bg-sub', LARGE_OR_PART],
  ['--sq-focus-color', '--sq-color-bg', LARGE_OR_PART],
  ['--sq-focus-color', '--sq-color-bg-sub', LARGE_OR_PART],
  ['--sq-color-danger', '--sq-color-bg', LARGE_OR_PART],
  // The white focus ring (--sq-focus-color set to on-primary) on the blue heroes of the IT skill check-up.
  ['--sq-color-on-primary', '--sq-color-primary', LARGE_OR_PART],
];

describe('design tokens (tokens.css) meet WCAG 2.1 AA contrast', () => {
  it('computes contrast as WCAG does', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it.each(PAIRS)('%s on %s reaches %s:1', (fg, bg, minimum) => {
    const ratio = contrast(color(fg), color(bg));
    expect(ratio, `${fg} ${color(fg)} on ${bg} ${color(bg)}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(minimum);
  });

  it('the focus ring comes from the tokens and no rule of packages/ui removes it', () => {
    const reset = fs.readFileSync(path.join(import.meta.dirname, 'reset.css'), 'utf8');
    expect(reset).toMatch(
      /:focus-visible\s*\{\s*outline:\s*var\(--sq-focus-width\) solid var\(--sq-focus-color\);\s*outline-offset:\s*var\(--sq-focus-offset\)/,
    );
    const all = ['reset.css', 'components.css', 'first-paint.css']
      .map((f) => fs.readFileSync(path.join(import.meta.dirname, f), 'utf8'))
      .join('\n');
    expect(all).not.toMatch(/outline:\s*(none|0)\b/);
  });

  it('no stylesheet of the shell or a remote removes the focus outline', () => {
    const root = path.join(import.meta.dirname, '../../../..');
    const sheets = fs
      .readdirSync(root)
      .filter((dir) => dir === 'shell' || dir.startsWith('mfe-'))
      .flatMap((dir) =>
        (fs.readdirSync(path.join(root, dir, 'src'), { recursive: true }) as string[])
          .filter((f) => f.endsWith('.css'))
          .map((f) => path.join(dir, 'src', f)),
      );
    expect(sheets.length).toBeGreaterThan(10);
    const removing = sheets.filter((file) =>
      /outline(-style)?:\s*(none|0)\b/.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(removing).toEqual([]);
  });
});
