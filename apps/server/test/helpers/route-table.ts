import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, RouteOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { API_PATHS, toRouterPath, type ApiPath } from '@portal/domain/api/api-paths';
import { PUBLIC, decideAccess, type Access } from '@portal/domain/api/access-policy';
import { ROLES, type Role } from '@portal/domain/codes/roles';
import { appUser } from '../../src/db/schema/app-user.table';
import { MODULES } from '../../src/modules/module-list';
import { routeAccess } from '../../src/plugins/auth';
import type { RouteRoles } from '../../src/plugins/auth-types';
import fp from 'fastify-plugin';
import { bearerFor, createTestApp, type TestApp, type TestAppOptions } from './test-app';

/** One registered route, as the app itself registered it (an `onRoute` hook saw it). */
export interface RouteEntry {
  method: string;
  /** Fastify's form: `/api/contact/v1/find/:id`. */
  url: string;
  /** The spec §7 path (`{id}` form) when the route is one of API_PATHS. */
  specPath: string | undefined;
  /** API_PATHS' area, or the first path segment after `/api` (`health`, `dev`, `docs`). */
  area: string;
  /** Path parameter names, in order. */
  params: string[];
  roles: RouteRoles | undefined;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

const SPEC_BY_ROUTE = new Map<string, ApiPath>(API_PATHS.map((entry) => [`${entry.method} ${toRouterPath(entry.path)}`, entry]));

function areaOf(url: string, spec: ApiPath | undefined): string {
  if (spec) return spec.area;
  const segments = url.split('/').filter(Boolean);
  return segments[0] === 'api' ? (segments[1] ?? 'api') : (segments[0] ?? 'root');
}

/**
 * A plugin that records every route registered after it (and in any child plugin), to put
 * FIRST in `createTestApp({ modules: [recorder.plugin, ...MODULES] })`. It sees the modules,
 * the 501 placeholders and the static routes. It cannot see routes that app-wide plugins
 * registered before the modules (the OpenAPI docs under /api/docs): those are infrastructure,
 * covered by security-headers.test.ts; feature routes always arrive through the module list.
 */
export function routeRecorder(): { plugin: FastifyPluginAsync; routes: RouteEntry[] } {
  const routes: RouteEntry[] = [];
  const plugin = fp(
    async (app) => {
      app.addHook('onRoute', (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          // Fastify adds a HEAD twin to every GET; it answers like the GET.
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          const spec = SPEC_BY_ROUTE.get(`${method} ${route.url}`);
          const schema = (route.schema ?? {}) as RouteEntry['schema'];
          routes.push({
            method,
            url: route.url,
            specPath: spec?.path,
            area: areaOf(route.url, spec),
            params: [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string),
            roles: (route.config as { roles?: RouteRoles } | undefined)?.roles,
            schema: { body: schema.body, querystring: schema.querystring, params: schema.params },
          });
        }
      });
    },
    { name: 'test-route-recorder' },
  );
  return { plugin, routes };
}

/** The demo user of each role that signs in; ROLE_CNL (secure link only) gets a minted token. */
export const DEMO_USER_OF: Partial<Record<Role, string>> = {
  ROLE_AAP: 'demo.aap',
  ROLE_BK: 'demo.bk',
  ROLE_AS: 'demo.as',
  ROLE_AA: 'demo.aa',
  ROLE_TRAINEE: 'demo.trainee',
  ROLE_CAN: 'demo.can',
};

export interface Caller {
  /** `anonymous`, or the role whose demo user calls. */
  name: string;
  role: Role | null;
  headers: Record<string, string>;
}

export interface RoutedApp extends TestApp {
  routes: RouteTable;
}

/** The registered routes of a running test app, with the questions the security tests ask of them. */
export class RouteTable {
  private readonly callers = new Map<string, Caller>();

  constructor(
    private readonly t: TestApp,
    readonly all: readonly RouteEntry[],
  ) {}

  /** Every /api route (each method once), sorted for stable output. */
  api(): RouteEntry[] {
    const seen = new Set<string>();
    return this.all
      .filter((r) => r.url === '/api' || r.url.startsWith('/api/'))
      .filter((r) => {
        const key = `${r.method} ${r.url}`;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  }

  access(route: RouteEntry): Access | undefined {
    return routeAccess(route.method, route.url, route.roles);
  }

  isPublic(route: RouteEntry): boolean {
    return this.access(route) === PUBLIC;
  }

  /** Still the 501 placeholder of plugins/not-implemented.ts. */
  isPending(route: RouteEntry): boolean {
    return route.specPath !== undefined && this.t.app.notImplemented.has(`${route.method} ${route.specPath}`);
  }

  label(route: RouteEntry): string {
    return `${route.method} ${route.specPath ?? route.url}`;
  }

  /** The URL with each `:name` replaced (values URL-encoded unless `raw`). */
  url(route: RouteEntry, values: Record<string, string> = {}, options: { raw?: boolean; query?: string } = {}): string {
    const path = route.url.replace(/:(\w+)/g, (_, name: string) => {
      const value = values[name] ?? 'X1';
      return options.raw ? value : encodeURIComponent(value);
    });
    return options.query ? `${path}?${options.query}` : path;
  }

  /**
   * A caller the access policy lets through: anonymous on a public route, else the demo user
   * of the first allowed role (ROLES order: advisors first), with a valid access token.
   * Undefined when no role may call the route (an /api route without a rule).
   */
  async allowedCaller(route: RouteEntry): Promise<Caller | undefined> {
    const access = this.access(route);
    if (access === PUBLIC) return { name: 'anonymous', role: null, headers: {} };
    const role = ROLES.find((r) => decideAccess(access, [r]) === 'allow');
    return role ? this.callerFor(role) : undefined;
  }

  /** A token for the demo user of a role (no session behind it, so nothing can revoke it mid-test). */
  async callerFor(role: Role): Promise<Caller> {
    const cached = this.callers.get(role);
    if (cached) return cached;
    const username = DEMO_USER_OF[role];
    const user = username
      ? (await this.t.db.select({ id: appUser.id, agencyId: appUser.agencyId }).from(appUser).where(eq(appUser.username, username)))[0]
      : undefined;
    if (username && !user) throw new Error(`demo user ${username} is not seeded (createTestApp({ seedDemo: true }))`);
    const headers = await bearerFor(this.t, { sub: user?.id ?? randomUUID(), roles: [role], agencyId: user?.agencyId ?? null });
    const caller = { name: username ?? role, role, headers };
    this.callers.set(role, caller);
    return caller;
  }
}

/**
 * The whole app (every module of module-list.ts) with a route recorder in front, demo users
 * seeded. `extraModules` come after the real ones (probe routes).
 */
export async function createRoutedApp(
  options: Omit<TestAppOptions, 'modules' | 'seedDemo'> & {
    extraModules?: readonly FastifyPluginAsync[];
    /** Modules left out, so that their spec paths answer the 501 placeholder (every area is built now). */
    withoutModules?: readonly FastifyPluginAsync[];
  } = {},
): Promise<RoutedApp> {
  const recorder = routeRecorder();
  const { extraModules = [], withoutModules = [], ...rest } = options;
  const modules = MODULES.filter((m) => !withoutModules.includes(m));
  const t = await createTestApp({ ...rest, seedDemo: true, modules: [recorder.plugin, ...modules, ...extraModules] });
  return Object.assign(t, { routes: new RouteTable(t, recorder.routes) });
}
