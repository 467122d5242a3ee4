// The Mantine theme. Captive agents get a blue and green look, broker agents a grey and yellow one
// (spec part 1 §1); a look is only a pair of palette names, so the shell switches it with one prop.
// Every text colour meets WCAG AA contrast (4.5:1) on its background, checked by axe in the browser
// tests: buttons use the palettes' darker shade 8, filled controls pick black or white text by the
// background's lightness, and dimmed and light-variant texts use the darkest shades.
import { createTheme, type CSSVariablesResolver, type MantineColor, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';

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

/** Mantine's green with shades 8 and 9 darkened: its own 8 and 9 reach only about 3.4 and 4.3 to 1 on white. */
const green: MantineColorsTuple = ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#37b24d', '#237a36', '#1e6b30'];

/** Mantine's orange with shades 8 and 9 darkened: white text on its own 9 (a filled badge) reaches only 4.3 to 1. */
const orange: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#f76707', '#c2410c', '#a63b06'];

/**
 * Text in a colour on white and on its light tints (alerts' and buttons' light variant, the active
 * drawer item, coloured text): dark enough for 4.5:1 on shade 2 too, the light variant's hover
 * background, which an item the mouse just clicked keeps (Mantine's red, blue and cyan 9 reach only
 * 3.8 to 4.1 to 1 there).
 */
const TEXT_ON_WHITE: Partial<Record<MantineColor, string>> = {
  red: '#af2525',
  green: '#1e6b30',
  blue: '#165b9c',
  gray: '#343a40',
  orange: '#a63b06',
  yellow: '#7a4f00',
  teal: '#086f50',
  grape: '#862e9c',
  cyan: '#0a697a',
};

/** The CSS variables the theme cannot set itself: dimmed, link and error text, and each colour's light-variant text. */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': theme.colors.gray[7] ?? '#495057',
    // Mantine renders a FileInput's or Select's empty placeholder as text (gray 5, about 2 to 1 on
    // white): axe measures it whenever the field is empty, e.g. after an upload resets the form.
    '--mantine-color-placeholder': theme.colors.gray[7] ?? '#495057',
    // Links sit on white and on the banners' light tints: the primary colour's darkest shade reads on both.
    '--mantine-color-anchor': theme.colors[theme.primaryColor]?.[9] ?? '#1864ab',
    // An input's error message and its typed text in error (Mantine's red 6 is about 3.3 to 1 on white).
    '--mantine-color-error': TEXT_ON_WHITE.red ?? '#af2525',
    ...Object.fromEntries(Object.entries(TEXT_ON_WHITE).flatMap(([color, text]) => [[`--mantine-color-${color}-light-color`, text], [`--mantine-color-${color}-text`, text]])),
  },
  dark: {},
});

const CALENDAR_ARIA_LABELS = {
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
};

/** The theme of one look; the accent is read from `theme.other.accent`. */
export function themeFor(look: Look): MantineThemeOverride {
  const colors = LOOKS[look];
  return createTheme({
    primaryColor: colors.primary,
    primaryShade: { light: 8, dark: 5 },
    autoContrast: true,
    // A user whose system asks for reduced motion gets dialogs, menus and notifications without their
    // transitions (WCAG 2.3.3); the browser tests ask for it too.
    respectReducedMotion: true,
    colors: { green, orange },
    other: { accent: colors.accent },
    defaultRadius: 'sm',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    components: {
      // Mantine's close buttons are icons without a name; screen readers need one.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close drawer' } } },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
      Alert: { defaultProps: { closeButtonLabel: 'Close' } },
      // The focus placeholder is a focusable child of role="menu" that is not a menu item (axe: aria-required-children).
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      // The calendar's previous and next arrows are icons without a name (axe: button-name).
      DateInput: { defaultProps: { ariaLabels: CALENDAR_ARIA_LABELS } },
    },
  });
}
