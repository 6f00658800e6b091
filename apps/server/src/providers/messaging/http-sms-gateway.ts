import { DeliveryError, type DeliveryTransport, type OutgoingMessage } from './transport';

export interface HttpSmsGatewayOptions {
  /** SMS_GATEWAY_URL: where each message is POSTed. */
  url: string;
  /** SMS_SENDER_ID: the sender name or number the recipient sees. */
  senderId: string;
  /** SMS_GATEWAY_TOKEN: sent as `Authorization: Bearer`. */
  token?: string;
  /** SMS_GATEWAY_USER / SMS_GATEWAY_PASSWORD: sent as HTTP Basic authentication. */
  user?: string;
  password?: string;
  /** Longest one request may take; default 10 s. */
  timeoutMs?: number;
}

/**
 * SMS over an HTTP gateway: one `POST SMS_GATEWAY_URL` per message with the JSON body
 * `{ "from": SMS_SENDER_ID, "to": "+855…", "text": "…", "reference": "<outbox id>" }`. A 2xx answer
 * means the gateway took the message (its JSON `id` or `messageId`, when present, is recorded);
 * any other answer, a network error or a timeout is a failed attempt.
 */
export class HttpSmsGateway implements DeliveryTransport {
  constructor(private readonly options: HttpSmsGatewayOptions) {}

  private authorization(): string | undefined {
    if (this.options.token) return `Bearer ${this.options.token}`;
    if (this.options.user) return `Basic ${Buffer.from(`${this.options.user}:${this.options.password ?? ''}`).toString('base64')}`;
    return undefined;
  }

  async deliver(message: OutgoingMessage): Promise<string | null> {
    const authorization = this.authorization();
    let res: Response;
    try {
      res = await fetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({ from: this.options.senderId, to: message.to, text: message.body, reference: String(message.id) }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
        redirect: 'error',
      });
    } catch (error) {
      throw new DeliveryError(`SMS gateway unreachable: ${(error as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    if (!res.ok) throw new DeliveryError(`SMS gateway answered ${res.status}`);
    try {
      const body = JSON.parse(text) as { id?: unknown; messageId?: unknown };
      const id = body.id ?? body.messageId;
      return id === undefined || id === null ? null : String(id).slice(0, 200);
    } catch {
      return null;
    }
  }
}
