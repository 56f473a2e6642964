import path from 'node:path';
import {
  ADMIN_SEEDED_ENV,
  enrolStaffSecondFactor,
  STAFF,
  STAFF_TOTP_FILE_ENV,
  SYNTHETIC_APPLICATIONS,
} from './admin';
import {
  BASE_URL_ENV,
  createDatabaseTemplate,
  DATABASE_TEMPLATE_ENV,
  STAFFED_TEMPLATE_ENV,
  startPortal,
} from './portal.mjs';

/**
 * Starts one fresh portal for the whole run and returns its teardown. Fails fast, before any browser starts,
 * when the build outputs are missing. Before the portal starts, its database gets the staff account (STAFF) and
 * the synthetic applications the admin specs use; once it runs, STAFF's authenticator is set up. Every portal of
 * the run starts from one of two migrated databases made here: with or without STAFF and those applications. With E2E_BASE_URL set, tests that portal instead.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const external = process.env.E2E_BASE_URL;
  if (external) {
    process.env[BASE_URL_ENV] = external.replace(/\/$/, '');
    return undefined;
  }
  // One migrated database for the run, and one that also has STAFF and the synthetic applications: this portal and
  // those the specs start for themselves begin as copies of one of them.
  const template = await createDatabaseTemplate();
  process.env[DATABASE_TEMPLATE_ENV] = template.dir;
  let staffed;
  let portal;
  try {
    staffed = await createDatabaseTemplate({
      from: template.dir,
      admins: [{ email: STAFF.email, password: STAFF.password }],
      syntheticApplications: SYNTHETIC_APPLICATIONS,
    });
    process.env[STAFFED_TEMPLATE_ENV] = staffed.dir;
    portal = await startPortal({ template: staffed.dir });
  } catch (err) {
    await staffed?.remove();
    await template.remove();
    throw err;
  }
  process.env[BASE_URL_ENV] = portal.url;
  // Staff sign in with a second factor: set STAFF's authenticator up now, as their first sign-in would.
  const totpFile = path.join(portal.dataDir, 'e2e-staff-totp.json');
  await enrolStaffSecondFactor(portal.url, totpFile);
  process.env[STAFF_TOTP_FILE_ENV] = totpFile;
  process.env[ADMIN_SEEDED_ENV] = '1';
  console.log(`Portal started at ${portal.url} (DATA_DIR ${portal.dataDir})`);
  return async () => {
    await portal.stop();
    await staffed.remove();
    await template.remove();
  };
}
