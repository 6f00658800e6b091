import type { FastifyPluginAsync, FastifyPluginOptions } from 'fastify';

/**
 * What fastify-plugin does, without the extra dependency: the plugin's decorators and hooks
 * apply to the parent instance instead of an encapsulated child ('skip-override',
 * docs/Reference/Plugins.md). Used for the app-wide plugins of src/plugins.
 */
export function definePlugin<Options extends FastifyPluginOptions = Record<never, never>>(
  name: string,
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  const marked = plugin as FastifyPluginAsync<Options> & Record<symbol, unknown>;
  marked[Symbol.for('skip-override')] = true;
  marked[Symbol.for('fastify.display-name')] = name;
  return marked;
}
