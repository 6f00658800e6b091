/** One message as a delivery transport gets it from the outbox. */
export interface OutgoingMessage {
  /** The outbox row id (sent along as the gateway's reference). */
  id: number;
  to: string;
  purpose: string;
  body: string;
}

/** Sends one message; resolves with the provider's message id, rejects when it was not taken. */
export interface DeliveryTransport {
  deliver(message: OutgoingMessage): Promise<string | null>;
  close?(): Promise<void> | void;
}

/** A refusal worth no retry is still retried: gateways answer 4xx for throttling too. The text is for the outbox's last_error. */
export class DeliveryError extends Error {
  override name = 'DeliveryError';
}
