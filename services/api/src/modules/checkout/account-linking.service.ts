import type { Tx } from '../../db/client';
import type { ApplicationRow, TravelerRow, UserRow } from '../../db/rows';
import { issueSignInLink } from '../auth/one-time-codes.service';
import * as repo from './checkout.repo';

export interface Linked {
  /** The order, now belonging to `owner`. */
  application: ApplicationRow;
  /** The account of the order's e-mail. */
  owner: UserRow;
  /** True when paying created the account. */
  createdUser: boolean;
  /** True when the e-mail already had another account: its owner is sent a sign-in link. */
  signInLinkSent: boolean;
}

/**
 * Gives a paid order to the account of traveller 1's e-mail, creating it (named after traveller 1, with traveller
 * 1's nationality, without a password) when there is none. An existing account is never signed in by paying:
 * `signInLinkSent` says its owner is to get a sign-in link instead, unless the order was placed while signed in to
 * that very account; that account's empty profile fields (names, nationality) are then filled from the order.
 * In the payment's transaction, which has read the order's travellers (`lead` is traveller 1).
 */
export async function linkAccount({
  tx,
  input,
}: {
  tx: Tx;
  input: {
    application: ApplicationRow;
    lead: Pick<TravelerRow, 'firstName' | 'lastName' | 'passportNationality'> | undefined;
  };
}): Promise<Linked> {
  const { application, lead } = input;
  const email = application.guestEmail!;
  let owner = await repo.findAccount(tx, { email });
  const createdUser = !owner;
  // What the order knows of the profile: traveller 1's names, and their passport's nationality (else the
  // nationality the order was placed for).
  const profile = {
    firstName: lead?.firstName || null,
    lastName: lead?.lastName || null,
    nationality: lead?.passportNationality || application.countryCode,
  };
  if (!owner) {
    // The language of the visit that placed the order.
    owner = await repo.createAccount(tx, { email, ...profile, locale: application.locale });
  } else if (application.userId === owner.id) {
    // Only the account that placed the order: a guest's order never writes into someone else's profile.
    owner = await repo.fillEmptyProfile(tx, owner.id, profile);
  }
  const signInLinkSent = !createdUser && application.userId !== owner.id;
  const linked = await repo.linkOrderToAccount(
    tx,
    application.id,
    owner,
    createdUser,
    signInLinkSent,
  );
  return { application: linked, owner, createdUser, signInLinkSent };
}

/** E-mails the sign-in link `linkAccount` decided on (after the payment confirmation, in the same transaction). */
export async function sendSignInLink({ tx, input }: { tx: Tx; input: Linked }) {
  if (input.signInLinkSent) await issueSignInLink({ tx, input: { user: input.owner } });
}
