import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render.tsx';
import { ZipInput } from './zip-input.tsx';

function Field() {
  const [zip, setZip] = useState('');
  return <ZipInput value={zip} onChange={setZip} />;
}

describe('ZipInput', () => {
  it('keeps only digits, at most five, of what is typed', async () => {
    const { user } = renderWithProviders(<Field />);
    await user.type(screen.getByRole('textbox', { name: 'Zip Code' }), '6a06-01 99');
    expect(screen.getByRole('textbox', { name: 'Zip Code' })).toHaveProperty('value', '60601');
  });

  it('keeps the five-digit zip of a pasted ZIP+4', async () => {
    const { user } = renderWithProviders(<Field />);
    await user.click(screen.getByRole('textbox', { name: 'Zip Code' }));
    await user.paste('60601-1234');
    expect(screen.getByRole('textbox', { name: 'Zip Code' })).toHaveProperty('value', '60601');
  });
});
