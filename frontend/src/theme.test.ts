import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, themeFor, type Look } from './theme.ts';

/** WCAG 2.1 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = hex
    .slice(1)
    .match(/../g)!
    .map((byte) => parseInt(byte, 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe.each<Look>(['captive', 'broker'])('the %s look', (look) => {
  const theme = mergeMantineTheme(DEFAULT_THEME, themeFor(look));
  const light = cssVariablesResolver(theme).light;
  const textColors = Object.entries(light).flatMap(([name, value]) => {
    const color = /^--mantine-color-(\w+)-light-color$/.exec(name)?.[1];
    return color ? [{ color, text: value }] : [];
  });

  it('sets the light-variant text of every colour it styles', () => {
    expect(textColors.map((c) => c.color)).toEqual(expect.arrayContaining(['red', 'green', 'blue', 'gray', 'cyan']));
  });

  // Light variant: shade 1 at rest, shade 2 under the mouse (Mantine's light and light-hover), e.g.
  // the active drawer item right after it was clicked.
  it.each([0, 1, 2])('light-variant texts reach 4.5:1 on white and on shade %i', (shade) => {
    for (const { color, text } of textColors) {
      const background = theme.colors[color]![shade]!;
      expect(contrast(text, background), `${color} ${text} on ${background}`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(text, '#ffffff'), `${color} ${text} on white`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('shows dimmed text and placeholders (a FileInput left empty) at 4.5:1 or more on white', () => {
    for (const name of ['--mantine-color-dimmed', '--mantine-color-placeholder']) {
      const value = light[name as keyof typeof light] as string | undefined;
      expect(value, name).toBeDefined();
      expect(contrast(value!, '#ffffff'), name).toBeGreaterThanOrEqual(4.5);
    }
  });
});
