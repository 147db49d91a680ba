import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { stdSerializers, type Logger, type LogFn } from 'pino';
import type { Config } from '../config';

/**
 * One line per request, "GET /api/health 200 3 ms", instead of Fastify's two (incoming, completed) with their
 * objects. The query string is left out: tRPC puts whole inputs there, and a link's token must not land in a log.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  /** The request's own line says 404; Fastify's extra one would also print the query string. */
  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = `${request.method} ${request.url.split('?')[0]} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    // A handled failure reaches here without its error (the error handler logged it): the status tells.
    if (error) reply.log.error({ err: error }, line);
    else if (reply.statusCode >= 500) reply.log.error(line);
    else reply.log.info(line);
  }
}

/** What pino-pretty shows in development: the time, the level and the message on one line. */
export const PRETTY_OPTIONS = {
  translateTime: 'SYS:HH:MM:ss',
  ignore: 'pid,hostname,reqId',
  singleLine: true,
};

/**
 * An error as the log shows it, without the values of a failed query: Drizzle puts them in the error (`params`) and in
 * its message ("Failed query: ...\nparams: ..."), and better-auth's failures carry session tokens and emails there.
 * The query's text stays: it has placeholders, not values.
 */
export function errorWithoutQueryValues(error: Error): { type: string; message: string; stack: string } {
  const scrub = (text: string) => text.replace(/params: [^\n]*/g, 'params: [not logged]');
  const { params: _params, ...serialized } = stdSerializers.err(error) as ReturnType<typeof stdSerializers.err> & {
    params?: unknown;
  };
  return { ...serialized, message: scrub(serialized.message), stack: scrub(serialized.stack) };
}

/**
 * Fastify's "Server listening at ..." lines, one per address of the machine, are left out: `npm start` prints the one
 * line a person reads, the address to open (main.ts).
 */
function withoutListeningLines(this: Logger, args: Parameters<LogFn>, method: LogFn) {
  if (typeof args[0] === 'string' && args[0].startsWith('Server listening at ')) return;
  method.apply(this, args);
}

/**
 * Fastify's logger for the environment. Production stays JSON (one object a line, for whatever collects the logs),
 * development is pretty-printed; both log one line per request, without its query string. Tests log warnings only.
 * pino-pretty is a dev dependency: naming it as a transport target loads it in pino's worker only when development
 * asks for it, so a production install without dev dependencies never needs it.
 */
export function loggerOptions(
  nodeEnv: Config['NODE_ENV'],
  enabled = true,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (!enabled) return { logger: false };
  if (nodeEnv === 'test') return { logger: { level: 'warn' } };
  const logger = {
    level: 'info',
    hooks: { logMethod: withoutListeningLines },
    serializers: { err: errorWithoutQueryValues },
  };
  return {
    logger:
      nodeEnv === 'production' ? logger : { ...logger, transport: { target: 'pino-pretty', options: PRETTY_OPTIONS } },
    logController: new OneLineRequestLog(),
  };
}
