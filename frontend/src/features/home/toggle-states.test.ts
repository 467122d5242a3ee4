import { describe, expect, it } from 'vitest';
import type { Account } from '@/api/get-me.ts';
import { leadsToggle, liveTransferToggle, thirdPartyToggle } from './toggle-states.ts';

const account = (over: Partial<Account>): Account => ({
  AgentId: 'A1',
  Zip: '60601',
  ZipCodeSetStatus: 1,
  TimeZone: 'Central',
  Type: 0,
  CurrentBalance: 10,
  OrderStatus: 1,
  LiveTransferStatus: 1,
  ThirdPartyLeadStatus: true,
  LastLeadDateTime: null,
  HMProStoreAmount: 0,
  HMProStoreTransferEnabled: false,
  FirstName: 'A',
  LastName: 'B',
  LastLoginDateTime: null,
  TerminationDate: null,
  Status: 1,
  Priority: 5,
  CreditLine: 0,
  ...over,
});

describe('Home toggles', () => {
  it('an active account shows every toggle as it is stored, all enabled', () => {
    const a = account({ OrderStatus: 1, LiveTransferStatus: 0, ThirdPartyLeadStatus: false });
    expect(leadsToggle(a)).toEqual({ checked: true, disabled: false, status: 'Active' });
    expect(liveTransferToggle(a)).toEqual({ checked: false, disabled: false, status: 'Paused' });
    expect(thirdPartyToggle(a)).toEqual({ checked: false, disabled: false, status: 'Off' });
  });

  it('a paused account shows Live Transfer as Paused even when it is stored active, and locks it and Third-Party', () => {
    const a = account({ OrderStatus: 0, LiveTransferStatus: 1, ThirdPartyLeadStatus: true });
    expect(leadsToggle(a)).toEqual({ checked: false, disabled: false, status: 'Paused' });
    expect(liveTransferToggle(a)).toEqual({ checked: false, disabled: true, status: 'Paused' });
    expect(thirdPartyToggle(a)).toEqual({ checked: true, disabled: true, status: 'On' });
  });
});
