import { AuditRepository } from '../modules/audit/audit.repository';
import { AuditService } from '../modules/audit/audit.service';
import { createSmsProvider } from '../providers/sms/create-sms-provider';
import type { SmsProvider } from '../providers/sms/sms-provider';
import { definePlugin } from './define-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** SMS sender chosen by SMS_TRANSPORT (the outbox by default). */
    sms: SmsProvider;
    /** Audit trail of reads and changes of personal or health data. */
    audit: AuditService;
  }
}

/** App-wide providers and services that modules share. Tests may pass their own SMS provider. */
export const servicesPlugin = definePlugin<{ sms?: SmsProvider }>('services', async (app, options) => {
  app.decorate('sms', options.sms ?? createSmsProvider(app.config, app.db));
  const audit = new AuditService(new AuditRepository(app.db), (error, rows) => {
    app.log.error({ err: error, rows: rows.length, entities: [...new Set(rows.map((r) => r.entity))] }, 'audit: queued read entries could not be written');
  });
  app.decorate('audit', audit);
  // Before the database closes (plugins close in reverse order; db was registered first).
  app.addHook('onClose', () => audit.flush());
});
