// Card numbers (however they are separated) and card security codes never reach a log line or a stored text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, logger } from './logger.ts';
import { maskCardData, maskFields } from './mask.ts';

describe('maskCardData', () => {
  it.each([
    ['plain', 'card 4111111111111111 declined', 'card ****1111 declined'],
    ['single spaces', 'card 4111 1111 1111 1234', 'card ****1234'],
    ['amex dashes', 'amex 3782-822463-10005', 'amex ****0005'],
    ['dots', 'card 4111.1111.1111.1234 declined', 'card ****1234 declined'],
    ['tabs', 'card 4111\t1111\t1111\t1234', 'card ****1234'],
    ['double spaces', 'card 4111  1111  1111  1234', 'card ****1234'],
    ['mixed separators', 'n=4111 - 1111 . 1111/1234;', 'n=****1234;'],
    ['12 digits', 'ref 601100990013 x', 'ref ****0013 x'],
    ['19 digits', '6011000990139424123 end', '****4123 end'],
    ['underscores', '4111_1111_1111_1234', '****1234'],
    ['inside JSON', '{"pan":"5555555555554444"}', '{"pan":"****4444"}'],
    ['glued to letters', 'card#4111111111111111x', 'card#****1111x'],
  ])('masks a card number with %s', (_shape, text, masked) => {
    expect(maskCardData(text)).toBe(masked);
  });

  it.each([
    ['cvv: 123', 'cvv: ***'],
    ['CVC=1234', 'CVC=***'],
    ['cvv2 987 declined', 'cvv2 *** declined'],
    ['security code 321', 'security code ***'],
    ['"securityCode":"456"', '"securityCode":"***"'],
    ['card_code=999', 'card_code=***'],
    ['CID 1234', 'CID ***'],
  ])('masks the security code in %j', (text, masked) => {
    expect(maskCardData(text)).toBe(masked);
  });

  it('leaves UUIDs whole, even one whose digits and dashes look like a card number, and still masks a card beside it', () => {
    const id = '3c1f9a2e-4b7d-4123-8123-456789012345';
    expect(maskCardData(`failure ${id} for card 4000 0000 0000 0135`)).toBe(`failure ${id} for card ****0135`);
    expect(maskCardData('ids 12345678-1234-4123-8123-123456789012,4111-1111-1111-1111')).toBe('ids 12345678-1234-4123-8123-123456789012,****1111');
  });

  it('leaves amounts, zips, short ids, order ids and times alone', () => {
    const text = 'decline|avs 125.00 order LC26325100000a1b2c3d4 zip 78701 agent A000002 at 2026-11-23T06:48:43.123Z 11 digits 12345678901';
    expect(maskCardData(text)).toBe(text);
  });
});

describe('maskFields', () => {
  it('masks CVC-like fields whole and card numbers inside any string, at any depth', () => {
    expect(
      maskFields({
        cvc: '123',
        CVV2: 456,
        securityCode: '7890',
        card_security_code: '111',
        nested: { cvv: '222', list: ['4111 1111 1111 1111'], note: 'fine' },
        amountCents: 12500,
        pan: 5555555555554444,
      }),
    ).toEqual({
      cvc: '***',
      CVV2: '***',
      securityCode: '***',
      card_security_code: '***',
      nested: { cvv: '***', list: ['****1111'], note: 'fine' },
      amountCents: 12500,
      pan: '****4444',
    });
  });
});

describe('logger', () => {
  afterEach(() => vi.restoreAllMocks());

  it('masks card numbers and security codes in the message and every field of a JSON line', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    createLogger({ format: 'json', level: 'INFO' }).warn('declined 4111.1111.1111.1234', { error: 'card 4111\t1111\t1111\t1234 cvv 123', cvv: '999' });
    expect(lines.join('\n')).not.toMatch(/4111|999|123\b/);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'WARN', message: 'declined ****1234', error: 'card ****1234 cvv ***', cvv: '***' });
  });

  it('masks them in the readable line the local stack prints too', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    logger.warn('declined 4111 1111 1111 1234', { pan: '4111111111111234', cvc: '321' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toMatch(/4111|321/);
    expect(lines[0]).toMatch(/WARN +declined \*\*\*\*1234 pan=\*\*\*\*1234 cvc=\*\*\*/);
  });
});
