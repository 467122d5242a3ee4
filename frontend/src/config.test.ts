import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

describe('frontend configuration', () => {
  it('defaults to the same-origin /api and the product name when nothing is set', () => {
    expect(parseConfig({})).toEqual({ productName: 'Lead Portal', apiBaseUrl: '/api' });
  });

  it('accepts an API on another host', () => {
    expect(parseConfig({ VITE_API_BASE_URL: 'https://api.example.com/api' }).apiBaseUrl).toBe('https://api.example.com/api');
  });

  it('refuses an API base with a trailing slash, naming the variable', () => {
    expect(() => parseConfig({ VITE_API_BASE_URL: '/api/' })).toThrow(/VITE_API_BASE_URL/);
  });

  it('refuses a blank product name', () => {
    expect(() => parseConfig({ VITE_PRODUCT_NAME: '  ' })).toThrow(/VITE_PRODUCT_NAME/);
  });
});
