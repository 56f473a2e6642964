import type { SessionRow, UserRow } from '../../db/rows';
import type { Caller, ServiceContext } from '../../lib/context';
import type { Limit } from '../../lib/rate-limit';

/** What the verbs of the account services receive, and the small helpers they share. */

/** The caller's session, where a verb depends on what the session has proved. */
export type Session = SessionRow | null;

/** What a verb open to anyone receives: the request's input and who is asking. */
export interface CallerVerb<Input> {
  ctx: ServiceContext;
  input: Input;
  caller: Caller;
}

/** What a verb acting on the signed-in account, from its session, receives. */
export interface SessionVerb<Input> extends CallerVerb<Input> {
  user: UserRow;
  session: Session;
}

export const HOUR = 3600;

/** The moment `n` minutes from now. */
export const minutes = (n: number) => new Date(Date.now() + n * 60_000);

export function limit(key: string, max: number, windowSeconds: number): Limit {
  return { key, max, windowSeconds };
}
