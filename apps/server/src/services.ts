import type { FastifyBaseLogger } from 'fastify';
import { SEED_CATALOGUES } from '@portal/domain/catalogue/seed-catalogues';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { ActivitiesRepository } from './modules/activities/activities.repository';
import { ActivitiesService } from './modules/activities/activities.service';
import { AgencyPipelineRepository } from './modules/agency-pipeline/agency-pipeline.repository';
import { AgencyPipelineService } from './modules/agency-pipeline/agency-pipeline.service';
import { AgencyUsersRepository } from './modules/agency-users/agency-users.repository';
import { AgencyUsersService } from './modules/agency-users/agency-users.service';
import { AgentProductsRepository } from './modules/agent-products/agent-products.repository';
import { AgentProductsService } from './modules/agent-products/agent-products.service';
import { ProductPermissions } from './modules/agent-products/product-permission';
import { ApplicationsRepository } from './modules/applications/applications.repository';
import { ApplicationsService } from './modules/applications/applications.service';
import { DocumentsService } from './modules/applications/documents.service';
import { RemoteSignRepository } from './modules/applications/remote-sign.repository';
import { RemoteSignService } from './modules/applications/remote-sign.service';
import { RemoteSignatures } from './modules/applications/remote-signatures';
import { proposalsAsSource } from './modules/applications/proposal-snapshot';
import { AuditRepository } from './modules/audit/audit.repository';
import { AuditService } from './modules/audit/audit.service';
import { AuthRepository } from './modules/auth/auth.repository';
import { AuthService } from './modules/auth/auth.service';
import { deriveKey } from './modules/auth/auth-crypto';
import type { AuthServices } from './modules/auth/auth-services';
import type { Clock } from './modules/auth/clock';
import { OtpRepository } from './modules/auth/otp.repository';
import { OtpService } from './modules/auth/otp.service';
import { AccessTokenVerifier } from './modules/auth/access-token';
import { PasskeyRepository } from './modules/auth/passkey.repository';
import { PasskeyService } from './modules/auth/passkey.service';
import { PasswordService } from './modules/auth/password.service';
import { RevocationCache } from './modules/auth/revocation-cache';
import { SessionRepository } from './modules/auth/session.repository';
import { SessionService } from './modules/auth/session.service';
import { CandidatesRepository } from './modules/candidates/candidates.repository';
import { publicOrigin } from './modules/candidates/candidate-common';
import { CandidateDocumentsService } from './modules/candidates/candidate-documents.service';
import { CandidateFormService } from './modules/candidates/candidate-form.service';
import { CandidateLicenceService } from './modules/candidates/candidate-licence.service';
import { CandidateLinkService } from './modules/candidates/candidate-link.service';
import { CandidateRecords } from './modules/candidates/candidate-records';
import { CandidateReviewService } from './modules/candidates/candidate-review.service';
import { ComplianceRepository } from './modules/compliance/compliance.repository';
import { ComplianceService } from './modules/compliance/compliance.service';
import { ContactsRepository } from './modules/contacts/contacts.repository';
import { ContactsService } from './modules/contacts/contacts.service';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { FIGURE_PROVIDERS } from './modules/dashboard/figure-providers';
import { DevOutboxRepository } from './modules/dev-outbox/dev-outbox.repository';
import { EngineService } from './modules/engine/engine.service';
import { HealthRepository } from './modules/health/health.repository';
import { HealthService } from './modules/health/health.service';
import { JobRunRepository } from './modules/maintenance/job-run.repository';
import { OfflineKeyService } from './modules/offline/offline-key.service';
import { IdempotencyRepository } from './plugins/idempotency.repository';
import { MetricsRepository } from './plugins/metrics.repository';
import { OutboxDeliveryRepository } from './providers/messaging/outbox-delivery.repository';
import { RETENTION_JOB } from './modules/maintenance/retention.policy';
import { RetentionRepository } from './modules/maintenance/retention.repository';
import { RetentionService } from './modules/maintenance/retention.service';
import { ScheduledJob } from './modules/maintenance/scheduled-job';
import { RenderedPdfsRepository } from './modules/rendered-pdfs/rendered-pdfs.repository';
import { RenderedPdfsService } from './modules/rendered-pdfs/rendered-pdfs.service';
import { PoliciesRepository } from './modules/policies/policies.repository';
import { PoliciesService } from './modules/policies/policies.service';
import { PolicyPendingRepository } from './modules/policies/policy-pending.repository';
import { PolicyServicingRepository } from './modules/policies/policy-servicing.repository';
import { CatalogueRepository } from './modules/products/catalogue.repository';
import { loadCatalogueStore, type CatalogueStore } from './modules/products/catalogue.service';
import { ProductsService } from './modules/products/products.service';
import { catalogueQuoteEngine } from './modules/proposals/proposal-engine';
import { ProposalPaymentService } from './modules/proposals/proposal-payment';
import { ProposalLinksRepository } from './modules/proposals/proposal-links.repository';
import { ProposalSendService } from './modules/proposals/proposal-send.service';
import { ProposalsRepository } from './modules/proposals/proposals.repository';
import { ProposalsService } from './modules/proposals/proposals.service';
import { LicensingRepository } from './modules/licensing/licensing.repository';
import { LicensingService } from './modules/licensing/licensing.service';
import { ProfileRepository } from './modules/user/profile.repository';
import { ProfileService } from './modules/user/profile.service';
import { PostgresBlobStore } from './providers/blob/postgres-blob-store';
import { OutboxMessagesRepository } from './providers/messaging/outbox-messages.repository';
import { UserMessenger } from './providers/messaging/user-messenger';
import type { PdfRenderer } from './providers/pdf/pdf-renderer';
import { createSmsProvider } from './providers/sms/create-sms-provider';
import type { SmsProvider } from './providers/sms/sms-provider';

