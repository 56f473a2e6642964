import { useMemo } from 'react';
import type { AgeGroups, ProcessingOption, VisaType } from '@waypoint/contracts';
import { useT } from '@waypoint/ui';
import { referenceMessages } from './reference/catalog';

/** The visa types this catalog names, by id: their name, validity, and the facts they share. */
const VISA_TYPES: Record<string, { name: string; validity: string }> = {
  'uk-eta': { name: 'visaType.uk-eta.name', validity: 'visaType.uk-eta.validity' },
  'uk-visitor-6m': {
    name: 'visaType.uk-visitor-6m.name',
    validity: 'visaType.uk-visitor-6m.validity',
  },
  'uk-visitor-2y': {
    name: 'visaType.uk-visitor-2y.name',
    validity: 'visaType.uk-visitor-2y.validity',
  },
  'uk-visitor-5y': {
    name: 'visaType.uk-visitor-5y.name',
    validity: 'visaType.uk-visitor-5y.validity',
  },
  'uk-visitor-10y': {
    name: 'visaType.uk-visitor-10y.name',
    validity: 'visaType.uk-visitor-10y.validity',
  },
};

const VISA_BADGES: Record<string, string> = {
  ETA: 'visaKind.ETA.badge',
  VISA: 'visaKind.VISA.badge',
};

/** The processing speeds this catalog names, by the end of their id (`uk-eta-express` → express). */
const OPTION_NAMES: Record<string, string> = {
  standard: 'option.standard.name',
  express: 'option.express.name',
  'super-urgent': 'option.super-urgent.name',
};

function optionCode(id: string): string | null {
  for (const code of Object.keys(OPTION_NAMES)) {
    if (id === code || id.endsWith(`-${code}`)) return code;
  }
  return null;
}

export interface VisaFacts {
  name: string;
  badge: string;
  validityPeriod: string;
  entryType: string;
  maxStayDuration: string;
}

/**
 * The reference data's words in the page's language. The API names visa types and processing speeds in English
 * (the seed's words, which this catalog's English repeats: a test compares them): a code this catalog knows is
 * named from it in every language, any other by the API's words.
 */
export function useReferenceText() {
  const t = useT(referenceMessages);
  return useMemo(() => {
    const say = (key: string | undefined, fallback: string) =>
      key ? t(key as Parameters<typeof t>[0]) : fallback;
    return {
      visaType(visaType: VisaType): VisaFacts {
        const known = VISA_TYPES[visaType.id];
        return {
          name: say(known?.name, visaType.name),
          badge: say(VISA_BADGES[visaType.kind], visaType.badge),
          validityPeriod: say(known?.validity, visaType.validityPeriod),
          entryType: say(known ? 'visaFacts.multipleEntries' : undefined, visaType.entryType),
          maxStayDuration: say(known ? 'visaFacts.maxStay' : undefined, visaType.maxStayDuration),
        };
      },
      /**
       * The travellers by age as people read it: '2 adults, 1 child', '1 adult', '3 children'; while a date of
       * birth is still missing, simply '3 travellers'.
       */
      travelers({ adults, children, unknown }: AgeGroups): string {
        const count = adults + children + unknown;
        if (unknown > 0 || count === 0) return t('travelers.count', { count });
        if (adults > 0 && children > 0)
          return t('travelers.adultsAndChildren', { adults, children });
        if (children > 0) return t('travelers.children', { children });
        return t('travelers.adults', { adults });
      },
      /** A visa type's name by its id, where only the id and the API's name are at hand (an order, a list). */
      visaTypeName(visaType: { id: string; name: string }): string {
        return say(VISA_TYPES[visaType.id]?.name, visaType.name);
      },
      optionName(option: Pick<ProcessingOption, 'id' | 'name'>): string {
        const code = optionCode(option.id);
        return say(code ? OPTION_NAMES[code] : undefined, option.name);
      },
      optionDescription(option: ProcessingOption): string {
        if (!optionCode(option.id)) return option.description;
        return t('option.description', { hours: option.hours });
      },
    };
  }, [t]);
}
