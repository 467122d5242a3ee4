import { synthesize } from '/work/main/tests/infra/support/synth.ts';
const t0 = Date.now();
const s = synthesize({ bundling: false });
console.log('synth ms', Date.now() - t0);
s.dispose();
