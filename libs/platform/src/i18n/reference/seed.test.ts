import fs from 'node:fs';
import path from 'node:path';
import english from './en.json';

/** The API's reference data (services/api/seed), which the catalog names by code. */
interface Seed {
  visaTypes: {
    id: string;
    kind: string;
    name: string;
    badge: string;
    validityPeriod: string;
    entryType: string;
    maxStayDuration: string;
  }[];
  processingOptionSets: Record<string, { suffix: string; name: string; hours: number }[]>;
}

const seed = JSON.parse(
  fs.readFileSync(
    path.join(__dirname, '../../../../../services/api/seed/uk-products.json'),
    'utf8',
  ),
) as Seed;
const messages: Record<string, string> = english;

test('the English catalog names every visa type and speed of the seed with the seed’s own words', () => {
  for (const visaType of seed.visaTypes) {
    expect(messages[`visaType.${visaType.id}.name`]).toBe(visaType.name);
    expect(messages[`visaType.${visaType.id}.validity`]).toBe(visaType.validityPeriod);
    expect(messages[`visaKind.${visaType.kind}.badge`]).toBe(visaType.badge);
    expect(messages['visaFacts.multipleEntries']).toBe(visaType.entryType);
    expect(messages['visaFacts.maxStay']).toBe(visaType.maxStayDuration);
  }
  for (const option of Object.values(seed.processingOptionSets).flat()) {
    expect(messages[`option.${option.suffix}.name`]).toBe(option.name);
  }
});
