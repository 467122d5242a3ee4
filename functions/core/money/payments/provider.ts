// The seam between the portal and a card payment provider: what the card flow needs from any
// provider (hosted form, server-to-server look-up, signed notifications, a reachability check).
// The portal credits money only from a ProviderTransaction that an implementation has verified.

/** One payment as the provider reports it. */
export interface ProviderTransaction {
  transactionId: string;
  status: 'approved' | 'declined';
  /** What the provider actually charged (approved) or tried to charge (declined). */
  amountCents: number;
  orderId: string;
  /** Our session id, sent with the form; it names the agent the payment is for. */
  sessionId: string;
  /** The provider's failure codes of a declined payment (spec part 1 §8), in its order. */
  failureCodes: string[];
  /**
   * The provider's token for the card, when the payment was made with "save the card" (or charged a
   * saved card): what auto-recharge charges later. Trusted only from a server-to-server look-up.
   */
  cardToken?: string;
  /** The card's last four digits as the provider reports them (to name the saved card). */
  cardLast4?: string;
}

/** What the portal sends the hosted payment form. */
export interface HostedFormRequest {
  amountCents: number;
  orderId: string;
  sessionId: string;
  /** Where the provider sends the frame when the payer is done. */
  returnUrl: string;
  /** Ask the provider to keep the card and report a token for it (auto-recharge). */
  saveCard?: boolean;
}

/** A charge of a saved card, server to server (auto-recharge). */
export interface StoredCardCharge {
  cardToken: string;
  amountCents: number;
  /** The provider's idempotency key: the same order id again answers the first charge and charges nothing. */
  orderId: string;
  sessionId: string;
}

export interface PaymentProvider {
  /** Throws PaymentProviderUnavailable when the provider cannot be reached or refuses our credentials. */
  checkAvailable(): Promise<void>;
  /** The address of the hosted payment form for one payment, with address verification and card code required. */
  hostedFormUrl(request: HostedFormRequest): string;
  /** The transaction as the provider has it (server to server), or undefined when it does not know the id. */
  findTransaction(transactionId: string): Promise<ProviderTransaction | undefined>;
  /** The transaction a provider notification reports; throws InvalidProviderSignature unless it is signed by the provider. */
  verifyNotification(body: unknown, headers: Record<string, string | undefined>): Promise<ProviderTransaction>;
  /** Charge a saved card; a refused token comes back as a declined transaction. Throws PaymentProviderUnavailable. */
  chargeStoredCard(charge: StoredCardCharge): Promise<ProviderTransaction>;
}
