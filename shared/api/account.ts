// The account area's calls (spec part 1 §7): the agent's money, own settings and statuses, card payments.
import { z } from 'zod';
import { CARD_PAYMENT_TYPE, creditDebitSchema, creditFailSchema } from '../card.ts';
import { LEDGER_TYPES } from '../ledger-types.ts';
import { proStoreSchema, statusToggleSchema } from '../settings.ts';
import { TIME_ZONE_NAMES, type TimeZoneName } from '../time-zones.ts';
import { zipCodeSchema } from '../zip.ts';
import { agentInsightsApi } from './agent-insights.ts';
import { alertSettingsApi } from './alert-settings.ts';
import { balanceAlertsApi } from './balance-alerts.ts';
import { agentIdParam, areaContract, built, dateRangeParams, downloadLink, noContent } from './define.ts';

const zeroOrOne = z.union([z.literal(0), z.literal(1)]);
const agentType = z.union([z.literal(0), z.literal(1), z.literal(2)]);

/** The agent's account (spec part 1 §3 Account), money in dollars. GET /me and GET /agent/{agentId} carry it. */
export const accountSchema = z.object({
  AgentId: z.string(),
  Zip: z.string(),
  ZipCodeSetStatus: zeroOrOne,
  TimeZone: z.string().nullable(),
  Type: agentType,
  CurrentBalance: z.number(),
  OrderStatus: zeroOrOne,
  LiveTransferStatus: zeroOrOne,
  ThirdPartyLeadStatus: z.boolean(),
  LastLeadDateTime: z.string().nullable(),
  HMProStoreAmount: z.number(),
  HMProStoreTransferEnabled: z.boolean(),
  FirstName: z.string(),
  LastName: z.string(),
  LastLoginDateTime: z.string().nullable(),
  TerminationDate: z.string().nullable(),
  Status: zeroOrOne,
  Priority: z.number(),
  CreditLine: z.number(),
});
export type AccountDto = z.infer<typeof accountSchema>;

/** Home's Account Summary, Lead Intake and Calls Today figures (spec part 1 §3 Account summary). */
export const accountSummarySchema = z.object({
  AgentBalance: z.number(),
  TotalActiveOrder: z.number(),
  TotalInactiveOrders: z.number(),
  TotalPendingDisputes: z.number(),
  TotalLeadsCapacityByHour: z.number(),
  TotalLeadsCapacityByDay: z.number(),
  TotalLeadsCapacityByWeek: z.number(),
  TotalLeadsCapacityByMonth: z.number(),
  /**
   * Beyond the spec's fields (Home's Lead Intake gauges, "used/max"): leads the active orders with a
   * cap for the period took in the current hour, day, ISO week and month of the account's time zone.
   */
  TotalLeadsUsedByHour: z.number(),
  TotalLeadsUsedByDay: z.number(),
  TotalLeadsUsedByWeek: z.number(),
  TotalLeadsUsedByMonth: z.number(),
  TotalAcceptedCalls: z.number(),
  TotalWonCalls: z.number(),
});
export type AccountSummaryDto = z.infer<typeof accountSummarySchema>;

/** One row of My Account's transaction table (spec part 1 §3 Transaction row). */
export const transactionRowSchema = z.object({
  AgentId: z.string(),
  /** UTC ISO time; the browser shows it in the account's time zone. */
  TimeStamp: z.string(),
  Description: z.string(),
  Type: z.enum(LEDGER_TYPES),
  /** The signed amount: credit positive, debit negative. */
  AmountCleared: z.number(),
  Credit: z.number(),
  Debit: z.number(),
  /** The balance right after this row; EndingBalance carries the same value under the spec's other name. */
  RunningTotal: z.number(),
  EndingBalance: z.number(),
});
export type TransactionRowDto = z.infer<typeof transactionRowSchema>;

export const transactionsPageSchema = z.object({
  AgentId: z.string(),
  StartDate: z.string(),
  EndDate: z.string(),
  TimeZone: z.enum(TIME_ZONE_NAMES as [TimeZoneName, ...TimeZoneName[]]),
  /** The balance at the start of the start day and at the end of the end day (the table's balance rows). */
  StartingBalance: z.number(),
  EndingBalance: z.number(),
  TotalCount: z.number(),
  Page: z.number(),
  PageSize: z.number(),
  TotalPages: z.number(),
  Transactions: z.array(transactionRowSchema),
  /** Pass back as `cursor` for the next page; absent on the last page. */
  NextCursor: z.string().optional(),
});
export type TransactionsPageDto = z.infer<typeof transactionsPageSchema>;

/** The path of My Account's table and of its CSV export. */
export const transactionRangeParams = dateRangeParams({ agentId: agentIdParam });

/** A transfer's answer (201): the sender's new balance and the ledger entries written. */
export const transferReceiptSchema = z.object({
  AgentId: z.string(),
  ReceiverId: z.string().optional(),
  Amount: z.number(),
  CurrentBalance: z.number(),
  TimeStamp: z.string(),
  EntryIds: z.array(z.string()),
});
export type TransferReceiptDto = z.infer<typeof transferReceiptSchema>;

