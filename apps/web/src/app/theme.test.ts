import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { buildTheme } from './theme';

/** The colour an rgb(a) or #hex text colour has on an opaque background. */
function rgbOn(colour: string, background: [number, number, number]): [number, number, number] {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)) as [number, number, number];
  const parts = /rgba?\(([^)]+)\)/
    .exec(colour)![1]!
    .split(',')
    .map((p) => Number(p.trim()));
  const alpha = parts[3] ?? 1;
  return [0, 1, 2].map((i) => parts[i]! * alpha + background[i]! * (1 - alpha)) as [number, number, number];
}
const luminance = ([r, g, b]: [number, number, number]) => {
  const lin = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
};
/** WCAG's contrast ratio of a text colour on a background colour. */
function contrast(text: string, background: string): number {
  const bg = rgbOn(background, [255, 255, 255]);
  const [a, b] = [luminance(rgbOn(text, bg)), luminance(bg)].sort((x, y) => y - x);
  return (a! + 0.05) / (b! + 0.05);
}

describe('the light theme', () => {
  const config = buildTheme('lightblue');
  const token = theme.getDesignToken(config);

  it('gives every kind of text at least 4.5:1 on white', () => {
    for (const name of ['colorText', 'colorTextSecondary', 'colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder'] as const) {
      expect(contrast(token[name], '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    }
    for (const name of ['colorLink', 'colorError', 'colorPrimary'] as const) {
      expect(contrast(token[name], '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    }
    // A primary or danger button's white text on its colour.
    expect(contrast('#ffffff', token.colorPrimary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', token.colorError)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives a coloured tag 4.5:1 on its pale background', () => {
    // A preset tag writes its text in the seventh shade of its palette on the first.
    const palettes = ['blue', 'green', 'gold', 'orange', 'cyan', 'red', 'purple', 'magenta', 'geekblue', 'volcano', 'lime', 'yellow'];
    const shades = token as unknown as Record<string, string>;
    for (const palette of palettes) {
      // antd names each shade twice; the CSS variable the tags read is written from the second name.
      expect(contrast(shades[`${palette}7`]!, shades[`${palette}1`]!), palette).toBeGreaterThanOrEqual(4.5);
      expect(contrast(shades[`${palette}-7`]!, shades[`${palette}-1`]!), palette).toBeGreaterThanOrEqual(4.5);
    }
    // A status tag writes its status colour on that status's pale background.
    const tag = { ...token, ...config.components?.Tag } as unknown as Record<string, string>;
    for (const status of ['Success', 'Info', 'Warning', 'Error']) {
      expect(contrast(tag[`color${status}`]!, token[`color${status}Bg` as 'colorSuccessBg']), status).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes an empty table’s words readably', () => {
    const table = { ...token, ...config.components?.Table } as typeof token;
    expect(contrast(table.colorTextDisabled, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
