import type { Locale } from '@waypoint/contracts';
import type { Db, Tx } from '../../db/client';
import type { ApplicationRow, TravelerRow, UserRow } from '../../db/rows';
import * as repo from './applications.repo';

/** An order as the other parts of the portal read it: the order, its account, travellers and names. */

/** The order with this id; undefined for an unknown id. */
export function findOrder({
  db,
  input,
}: {
  db: Db | Tx;
  input: { id: string };
}): Promise<ApplicationRow | undefined> {
  return repo.findApplication(db, input.id);
}

/** The account an order belongs to; undefined for an order without one yet. */
export async function ownerOf({
  db,
  input,
}: {
  db: Db | Tx;
  input: { application: ApplicationRow };
}): Promise<UserRow | undefined> {
  const { userId } = input.application;
  return userId ? repo.findUser(db, userId) : undefined;
}

/** An order's travellers, lead traveller first. */
export function travelersOf({
  db,
  input,
}: {
  db: Db | Tx;
  input: { applicationId: string };
}): Promise<TravelerRow[]> {
  return repo.travelersOf(db, input.applicationId);
}

/** The names an order is shown with: its country, visa type and processing option. */
export async function namesOf({
  db,
  input,
}: {
  db: Db | Tx;
  input: { application: ApplicationRow };
}) {
  return repo.namesOf(db, input.application);
}

/**
 * Where the traveller is told about their order: the order's e-mail, or its account's for an order without one; in
 * the account's language (an order without an account yet: the language of the visit that placed it).
 */
export async function recipientOf({
  db,
  input,
}: {
  db: Db | Tx;
  input: { application: ApplicationRow };
}): Promise<{ address: string; locale: Locale }> {
  const { application } = input;
  return recipientFor(application, await ownerOf({ db, input: { application } }));
}

/** `recipientOf` for a caller that has the order's account already. */
export function recipientFor(
  application: ApplicationRow,
  owner: UserRow | undefined,
): { address: string; locale: Locale } {
  return {
    address: application.guestEmail ?? owner?.email ?? '',
    locale: owner?.locale ?? application.locale,
  };
}
