// Prints, after vitest's own summary, one line per failed test (`FAILED: file > test: first line of its
// error`) and a closing line "Tests: N passed, N failed, N skipped", so a CI log that keeps only its end
// still says what failed and how many tests ran (`npm test` gathers these lines from every run, last).
import type { Reporter, TestModule } from 'vitest/node';

export const FAILED_PREFIX = 'FAILED: ';

const firstLine = (text: string | undefined) => (text ?? '').split('\n').find((l) => l.trim() !== '')?.trim().slice(0, 300) ?? '';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') {
          failed++;
          failures.push(`${FAILED_PREFIX}${mod.moduleId.replace(`${process.cwd()}/`, '')} > ${test.fullName}: ${firstLine(result.errors?.[0]?.message)}`);
        } else skipped++;
      }
      // A file that failed to load has no tests but must still count as a failure.
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) {
        failed++;
        failures.push(`${FAILED_PREFIX}${mod.moduleId.replace(`${process.cwd()}/`, '')}: ${firstLine(mod.errors()[0]?.message)}`);
      }
    }
    failed += unhandledErrors.length;
    for (const err of unhandledErrors) failures.push(`${FAILED_PREFIX}an unhandled error: ${firstLine((err as { message?: string }).message ?? String(err))}`);
    if (failures.length) console.log(`\n${failures.join('\n')}`);
    console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
