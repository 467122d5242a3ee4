import { afterEach, describe, expect, it, vi } from 'vitest';

// config.ts checks the environment as it loads when it runs in Lambda, so each case loads it afresh.
const load = () => import('./config.ts');
const AWS_ENV = { AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x', STAGE: 'prod', TABLE_NAME: 'leadportal-prod', APP_ORIGIN: 'https://portal.example.com' };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

function stubEnv(env: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
}

describe('configuration at cold start', () => {
  it('fails the Lambda init, naming APP_ORIGIN, when the origin is missing in AWS', async () => {
    stubEnv({ ...AWS_ENV, APP_ORIGIN: undefined });
    await expect(load()).rejects.toThrow(/Invalid server configuration \(AWS\): APP_ORIGIN/);
  });

  it('fails the Lambda init, naming TABLE_NAME and STAGE, when they are missing in AWS', async () => {
    stubEnv({ ...AWS_ENV, TABLE_NAME: undefined, STAGE: undefined });
    await expect(load()).rejects.toThrow(/TABLE_NAME.*STAGE|STAGE.*TABLE_NAME/);
  });

  it('refuses a plain-http origin in AWS', async () => {
    stubEnv({ ...AWS_ENV, APP_ORIGIN: 'http://portal.example.com' });
    await expect(load()).rejects.toThrow(/APP_ORIGIN/);
  });

  it('loads in AWS with every setting given, and takes the Pro Store concurrency setting', async () => {
    stubEnv({ ...AWS_ENV, PROSTORE_CONCURRENCY: '64' });
    const { config } = await load();
    expect(config()).toMatchObject({ STAGE: 'prod', APP_ORIGIN: 'https://portal.example.com', PROSTORE_CONCURRENCY: 64 });
  });

  it('keeps the local defaults off the cold start path outside Lambda, where tests set the table later', async () => {
    stubEnv({ AWS_EXECUTION_ENV: undefined, TABLE_NAME: undefined, APP_ORIGIN: undefined, STAGE: undefined });
    const { config, resetConfigForTests } = await load();
    expect(() => config()).toThrow(/TABLE_NAME/);
    vi.stubEnv('TABLE_NAME', 'local-table');
    resetConfigForTests();
    expect(config()).toMatchObject({ TABLE_NAME: 'local-table', APP_ORIGIN: 'http://localhost:5173', STAGE: 'local', PROSTORE_CONCURRENCY: 16 });
  });
});
