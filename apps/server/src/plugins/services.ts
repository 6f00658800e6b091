import { AuditRepository } from '../modules/audit/audit.repository';
import { AuditService } from '../modules/audit/audit.service';
import { startCacheBus } from '../lib/cache-bus';
import { ResponseCache } from '../lib/response-cache';
import { createSmsProvider } from '../providers/sms/create-sms-provider';
import type { SmsProvider } from '../providers/sms/sms-provider';
import { definePlugin } from './define-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** SMS sender chosen by SMS_TRANSPORT (the outbox by default). */
    sms: SmsProvider;
    /** Audit trail of reads and changes of personal or health data. */
    audit: AuditService;
    /** Serialized answers of hot reads, dropped when their data changes (lib/response-cache.ts). */
    responseCache: ResponseCache;
  }
}

/** App-wide providers and services that modules share. Tests may pass their own SMS provider. */
export const servicesPlugin = definePlugin<{ sms?: SmsProvider }>('services', async (app, options) => {
  app.decorate('sms', options.sms ?? createSmsProvider(app.config, app.db));
  app.decorate('audit', new AuditService(new AuditRepository(app.db)));
  const responseCache = new ResponseCache();
  app.decorate('responseCache', responseCache);
  const bus = await startCacheBus(app.dbHandle, responseCache, (error) => {
    app.log.warn({ err: error }, 'response cache: invalidation channel lost; cache off until it is back');
  });
  app.addHook('onClose', () => bus.close());
});
