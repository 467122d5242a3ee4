import { describe, expect, it } from 'vitest';
import { alertTokenSecret, unsubscribeToken, verifyUnsubscribeToken } from './alert-token.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters';

describe('unsubscribe tokens', () => {
  it('name the agent and the channel they were made for', () => {
    const token = unsubscribeToken(SECRET, 'A000123', 'sms');
    expect(token).toMatch(/^A000123\.s\.[A-Za-z0-9_-]{22}$/);
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual({ agentId: 'A000123', channel: 'sms' });
    expect(verifyUnsubscribeToken(SECRET, unsubscribeToken(SECRET, 'A000123', 'email'))).toEqual({ agentId: 'A000123', channel: 'email' });
  });

  it('refuse another agent, another channel, another secret and a changed signature', () => {
    const token = unsubscribeToken(SECRET, 'A000123', 'email');
    const [, , signature] = token.split('.');
    expect(verifyUnsubscribeToken(SECRET, `A000124.e.${signature}`)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, `A000123.s.${signature}`)).toBeUndefined();
    expect(verifyUnsubscribeToken('another-secret-of-at-least-32-characters', token)).toBeUndefined();
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyUnsubscribeToken(SECRET, `A000123.e.${flipped}`)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, `A000123.x.${signature}`)).toBeUndefined();
    expect(verifyUnsubscribeToken(SECRET, 'not a token')).toBeUndefined();
  });

  it('are made only with a configured secret', async () => {
    await expect(alertTokenSecret({})).rejects.toThrow(/ALERT_TOKEN_SECRET_ARN/);
    await expect(alertTokenSecret({ ALERT_TOKEN_SECRET: 'short' })).rejects.toThrow(/ALERT_TOKEN_SECRET/);
    await expect(alertTokenSecret({ ALERT_TOKEN_SECRET: SECRET })).resolves.toBe(SECRET);
  });
});
