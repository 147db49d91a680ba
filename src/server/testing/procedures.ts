/**
 * The router's procedures by dotted path, as types: tests name a procedure with a string the compiler checks, so a
 * renamed procedure or a wrong input shape fails `tsc` instead of a test at run time.
 */
import type {
  AnyProcedure,
  AnyRouter,
  inferProcedureInput,
  inferRouterError,
  inferTransformedProcedureOutput,
  TRPCRouterRecord as RouterRecord,
} from '@trpc/server';
import { appRouter, type AppRouter } from '../router';

type FlattenRecord<R, Prefix extends string> = {
  [K in keyof R & string]: R[K] extends AnyProcedure
    ? { [P in `${Prefix}${K}`]: R[K] }
    : R[K] extends AnyRouter
      ? FlattenRecord<R[K]['_def']['record'], `${Prefix}${K}.`>
      : R[K] extends RouterRecord
        ? FlattenRecord<R[K], `${Prefix}${K}.`>
        : never;
}[keyof R & string];

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every procedure of the app, keyed by its dotted path ('conversations.send'). */
export type Procedures = UnionToIntersection<FlattenRecord<AppRouter['_def']['record'], ''>>;

/** Paths of the queries and mutations (subscriptions run over the WebSocket, see tests/security/helpers.ts). */
export type CallablePath = {
  [P in keyof Procedures & string]: Procedures[P] extends { _def: { type: 'query' | 'mutation' } } ? P : never;
}[keyof Procedures & string];

export type InputOf<P extends keyof Procedures> = inferProcedureInput<Procedures[P]>;
/** What the client receives: the output after JSON (dates arrive as strings). */
export type OutputOf<P extends keyof Procedures> = inferTransformedProcedureOutput<AppRouter, Procedures[P]>;
/** The input argument: optional when the procedure takes none or accepts undefined. */
export type InputArgs<P extends keyof Procedures> =
  undefined extends InputOf<P> ? [input?: InputOf<P>] : [input: InputOf<P>];
/** The error body the server's formatter sends (src/server/trpc.ts). */
export type TrpcErrorBody = inferRouterError<AppRouter>;

/** How the browser sends it: queries as GET, mutations as POST. */
export function methodOf(path: CallablePath): 'GET' | 'POST' {
  return rawMethodOf(path);
}

/** The same for any name: one the router does not have goes as POST. */
export function rawMethodOf(path: string): 'GET' | 'POST' {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def
    .procedures;
  return procedures[path]?._def.type === 'query' ? 'GET' : 'POST';
}
