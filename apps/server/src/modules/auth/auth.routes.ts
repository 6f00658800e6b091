import type { FastifyContextConfig } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { loginRequestSchema, loginResponseSchema } from '@portal/domain/contracts/auth/login';
import { loginMfaRequestSchema, loginMfaResponseSchema } from '@portal/domain/contracts/auth/login-mfa';
import { refreshSessionRequestSchema, refreshSessionResponseSchema } from '@portal/domain/contracts/auth/refresh-session';
import { logoutRequestSchema, logoutResponseSchema } from '@portal/domain/contracts/auth/logout';
import { requestResetOtpRequestSchema, requestResetOtpResponseSchema } from '@portal/domain/contracts/auth/request-reset-otp';
import { verifyOtpRequestSchema, verifyOtpResponseSchema } from '@portal/domain/contracts/auth/verify-otp';
import { resetPasswordRequestSchema, resetPasswordResponseSchema } from '@portal/domain/contracts/auth/reset-password';
import { resendOtpRequestSchema, resendOtpResponseSchema } from '@portal/domain/contracts/auth/resend-otp';
import { requestBindOtpRequestSchema, requestBindOtpResponseSchema } from '@portal/domain/contracts/auth/request-bind-otp';
import { AppError } from '../../lib/app-error';
import { AUTH_RATE_LIMITS } from './auth.constants';
import { callContext } from './auth-services';
import { registerPasskeyRoutes } from './passkey.routes';

const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/**
 * Sign-in, OTP, reset, refresh and logout (DESIGN.md §3), then the passkey calls. Who may call
 * what is api/access-policy.ts, enforced by plugins/auth.ts; these handlers only parse and
 * call one service function.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.services.auth;
  const limit = (rule: { max: number; timeWindow: number }): FastifyContextConfig =>
    app.config.rateLimitMax === 0 ? {} : { rateLimit: rule };
  const me = (request: { user: { id: string } | null }) => {
    if (!request.user) throw AppError.http(401);
    return request.user.id;
  };

  app.post(
    '/api/auth/v1/login',
    {
      config: limit(AUTH_RATE_LIMITS.login),
      schema: {
        summary: 'Sign-in step 1: password; sends a login OTP',
        tags: ['auth'],
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => services.auth.login(request.body, callContext(request)),
  );

  app.post(
    '/api/auth/v1/login/mfa',
    {
      config: limit(AUTH_RATE_LIMITS.otpCheck),
      schema: {
        summary: 'Sign-in step 2: the OTP; answers the session',
        tags: ['auth'],
        body: loginMfaRequestSchema,
        response: { 200: loginMfaResponseSchema, ...errors },
      },
    },
    async (request) => services.auth.loginMfa(request.body, callContext(request)),
  );

  app.post(
    '/api/auth/v1/refresh',
    {
      config: limit(AUTH_RATE_LIMITS.refresh),
      schema: {
        summary: 'Rotate the refresh token for a new pair',
        tags: ['auth'],
        body: refreshSessionRequestSchema,
        response: { 200: refreshSessionResponseSchema, ...errors },
      },
    },
    async (request) => services.sessions.refresh(request.body.refreshToken, callContext(request)),
  );

  app.post(
    '/api/auth/v1/logout',
    {
      schema: {
        summary: 'End the session (revokes its refresh family)',
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        body: logoutRequestSchema,
        response: { 200: logoutResponseSchema, ...errors },
      },
    },
    async (request) => {
      await services.sessions.logout(me(request), request.sessionId, request.body?.refreshToken, callContext(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/v1/otp/reset',
    {
      config: limit(AUTH_RATE_LIMITS.otpSend),
      schema: {
        summary: 'Forgot password: send a reset OTP (same answer for unknown usernames)',
        tags: ['auth'],
        body: requestResetOtpRequestSchema,
        response: { 200: requestResetOtpResponseSchema, ...errors },
      },
    },
    async (request) => services.auth.requestReset(request.body, callContext(request)),
  );

  app.post(
    '/api/auth/v1/otp/verify',
    {
      config: limit(AUTH_RATE_LIMITS.otpCheck),
      schema: {
        summary: 'Verify a reset or profile OTP',
        tags: ['auth'],
        body: verifyOtpRequestSchema,
        response: { 200: verifyOtpResponseSchema, ...errors },
      },
    },
    async (request) => ({
      verified: true as const,
      ...(await services.otp.verify(request.body.requestCode, request.body.otp, callContext(request))),
    }),
  );

  app.post(
    '/api/auth/v1/reset',
    {
      config: limit(AUTH_RATE_LIMITS.otpCheck),
      schema: {
        summary: 'Forgot password: set the new password',
        tags: ['auth'],
        body: resetPasswordRequestSchema,
        response: { 200: resetPasswordResponseSchema, ...errors },
      },
    },
    async (request) => {
      await services.passwords.reset(request.body, callContext(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/v1/otp/resend',
    {
      config: limit(AUTH_RATE_LIMITS.otpSend),
      schema: {
        summary: 'Send the OTP of a request again (after the countdown)',
        tags: ['auth'],
        body: resendOtpRequestSchema,
        response: { 200: resendOtpResponseSchema, ...errors },
      },
    },
    async (request) => services.auth.resendOtp(request.body, callContext(request)),
  );

  app.post(
    '/api/auth/v1/otp/bind',
    {
      config: limit(AUTH_RATE_LIMITS.otpSend),
      schema: {
        summary: 'Send a profile OTP (before binding a passkey)',
        tags: ['auth'],
        security: [{ bearerAuth: [] }],
        body: requestBindOtpRequestSchema,
        response: { 200: requestBindOtpResponseSchema, ...errors },
      },
    },
    async (request) => services.auth.requestProfileOtp(me(request), callContext(request)),
  );

  registerPasskeyRoutes(app, services, errors);
};
