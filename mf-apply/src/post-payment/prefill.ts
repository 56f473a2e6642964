import type { TravelerDetail } from '@waypoint/contracts';

/** The post-payment answers a passport page's machine-readable zone fills in, each null when it fills nothing. */
export interface PassportPrefill {
  gender: 'male' | 'female' | null;
  issuingCountry: string | null;
}

/**
 * The answers read from the traveller's passport page that they have not given yet: a question they answered
 * keeps their answer, and a detail read with doubt (`unsure`) is never filled in. Nothing is filled in while the
 * page is being read or when it could not be read (no reading).
 */
export function passportPrefill(traveler: TravelerDetail): PassportPrefill {
  const read = traveler.passportPage?.mrz?.read;
  if (!read) return { gender: null, issuingCountry: null };
  const unsure = read.unsure ?? [];
  return {
    gender: traveler.personal.gender === null && !unsure.includes('sex') ? read.sex : null,
    issuingCountry:
      traveler.passportInfo.issuingCountry === null ? read.issuingCountry || null : null,
  };
}
