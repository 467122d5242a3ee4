// The app's API client replaced for one test file without replacing a module (which would take the file
// out of the component project's shared module graph): `callApi` is a mock the file's tests answer and
// inspect, put in the client's place for the file by `stubCallApi()`.
import { afterAll, beforeAll, vi, type Mock } from 'vitest';
import { replaceClientForTests, type callApi as appCallApi } from '@/api/client.ts';

/** The stand-in: a mock with no answer until a test gives it one. */
export const callApi = vi.fn() as unknown as Mock<typeof appCallApi> & typeof appCallApi;

/** Puts `callApi` in the app client's place from the file's start to its end, with no calls or answers from an earlier file. Call once, at the top level. */
export function stubCallApi(): void {
  beforeAll(() => {
    vi.mocked(callApi).mockReset();
    replaceClientForTests(callApi);
  });
  afterAll(() => replaceClientForTests(undefined));
}
