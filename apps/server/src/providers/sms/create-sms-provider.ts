import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { OutboxSmsProvider } from './outbox-sms';
import type { SmsProvider } from './sms-provider';

/** SMS_TRANSPORT=outbox (default). A gateway adapter is one more case here. */
export function createSmsProvider(config: Pick<AppConfig, 'smsTransport' | 'devOutbox'>, db: Db): SmsProvider {
  switch (config.smsTransport) {
    case 'outbox':
      return new OutboxSmsProvider(db, { keepPayload: config.devOutbox });
  }
}
