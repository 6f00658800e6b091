import type { OutboxChannel } from '../db/schema/outbox.table';
import { DeliveryWorker } from '../providers/messaging/delivery-worker';
import { HttpSmsGateway } from '../providers/messaging/http-sms-gateway';
import { SmtpMailer } from '../providers/messaging/smtp-mailer';
import type { DeliveryTransport } from '../providers/messaging/transport';
import type { UserMessenger } from '../providers/messaging/user-messenger';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues messages to a user on the channels their verified contacts allow (SMS, e-mail). */
    messenger: UserMessenger;
    /** The outbox delivery worker; null when no channel has a transport (SMS_TRANSPORT=outbox, no SMTP_URL). */
    delivery: DeliveryWorker | null;
  }
}

/**
 * Message delivery: SMS through the HTTP gateway when SMS_TRANSPORT=http, e-mail through SMTP
 * when SMTP_URL is set. The worker starts when the app is ready and stops (finishing its pass)
 * when it closes; every process runs one, and each due message is claimed by exactly one of them.
 */
export const outboxDeliveryPlugin = fp(
  async (app) => {
    const config = app.config;
    app.decorate('messenger', app.services.messenger);

    const transports: Partial<Record<OutboxChannel, DeliveryTransport>> = {};
    if (config.smsTransport === 'http' && config.smsGateway) transports.sms = new HttpSmsGateway(config.smsGateway);
    if (config.smtp) transports.email = new SmtpMailer(config.smtp);
    if (Object.keys(transports).length === 0) {
      app.decorate('delivery', null);
      return;
    }
    const worker = new DeliveryWorker(
      app.services.outboxDelivery,
      transports,
      { ...config.delivery, keepBody: config.devOutbox },
      app.log,
      app.hasDecorator('metrics') ? app.metrics : undefined,
    );
    app.decorate('delivery', worker);
    app.addHook('onReady', async () => worker.start());
    // Before the database closes (plugins close in reverse order).
    app.addHook('onClose', async () => worker.stop());
  },
  { name: 'outbox-delivery' },
);
