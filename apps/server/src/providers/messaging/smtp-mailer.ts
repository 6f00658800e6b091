import nodemailer, { type Transporter } from 'nodemailer';
import { DeliveryError, type DeliveryTransport, type OutgoingMessage } from './transport';

export interface SmtpMailerOptions {
  /** SMTP_URL: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465` (TLS from the start). */
  url: string;
  /** SMTP_FROM: the sender address, e.g. `Advisor Portal <no-reply@example.com>`. */
  from: string;
  /** SMTP_REQUIRE_TLS=1: refuse to send unless STARTTLS succeeds (smtp:// URLs). */
  requireTls: boolean;
  /** SMTP_TLS_REJECT_UNAUTHORIZED=0: accept a certificate no known authority signed (a private relay). */
  rejectUnauthorized: boolean;
}

/**
 * E-mail through an SMTP server (nodemailer). An e-mail outbox row's body is the subject, a
 * blank line, then the text (see outbox-messages.ts); the text goes as text/plain, UTF-8.
 */
export class SmtpMailer implements DeliveryTransport {
  private readonly transporter: Transporter;

  constructor(private readonly options: SmtpMailerOptions) {
    this.transporter = nodemailer.createTransport({
      url: options.url,
      requireTLS: options.requireTls,
      tls: { rejectUnauthorized: options.rejectUnauthorized, minVersion: 'TLSv1.2' },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  }

  async deliver(message: OutgoingMessage): Promise<string | null> {
    const split = message.body.indexOf('\n\n');
    const subject = split > 0 ? message.body.slice(0, split) : 'Advisor Portal';
    const text = split > 0 ? message.body.slice(split + 2) : message.body;
    try {
      const info = (await this.transporter.sendMail({ from: this.options.from, to: message.to, subject, text })) as { messageId?: string };
      return info.messageId ?? null;
    } catch (error) {
      const e = error as { responseCode?: number; code?: string; message: string };
      throw new DeliveryError(`SMTP: ${e.responseCode ?? e.code ?? ''} ${e.message}`.slice(0, 300));
    }
  }

  close(): void {
    this.transporter.close();
  }
}
