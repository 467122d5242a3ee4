// The demo sign-ins, one per role (README lists them): staff users, and agent users linked to the
// demo agents that agents.ts creates with these ids; and the demo vendor ACME's partner-portal users
// (issue 24), kept in a list of their own because they sign in to another portal.
import { stableId } from './ids.ts';

export interface DemoUser {
  role: string;
  userId: string;
  email: string;
  name: string;
  kind: 'staff' | 'agent';
  agentId?: string;
  isAdmin?: boolean;
  isManager?: boolean;
  isLeadConnectHome?: boolean;
  isSalesAssistant?: boolean;
  isSponsorAgent?: boolean;
  isFundPreview?: boolean;
}

/** Agent ids of the demo agents (the first agents of every seed, whatever its size). */
export const DEMO_AGENT_IDS = {
  sponsor: 'A000001',
  captive: 'A000002',
  broker: 'A000003',
  firstFamily: 'A000004',
  fundPreview: 'A000005',
} as const;

export const DEMO_USERS: readonly DemoUser[] = [
  { role: 'admin', userId: 'U-admin', email: 'admin@leadportal.example.com', name: 'Alex Admin', kind: 'staff', isAdmin: true },
  { role: 'manager', userId: 'U-manager', email: 'manager@leadportal.example.com', name: 'Morgan Manager', kind: 'staff', isManager: true },
  { role: 'support', userId: 'U-support', email: 'support@leadportal.example.com', name: 'Sam Support', kind: 'staff', isLeadConnectHome: true },
  {
    role: 'sales assistant',
    userId: 'U-assistant',
    email: 'assistant@leadportal.example.com',
    name: 'Avery Assistant',
    kind: 'agent',
    agentId: DEMO_AGENT_IDS.captive,
    isSalesAssistant: true,
  },
  { role: 'sponsor agent', userId: 'U-sponsor', email: 'sponsor@leadportal.example.com', name: 'Sofia Sponsor', kind: 'agent', agentId: DEMO_AGENT_IDS.sponsor, isSponsorAgent: true },
  { role: 'captive agent', userId: 'U-captive', email: 'captive@leadportal.example.com', name: 'Carlos Captive', kind: 'agent', agentId: DEMO_AGENT_IDS.captive },
  { role: 'broker agent', userId: 'U-broker', email: 'broker@leadportal.example.com', name: 'Bianca Broker', kind: 'agent', agentId: DEMO_AGENT_IDS.broker },
  { role: 'first-family agent', userId: 'U-firstfamily', email: 'firstfamily@leadportal.example.com', name: 'Felix Family', kind: 'agent', agentId: DEMO_AGENT_IDS.firstFamily },
  { role: 'fund-preview agent', userId: 'U-fundpreview', email: 'fundpreview@leadportal.example.com', name: 'Priya Preview', kind: 'agent', agentId: DEMO_AGENT_IDS.fundPreview, isFundPreview: true },
];

/** A demo vendor user of the partner portal (issue 24). */
export interface DemoVendorUser {
  role: string;
  userId: string;
  email: string;
  name: string;
  kind: 'vendor';
  vendorId: string;
  vendorRole: 'admin' | 'readOnly';
}

/** The demo vendor whose partner portal the demo vendor users sign in to (its token is the README's DEMO_VENDOR_TOKEN). */
export const DEMO_PARTNER_VENDOR_ID = stableId('vendor', 'ACME');

export const DEMO_VENDOR_USERS: readonly DemoVendorUser[] = [
  { role: 'vendor admin', userId: 'U-vendoradmin', email: 'vendoradmin@acmeleads.example.com', name: 'Val Vendor', kind: 'vendor', vendorId: DEMO_PARTNER_VENDOR_ID, vendorRole: 'admin' },
  { role: 'vendor read-only', userId: 'U-vendorviewer', email: 'vendorviewer@acmeleads.example.com', name: 'Rory Reader', kind: 'vendor', vendorId: DEMO_PARTNER_VENDOR_ID, vendorRole: 'readOnly' },
];