/** The amount is the dialog's text as typed; shared/transfer.ts's rules give the spec's messages. */
const amountQuery = z.object({ amount: z.string().max(100).optional() });

export const recipientSchema = z.object({ AgentId: z.string(), FirstName: z.string(), LastName: z.string() });
export const RECIPIENTS_PAGE_SIZE = 100;
export const RECIPIENTS_MAX_PAGE_SIZE = 500;

/** The hosted form the browser frames, for one payment. */
const hostedFormSchema = z.object({ url: z.url(), orderId: z.string().min(1), sessionId: z.string().min(1), amount: z.number() });
const creditRecord = { agentId: z.string(), type: z.literal(CARD_PAYMENT_TYPE), amount: z.number(), referenceId: z.string(), description: z.string() };
/** The pre-check's answer: the hosted form (amount 0: nothing credited). */
export const precheckAnswerSchema = z.object({ ...creditRecord, hostedForm: hostedFormSchema });
/** A credit's answer: the confirmed amount and the balance after it. */
export const cardCreditSchema = z.object({ ...creditRecord, balanceAfter: z.number() });
export const creditDebitResponseSchema = z.union([precheckAnswerSchema, cardCreditSchema]);

const phoneStatus = z.enum(['Active', 'VerificationInProgress', 'VerificationFailed', 'Suspended']);

export const accountApi = areaContract<'account'>()({
  // The agent Home's insights (issue 12), declared in their own file.
  ...agentInsightsApi,
  'account.summary': built({ response: accountSummarySchema }),
  'account.updateProStore': built({ params: z.object({ agentId: agentIdParam }), body: proStoreSchema, response: proStoreSchema }),
  'account.updateZip': built({
    params: z.object({ agentId: agentIdParam, zip: zipCodeSchema }),
    response: z.object({ Zip: z.string(), ZipCodeSetStatus: z.literal(1) }),
  }),
  'account.updateTimeZone': built({
    params: z.object({ agentId: agentIdParam, zone: z.enum(TIME_ZONE_NAMES as [TimeZoneName, ...TimeZoneName[]], { error: 'Unknown time zone.' }) }),
    response: noContent,
    status: 204,
  }),
  'account.updateOrderStatus': built({
    params: z.object({ agentId: agentIdParam, status: z.enum(['0', '1'], { error: 'Status must be 0 or 1.' }) }),
    response: noContent,
    status: 204,
  }),
  'account.updateLiveTransferStatus': built({ body: statusToggleSchema('LiveTransfer'), response: noContent, status: 204 }),
  'account.updateThirdPartyStatus': built({ body: statusToggleSchema('ThirdParty'), response: noContent, status: 204 }),
  'account.trainingData': built({
    params: z.object({ agentId: agentIdParam }),
    response: z.array(z.object({ CourseName: z.string(), Status: z.string() })),
  }),
  'account.phoneNumber': built({
    params: z.object({ agentId: agentIdParam }),
    response: z.object({
      PrimaryPhoneNumber: z.string(),
      SecondaryPhoneNumber: z.string().nullable(),
      StatusPrimary: phoneStatus,
      StatusSecondary: phoneStatus.nullable(),
    }),
  }),
  'account.listAccounts': built({
    query: z.object({
      search: z.string().trim().min(1).max(100).optional(),
      cursor: z.string().max(2_000).optional(),
      limit: z.coerce.number().int().min(1).max(RECIPIENTS_MAX_PAGE_SIZE).default(RECIPIENTS_PAGE_SIZE),
    }),
    response: z.array(recipientSchema),
  }),
  'account.listTransactions': built({
    params: transactionRangeParams,
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).optional(),
      cursor: z.string().max(2_000).optional(),
    }),
    response: transactionsPageSchema,
  }),
  'account.exportTransactions': built({ params: transactionRangeParams, response: downloadLink }),
  'account.agentTransfer': built({
    params: z.object({ agentId: agentIdParam, receiverId: z.string().trim().max(64, 'Receiving agent was not found.') }),
    query: amountQuery,
    response: transferReceiptSchema,
    status: 201,
  }),
  'account.pointAndClickTransfer': built({
    params: z.object({ agentId: agentIdParam }),
    query: amountQuery,
    response: transferReceiptSchema,
    status: 201,
  }),
  'account.creditDebit': built({ body: creditDebitSchema, response: creditDebitResponseSchema }),
  'account.creditFail': built({ body: creditFailSchema, response: z.object({ failureId: z.string() }), status: 201 }),
  // The low-balance alert and auto-recharge (issue 12 Insights) live in their own file.
  ...balanceAlertsApi,
  // E-mail and SMS alerts (issue 23) live in their own file.
  ...alertSettingsApi,
  // The provider's own format, verified by its signature before anything reads it.
  'account.paymentNotify': built({ body: z.unknown(), response: z.object({ received: z.literal(true), credited: z.boolean() }) }),
});
