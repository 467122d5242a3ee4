// Ledger transaction types (the Type column of My Account and the columns of the Account Summary
// report, spec part 1 §3 and part 3 §3), shared by the server, the reports and the browser.

export const LEDGER_TYPES = [
  'CreditCardPayment',
  'FundsTransfer',
  'PointAndClickTransfer',
  'ProStoreTransfer',
  'LeadSpend',
  'LeadCredit',
  'LeadReimbursement',
  'CompanyMatch',
  'AgentContribution',
  'LeadBonus',
  'ClickToCall',
  'FinalAccountTermination',
  'Other',
] as const;

export type LedgerType = (typeof LEDGER_TYPES)[number];