export interface ServiceDeps {
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** The time as every service sees it: sign-in, OTP, tokens, today's date (tests replace its `now`). */
  clock: Clock;
  /** Replaces the SMS provider chosen by SMS_TRANSPORT. */
  sms?: SmsProvider;
  /** The PDF renderer every module shares (plugins/services.ts: the Chromium pool behind its fair admission). */
  pdf: PdfRenderer;
}

/** Every provider, repository shared by the auth hook, and service of the app, each built once. */
export type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * The composition root: every provider, repository and service is made here, once, and handed
 * to the route plugins as `app.services` (plugins/services.ts). Route files build nothing; two
 * modules that need the same service get the same object (one revocation cache, one PDF pool,
 * one catalogue). Async only because the catalogue is seeded and read back from its tables.
 */
export async function createServices(deps: ServiceDeps) {
  const { db, config, log, clock } = deps;
  const blobs = new PostgresBlobStore(db);
  const sms = deps.sms ?? createSmsProvider(config, db);
  const { pdf } = deps;
  const renderer = () => pdf;
  // Record PDFs (proposal, application form, client-pending letter): rendered once, then served from storage.
  const renderedPdfs = new RenderedPdfsService(new RenderedPdfsRepository(db, blobs), renderer);
  const audit = new AuditService(new AuditRepository(db));
  // Every service reads the time from this one clock (a test pins it with `services.clock.now`).
  const now = () => clock.now();

  // Auth: one session repository (and its revocation cache) for the auth hook and the services.
  const users = new AuthRepository(db);
  const sessionRepository = new SessionRepository(db, new RevocationCache());
  const otp = new OtpService(new OtpRepository(db), users, sms, audit, clock, deriveKey(config.jwtSecret, 'otp'));
  const sessions = new SessionService(sessionRepository, users, audit, clock, config.jwtSecret);
  const authService = new AuthService(users, otp, sessions, audit, clock);
  const passwords = new PasswordService(users, otp, sessions, authService, audit, clock);
  const passkeys = new PasskeyService(new PasskeyRepository(db), users, otp, authService, audit, clock, {
    rpId: config.webauthnRpId,
    rpName: 'Advisor Portal',
    origins: config.webauthnOrigins,
  });
  const auth: AuthServices = { auth: authService, otp, sessions, passwords, passkeys };

  // The product catalogue: seeded into and read back from the catalogue_* tables, then in memory.
  const catalogue: CatalogueStore = await loadCatalogueStore(new CatalogueRepository(db), SEED_CATALOGUES, log, now);
  const quoteEngine = catalogueQuoteEngine(() => catalogue.current);

  const activitiesRepository = new ActivitiesRepository(db);
  const contacts = new ContactsService(new ContactsRepository(db), activitiesRepository, audit, now);
  const activities = new ActivitiesService(activitiesRepository, contacts, audit, now);

  const proposalsRepository = new ProposalsRepository(db);
  const payments = new ProposalPaymentService(proposalsRepository, config.khqr);
  const proposals = new ProposalsService(proposalsRepository, quoteEngine, payments, audit, renderedPdfs, now);
  const origin = publicOrigin(config);
  const proposalSend = new ProposalSendService(
    proposals,
    proposalsRepository,
    new ProposalLinksRepository(db),
    payments,
    quoteEngine,
    audit,
    sms,
    now,
    { jwtSecret: config.jwtSecret, publicOrigin: origin },
  );

  const applicationsRepository = new ApplicationsRepository(db, blobs);
  const proposalSource = proposalsAsSource(proposalsRepository, quoteEngine, now);
  const productNames = async () => (await proposalSource.names?.()) ?? null;
  const remoteSignRepository = new RemoteSignRepository(db);
  const remoteSignatures = new RemoteSignatures(remoteSignRepository, productNames);
  const applications = new ApplicationsService(
    applicationsRepository,
    proposalSource,
    audit,
    renderer,
    renderedPdfs,
    now,
    remoteSignatures,
  );
  const remoteSign = new RemoteSignService(
    applications,
    remoteSignRepository,
    remoteSignatures,
    productNames,
    async (userId, lang) => {
      const advisor = await applicationsRepository.userNames(userId);
      return (lang === 'km' ? advisor.nameKh : null) || advisor.name;
    },
    audit,
    sms,
    now,
    { jwtSecret: config.jwtSecret, publicOrigin: origin, codeKey: deriveKey(config.jwtSecret, 'application-sign-code') },
  );
  const documents = new DocumentsService(applicationsRepository, applications, renderer, now);

  const candidatesRepository = new CandidatesRepository(db, blobs);
  // Recruitment: one service per step of the pipeline, sharing the scoped reads and the audit rows.
  const candidateRecords = new CandidateRecords(candidatesRepository, audit);
  const candidateDocuments = new CandidateDocumentsService(candidatesRepository, candidateRecords, audit, clock, renderer);
  const candidates = {
    links: new CandidateLinkService(candidatesRepository, candidateRecords, audit, otp, sms, clock, {
      jwtSecret: config.jwtSecret,
      publicOrigin: origin,
    }),
    forms: new CandidateFormService(candidatesRepository, candidateRecords, audit, clock),
    documents: candidateDocuments,
    review: new CandidateReviewService(candidatesRepository, candidateRecords, audit, clock),
    licences: new CandidateLicenceService(candidatesRepository, candidateRecords, candidateDocuments, audit, clock),
  };
  const licensing = new LicensingService(new LicensingRepository(db), candidatesRepository, audit, sms, clock, origin);

  const agentProductsRepository = new AgentProductsRepository(db);

  const productPermissions = new ProductPermissions(agentProductsRepository);

  // Messages to users (SMS, e-mail) through the outbox; the delivery worker (plugins/outbox-delivery.ts) sends them.
  const messenger = new UserMessenger(new OutboxMessagesRepository(db), { keepPayload: config.devOutbox });

  // Background work due at fixed times, run by one server per due time (the `job_run` table).
  const retention = new RetentionService(new RetentionRepository(db), renderedPdfs);
  const jobRuns = new JobRunRepository(db);
  const retentionSweep = new ScheduledJob({
    name: RETENTION_JOB,
    everyMs: config.retentionSweepEveryMs,
    run: (dueAt) => retention.sweep(dueAt),
    runs: jobRuns,
    log,
  });
  return {
    clock,
    sms,
    pdf,
    renderedPdfs,
    audit,
    catalogue,
    sessionRepository,
    accessTokens: new AccessTokenVerifier(config.jwtSecret),
    auth,
    profiles: new ProfileService(new ProfileRepository(db), auth, audit, clock),
    dashboards: new DashboardService(db, clock, FIGURE_PROVIDERS),
    contacts,
    activities,
    products: new ProductsService(catalogue),
    offlineKeys: new OfflineKeyService(config.jwtSecret),
    // Repositories of the transport-edge plugins: idempotency keys, outbox delivery, the metrics' backlog.
    idempotencyKeys: new IdempotencyRepository(db),
    outboxDelivery: new OutboxDeliveryRepository(db),
    operations: new MetricsRepository(db),
    engine: new EngineService(catalogue, now, (userId) => productPermissions.permitted(userId)),
    proposals,
    proposalSend,
    applications,
    remoteSign,
    documents,
    policies: new PoliciesService(
      new PoliciesRepository(db),
      new PolicyPendingRepository(db, blobs),
      new PolicyServicingRepository(db),
      audit,
      renderedPdfs,
      now,
    ),
    candidates,
    licensing,
    agentProducts: new AgentProductsService(agentProductsRepository, audit, clock),
    productPermissions,
    agencyUsers: new AgencyUsersService(new AgencyUsersRepository(db), sessions, messenger, audit, clock, origin),
    agencyPipeline: new AgencyPipelineService(new AgencyPipelineRepository(db), audit, clock),
    compliance: new ComplianceService(new ComplianceRepository(db), audit, clock, renderer),
    health: new HealthService(new HealthRepository(db)),
    devOutbox: new DevOutboxRepository(db),
    messenger,
    retention,
    jobRuns,
    retentionSweep,
  };
}
