// The protected configuration and feature flags, from the stage's environment (set by the CDK stack per
// stage and by the local stack), read and checked once at cold start.
import { z } from 'zod';

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

const env = z
  .object({
    STAGE: z.enum(['local', 'test', 'dev', 'prod']).default('local'),
    HELP_URL: z.url().default('https://help.example.com/lead-portal'),
    AGENT_PORTAL_URL: z.url().default('https://agents.example.com'),
    FLAG_THIRD_PARTY_TOGGLE: flag.default(true),
    FLAG_LIVE_TRANSFER_CALL_DATA: flag.default(true),
    FLAG_LIVE_TRANSFER_PHONE_DATA: flag.default(true),
    FLAG_TRAINING_DATA: flag.default(true),
    FLAG_NEW_FUND_ORDER_FOR_STAFF: flag.default(false),
    VALID_TRAINING_TITLES: z.string().default('Lead Portal Basics|Working Your Leads|Live Transfer Essentials'),
  })
  .parse(process.env);

/** The spec's environment names (part 1 §9): PROD, PRODSUPP, MODEL or DEV. */
export const envName: 'PROD' | 'DEV' = env.STAGE === 'prod' ? 'PROD' : 'DEV';

export const configs = {
  Env: envName,
  HelpUrl: env.HELP_URL,
  AgentPortalUrl: env.AGENT_PORTAL_URL,
};

export const featureFlags = {
  thirdPartyToggle: env.FLAG_THIRD_PARTY_TOGGLE,
  liveTransferCallData: env.FLAG_LIVE_TRANSFER_CALL_DATA,
  liveTransferPhoneData: env.FLAG_LIVE_TRANSFER_PHONE_DATA,
  trainingData: env.FLAG_TRAINING_DATA,
  validTrainingTitles: env.VALID_TRAINING_TITLES.split('|').filter(Boolean),
  env: envName,
  /** Shows the New Fund Order button to managers and support (spec part 2 §2). */
  newFundOrderForStaff: env.FLAG_NEW_FUND_ORDER_FOR_STAFF,
};
