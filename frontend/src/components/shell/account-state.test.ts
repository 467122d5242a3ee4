import { describe, expect, it } from 'vitest';
import type { Account, User } from '../../api/get-me.ts';
import { headerDetails, isPaused, lookOf, needsFirstTimeSetup, needsZipVerification, viewedAccountName, watchesOrders } from './account-state.ts';

const account = (changes: Partial<Account> = {}): Account => ({
  AgentId: 'A000002', Zip: '10001', ZipCodeSetStatus: 1, TimeZone: 'Eastern', Type: 0, CurrentBalance: 1234.5,
  OrderStatus: 1, LiveTransferStatus: 1, ThirdPartyLeadStatus: true, LastLeadDateTime: null, HMProStoreAmount: 0,
  HMProStoreTransferEnabled: false, FirstName: 'Carlos', LastName: 'Captive', LastLoginDateTime: null,
  TerminationDate: null, Status: 1, Priority: 5, CreditLine: 0, ...changes,
});

const agent = (changes: Partial<User> = {}): User => ({
  AgentId: 'A000002', Name: 'Carlos Captive', EmailAddress: 'captive@example.com', Permissions: [], Account: account(),
  IsSalesAssistant: false, IsSponsorAgent: false, IsFundPreview: false, IsAdmin: false, Roles: ['agent'], ...changes,
});

const staff = (changes: Partial<User> = {}) => agent({ AgentId: null, Account: null, Roles: ['manager'], ...changes });

describe('the shell state of a user', () => {
  it('gives broker agents the broker look and everybody else the captive look', () => {
    expect(lookOf(account({ Type: 1 }))).toBe('broker');
    expect(lookOf(account({ Type: 0 }))).toBe('captive');
    expect(lookOf(account({ Type: 2 }))).toBe('captive');
    expect(lookOf(null)).toBe('captive');
  });

  it('shows agents their id, balance, time zone and zip in the header', () => {
    expect(headerDetails(agent())).toEqual({
      kind: 'agent', name: 'Carlos Captive', agentId: 'A000002', email: 'captive@example.com', balance: '$1,234.50', timeZone: 'Eastern', zip: '10001',
    });
  });

  it("names the viewed agent, not the sales assistant, beside the viewed agent's id", () => {
    const assistant = agent({ Name: 'Avery Assistant', EmailAddress: 'assistant@example.com', IsSalesAssistant: true });
    expect(headerDetails(assistant)).toMatchObject({ kind: 'agent', name: 'Carlos Captive', agentId: 'A000002', email: 'assistant@example.com' });
  });

  it('shows admins no balance, and other staff neither balance nor the word Admin', () => {
    expect(headerDetails(staff({ IsAdmin: true, Roles: ['admin'] })).kind).toBe('admin');
    expect(headerDetails(staff()).kind).toBe('staff');
  });

  it('asks for first time setup when the time zone is missing or unknown, never for staff', () => {
    expect(needsFirstTimeSetup(account({ TimeZone: null }))).toBe(true);
    expect(needsFirstTimeSetup(account({ TimeZone: 'Atlantic' }))).toBe(true);
    expect(needsFirstTimeSetup(account({ TimeZone: 'Aleutian' }))).toBe(false);
    expect(needsFirstTimeSetup(null)).toBe(false);
  });

  it('asks to verify the zip code only while its status is pending', () => {
    expect(needsZipVerification(account({ ZipCodeSetStatus: 0 }))).toBe(true);
    expect(needsZipVerification(account({ ZipCodeSetStatus: 1 }))).toBe(false);
  });

  it('counts an account as paused when its order status is 0', () => {
    expect(isPaused(account({ OrderStatus: 0 }))).toBe(true);
    expect(isPaused(account({ OrderStatus: 1 }))).toBe(false);
  });

  it("names the viewed account's agent for sales assistants only", () => {
    expect(viewedAccountName(agent({ IsSalesAssistant: true, Name: 'Avery Assistant' }))).toBe('Carlos Captive');
    expect(viewedAccountName(agent())).toBeUndefined();
  });

  it('watches orders needing attention for non-admin users with an agent', () => {
    expect(watchesOrders(agent())).toBe(true);
    expect(watchesOrders(agent({ IsAdmin: true }))).toBe(false);
    expect(watchesOrders(staff())).toBe(false);
  });
});
