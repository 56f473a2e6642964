import { createRequire } from 'node:module';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './portal.mjs';

/** A passport as the generated page shows it (services/api/src/modules/documents/mrz-sample.ts). */
export interface SamplePassport {
  country: string;
  number: string;
  lastName: string;
  firstName: string;
  dateOfBirth: string;
  expirationDate: string;
  sex: 'M' | 'F';
}

interface SampleModule {
  samplePassportPage(
    passport: SamplePassport,
    look?: { rotation?: number; quality?: number; blur?: number },
  ): Promise<Buffer>;
}

/**
 * Writes a generated passport page with a valid machine-readable zone to a temporary file, with the API's own
 * generator (the built one, like the server the tests run).
 */
export async function passportPageWithMrz(passport: SamplePassport): Promise<string> {
  const require = createRequire(import.meta.url);
  const sample = require(
    path.join(REPO_ROOT, 'services/api/dist/modules/documents/mrz-sample.js'),
  ) as SampleModule;
  const file = path.join(os.tmpdir(), `waypoint-mrz-${passport.number}-${Date.now()}.jpg`);
  await writeFile(file, await sample.samplePassportPage(passport, { rotation: 0.8, quality: 80 }));
  return file;
}
