// Browser test of the admin view of an agent's account east of Central (issue 7 §6): "today", the
// default range's last day, is the agent's today. It fixes the browser's clock, which Playwright sets
// for the whole browser context, so it has this file (and its own browser) to itself.
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT_IDS } from '#core/seed/demo-users.ts';
import { useBrowserSession } from './browser-session.ts';
import { localStack } from './stack.ts';

const { url } = localStack();
const { signInAs } = useBrowserSession();

describe('the admin view of an agent east of Central', () => {
  it("reads today in the agent's time zone just after midnight in New York", async () => {
    const p = await signInAs('admin');
    // 00:30 in New York is still yesterday in Chicago.
    await p.clock.setFixedTime(new Date('2026-11-23T05:30:00Z'));
    await p.goto(`${url}/account/${DEMO_AGENT_IDS.captive}/Carlos/Captive`);
    const to = p.getByRole('textbox', { name: 'To', exact: true });
    await to.waitFor();
    expect(await to.inputValue()).toBe('11/23/2026');
    expect(await p.getByRole('textbox', { name: 'From', exact: true }).inputValue()).toBe('11/18/2026');
  });
});

