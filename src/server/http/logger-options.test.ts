import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { prettyFactory } from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { errorWithoutQueryValues, loggerOptions, OneLineRequestLog, PRETTY_OPTIONS } from './logger-options';

/** A log stream that keeps each JSON line, parsed, in `lines`. */
function into(lines: Record<string, unknown>[]) {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
}

/** A server that logs JSON into an array, with the request log development uses. */
async function serverLoggingTo(lines: Record<string, unknown>[]) {
  const stream = into(lines);
  const server = Fastify({ logger: { level: 'info', stream }, logController: new OneLineRequestLog() });
  server.get('/things', async () => ({ ok: true }));
  server.get('/broken', async () => {
    throw new Error('boom');
  });
  await server.ready();
  return server;
}

describe('loggerOptions', () => {
  it('keeps production logs as JSON at info, one line per request, with no pretty-printer to load', () => {
    const { logger, logController } = loggerOptions('production');
    expect(logger).toMatchObject({ level: 'info' });
    expect(logger).not.toHaveProperty('transport');
    expect(logController).toBeInstanceOf(OneLineRequestLog);
  });

  it('a production server listening and answering logs JSON only: no "Server listening" line, no query string', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = into(lines);
    const { logger, logController } = loggerOptions('production');
    const server = Fastify({ logger: { ...(logger as object), stream }, logController });
    server.get('/things', async () => ({ ok: true }));
    await server.listen({ port: 0, host: '127.0.0.1' });
    await server.inject({ method: 'GET', url: '/things?input=%7B%22search%22%3A%22my%20secret%22%7D' });
    server.log.info('still logged');
    await server.close();

    const messages = lines.map((line) => String(line.msg));
    expect(messages.some((m) => m.startsWith('Server listening'))).toBe(false);
    expect(messages).toContainEqual(expect.stringMatching(/^GET \/things 200 \d+ ms$/));
    expect(messages).toContain('still logged');
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('logs only warnings in tests, and nothing when the caller turns logging off', () => {
    expect(loggerOptions('test')).toEqual({ logger: { level: 'warn' } });
    expect(loggerOptions('production', false)).toEqual({ logger: false });
    expect(loggerOptions('development', false)).toEqual({ logger: false });
  });

  it('pretty-prints development logs with one line per request', () => {
    const { logger, logController } = loggerOptions('development');
    expect(logger).toMatchObject({ hooks: { logMethod: expect.any(Function) } });
    expect(logger).toMatchObject({ transport: { target: 'pino-pretty' } });
    expect(logController).toBeInstanceOf(OneLineRequestLog);
  });
});

describe('the development request log', () => {
  it('writes one line per request with method, path, status and time, never the query string', async () => {
    const lines: Record<string, unknown>[] = [];
    const server = await serverLoggingTo(lines);
    await server.inject({ method: 'GET', url: '/things?token=secret-token' });
    await server.inject({ method: 'GET', url: '/missing' });
    await server.close();

    const messages = lines.map((line) => String(line.msg));
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^GET \/things 200 \d+ ms$/);
    expect(messages[1]).toMatch(/^GET \/missing 404 \d+ ms$/);
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('logs a failed request once, at error level, beside the error itself', async () => {
    const lines: Record<string, unknown>[] = [];
    const server = await serverLoggingTo(lines);
    await server.inject({ method: 'GET', url: '/broken' });
    await server.close();

    const requestLines = lines.filter((line) => String(line.msg).startsWith('GET /broken'));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ level: 50, msg: expect.stringMatching(/^GET \/broken 500 \d+ ms$/) });
    expect(lines.some((line) => (line.err as { message?: string } | undefined)?.message === 'boom')).toBe(true);
  });

  it('comes out of pino-pretty as one readable line', async () => {
    const lines: Record<string, unknown>[] = [];
    const server = await serverLoggingTo(lines);
    await server.inject({ method: 'GET', url: '/things' });
    await server.close();

    const pretty = prettyFactory({ ...PRETTY_OPTIONS, colorize: false })(lines[0]!);
    expect(pretty).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/things 200 \d+ ms\n$/);
  });
});

describe('errors in the log', () => {
  it('keep their message, stack and query text, never the values of a failed query', () => {
    // As Drizzle throws it: the values in `params` and in the message, a session token and an email among them.
    const failed = Object.assign(
      new Error(
        'Failed query: insert into sessions (token, email) values ($1, $2)\nparams: tok_secret,kid@school.edu',
        {
          cause: new Error('duplicate key value violates unique constraint'),
        },
      ),
      { query: 'insert into sessions (token, email) values ($1, $2)', params: ['tok_secret', 'kid@school.edu'] },
    );
    const logged = errorWithoutQueryValues(failed);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('tok_secret');
    expect(text).not.toContain('kid@school.edu');
    expect(logged.message).toContain('Failed query: insert into sessions');
    expect(logged.message).toContain('params: [not logged]');
    expect(logged).toMatchObject({ type: 'Error', query: 'insert into sessions (token, email) values ($1, $2)' });
    expect(logged.stack).toContain('logger-options.test.ts');
    expect(text).toContain('duplicate key value');
  });

  it('are written that way by the production logger', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = into(lines);
    const { logger } = loggerOptions('production');
    const server = Fastify({ logger: { ...(logger as object), stream } });
    await server.ready();
    server.log.error(
      { err: Object.assign(new Error('Failed query: x\nparams: tok_secret'), { params: ['tok_secret'] }) },
      'boom',
    );
    await server.close();
    expect(JSON.stringify(lines)).not.toContain('tok_secret');
    expect(lines.some((line) => line.msg === 'boom')).toBe(true);
  });
});
