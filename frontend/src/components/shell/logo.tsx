// The product logo in the current look: the primary colour with the accent beside it (blue and green
// for captive agents, grey and yellow for brokers), on a white tile so it reads on the coloured bar.
import { useMantineTheme } from '@mantine/core';

export function Logo({ size = 32 }: { size?: number }) {
  const theme = useMantineTheme();
  const primary = theme.colors[theme.primaryColor]?.[7];
  const accent = theme.colors[String(theme.other.accent)]?.[5];
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="Logo" data-look-primary={theme.primaryColor}>
      <rect width="32" height="32" rx="7" fill="#fff" />
      {/* An L for leads, with a dot for the lead it brings in. */}
      <path d="M8 7h6v13h9v5H8z" fill={primary} />
      <circle cx="22.5" cy="11.5" r="4.5" fill={accent} />
    </svg>
  );
}
