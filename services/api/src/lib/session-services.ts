import type { User } from '@waypoint/contracts';
import type { SessionRow, UserRow } from '../db/rows';
import type { ServiceContext } from './context';

/** How a session was started: what it proves about the person holding it. */
export interface SessionProof {
  /** Started by following a link or entering a code e-mailed to the account's address. */
  mailboxProof?: boolean;
  /** Started by entering the password (or another proof that counts as recent). */
  recentProof?: boolean;
}

/** A live session and its user. */
export interface OpenSession {
  session: SessionRow;
  user: UserRow;
}

/**
 * What the session plugin needs of the sessions and accounts modules. The plugin knows no module: the app gives
 * it these when it registers it (app.ts).
 */
export interface SessionServices {
  openSession(args: { ctx: ServiceContext; input: { token: string } }): Promise<OpenSession | null>;
  startSession(args: {
    ctx: ServiceContext;
    input: {
      user: UserRow;
      proof: SessionProof;
      replaces: string | null;
      ip: string;
      userAgent: string | null;
    };
  }): Promise<{ token: string; session: SessionRow; maxAgeSeconds: number }>;
  endSession(args: { ctx: ServiceContext; input: { sessionId: string } }): Promise<void>;
  /** The profile reply's description of a user (for pages rendered for them). */
  describeUser(args: {
    ctx: ServiceContext;
    input: { user: UserRow; session?: SessionRow };
  }): Promise<User>;
}
