// POST /api/account/transaction/bulkImport, /api/account/creditLimit/bulkImport and
// /api/account/leadreimbursement: a ticket to upload the agent CSV (docs/api.md "CSV uploads"), as the
// price factor upload hands out; the csvProcess job checks and applies the file once it lands.
import { mintUploadTicket } from '#core/uploads/tickets.ts';
import { created, route } from '#platform/http.ts';

export const requestTransactionUpload = route('uploads.transactions', {
  handle: async ({ body, user }) => created(await mintUploadTicket('transaction', body, user)),
});

export const requestCreditLimitUpload = route('uploads.creditLimits', {
  handle: async ({ body, user }) => created(await mintUploadTicket('creditLimit', body, user)),
});

export const requestReimbursementUpload = route('uploads.reimbursements', {
  handle: async ({ body, user }) => created(await mintUploadTicket('reimburse', body, user)),
});
