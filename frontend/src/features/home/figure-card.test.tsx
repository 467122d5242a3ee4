import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render.tsx';
import { FigureCard, usedPercent } from './figure-card.tsx';

describe('the Lead Intake gauges', () => {
  it('show used/max as a rounded percentage for each cap above zero, and no gauge for a cap of zero', () => {
    renderWithProviders(
      <FigureCard
        title="Lead Intake"
        state="ready"
        errorText="x"
        figures={[
          { name: 'Per Hour', label: 'Per Hour', value: 3, gauge: { used: 1, max: 3 } },
          { name: 'Per Day', label: 'Per Day', value: 0, gauge: { used: 0, max: 0 } },
        ]}
      />,
    );
    const gauge = screen.getByRole('progressbar', { name: 'Per Hour: 1 of 3 used' });
    expect(gauge.getAttribute('aria-valuenow')).toBe('33');
    expect(screen.getByText('33% used')).toBeDefined();
    expect(screen.queryByRole('progressbar', { name: /Per Day/ })).toBeNull();
  });

  it('rounds to the nearest percent and never shows more than 100', () => {
    expect([usedPercent(2, 3), usedPercent(1, 200), usedPercent(5, 5), usedPercent(7, 5), usedPercent(1, 0)]).toEqual([67, 1, 100, 100, 0]);
  });
});
