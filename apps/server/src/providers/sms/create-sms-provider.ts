import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { OutboxSmsProvider } from './outbox-sms';
import type { SmsProvider } from './sms-provider';

/**
 * Every transport writes to the outbox: with SMS_TRANSPORT=outbox (default) the rows stay there;
 * with SMS_TRANSPORT=http the delivery worker (plugins/outbox-delivery.ts) sends them.
 */
export function createSmsProvider(config: Pick<AppConfig, 'smsTransport' | 'devOutbox'>, db: Db): SmsProvider {
  switch (config.smsTransport) {
    case 'outbox':
    case 'http':
      return new OutboxSmsProvider(db, { keepPayload: config.devOutbox });
  }
}
