// The Mantine theme. Captive agents get a blue and green look, broker agents a grey and yellow one
// (spec part 1 §1); a look is only a pair of palette names, so the shell switches it with one prop.
import { createTheme, type MantineColor, type MantineThemeOverride } from '@mantine/core';

export type Look = 'captive' | 'broker';

interface LookColors {
  primary: MantineColor;
  /** Highlights beside the primary colour: badges, active toggles, the logo's second colour. */
  accent: MantineColor;
}

const LOOKS: Record<Look, LookColors> = {
  captive: { primary: 'blue', accent: 'green' },
  broker: { primary: 'gray', accent: 'yellow' },
};

/** The theme of one look; the accent is read from `theme.other.accent`. */
export function themeFor(look: Look): MantineThemeOverride {
  const colors = LOOKS[look];
  return createTheme({
    primaryColor: colors.primary,
    primaryShade: { light: 7, dark: 5 },
    other: { accent: colors.accent },
    defaultRadius: 'sm',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  });
}
