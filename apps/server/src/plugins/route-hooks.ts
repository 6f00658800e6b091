import type { onRequestHookHandler, onSendHookHandler, RouteOptions } from 'fastify';

/**
 * Adds `hook` to one route's own hooks, after those it already has (called from an onRoute hook).
 * A hook only some routes need then costs the others nothing, unlike an app-wide `addHook`.
 */
export function appendRouteHook(route: RouteOptions, name: 'onRequest', hook: onRequestHookHandler): void;
export function appendRouteHook(route: RouteOptions, name: 'onSend', hook: onSendHookHandler): void;
export function appendRouteHook(route: RouteOptions, name: 'onRequest' | 'onSend', hook: unknown): void {
  const hooks: unknown = route[name];
  const list: unknown[] = hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
  (route as unknown as Record<string, unknown>)[name] = [...list, hook];
}
