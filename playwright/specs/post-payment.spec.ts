import type { Cookie, Page } from '@playwright/test';
import { newAccount, registerThroughApi } from '../support/accounts';
import { expectNoA11yViolations } from '../support/axe';
import { holdRequests, recordRequests } from '../support/fixtures';
import { BASE_URL_ENV } from '../support/portal.mjs';
import {
  completeThroughApi,
  createDocumentFiles,
  expect,
  fetchApplication,
  ORDER_TRAVELLERS,
  placePaidOrder,
  PostPaymentCopy,
  submitThroughApi,
  test,
  TRAVELLER_SECTIONS,
  travellerTitle,
  type ApiApplication,
  type PaidOrder,
} from '../support/post-payment';
import { LOGIN_PATH } from '../pages/LoginPage';
import { ORDERS_PATH } from '../pages/OrdersPage';
import { fieldError } from '../pages/PostPaymentForms';
import type { PostPaymentDocumentPage } from '../pages/PostPaymentDocumentPage';
import { applicationPath, travellerPath } from '../pages/PostPaymentPage';
import { PostPaymentReviewPage } from '../pages/PostPaymentReviewPage';
import { PhoneUploadPage } from '../pages/PhoneUploadPage';

// Each test that pays makes one order (create-payment-intent: 30 an hour per IP): 6 in this file, and one
// registration (20 an hour per IP).

/** Uploads with the upload request held, so the progress bar and its label can be seen (and scanned). */
async function uploadWatchingProgress(
  page: Page,
  document: PostPaymentDocumentPage,
  file: string,
): Promise<void> {
  const kind = document.kind;
  const release = await holdRequests(page, `**/api/application/*/travelers/*/documents/${kind}`);
  await document.chooseFile(file);
  await expect(document.uploading).toBeVisible();
  await expect(document.progress).toBeVisible();
  await expectNoA11yViolations(page);
  release();
}

const SECTION_PUTS =
  /^\/api\/application\/[^/]+\/(general-info|personal-info|passport-info|work-info|declaration)$/;

test.describe('after payment', () => {
  test.describe.configure({ timeout: 180_000 });

  test('two travellers complete every section with real pictures and submit; My orders shows it submitted and everything is stored', async ({
    page,
    generalInfo,
    passportPage,
    photo,
    personalInfo,
    passportInfo,
    work,
    declaration,
    review,
    orders,
    mailbox,
  }) => {
    const files = await createDocumentFiles();
    const order = await placePaidOrder(page.request, ORDER_TRAVELLERS);
    const { applicationId } = order;
    const paid = await fetchApplication(page.request, applicationId);
    expect(paid.status).toBe('IN_PROGRESS');
    const travellerIds = paid.travelers.map((traveller) => traveller.id);
    expect(travellerIds).toHaveLength(2);
    const titles = ORDER_TRAVELLERS.map((traveller, index) => travellerTitle(index, traveller));
    const [firstTitle = '', secondTitle = ''] = titles;

    // General Information: the phone code of the travellers' nationality (United States, +1) and WhatsApp,
    // nothing started yet.
    await page.goto(`${applicationPath(applicationId)}/general-info`);
    await generalInfo.waitUntilReady();
    await expect(page).toHaveTitle('General information – Waypoint');
    await expect(generalInfo.reference).toHaveText(`Order ${order.reference}`);
    await expect(generalInfo.sidebar.generalInformation).toHaveAccessibleName(/Not started$/);
    // One disclosure per traveller with its progress: the first with work left is open, the other folded.
    await expect(generalInfo.sidebar.travellerToggle(firstTitle)).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(generalInfo.sidebar.travellerToggle(secondTitle)).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(generalInfo.sidebar.traveller(secondTitle).getByRole('link')).toHaveCount(0);
    for (const title of titles)
      await expect(generalInfo.sidebar.travellerToggle(title)).toHaveAccessibleName(
        /,\s*0 of 6 done$/,
      );
    for (const title of titles)
      await generalInfo.sidebar.expectTravellerStates(title, TRAVELLER_SECTIONS, 'Not started');
    await expect(generalInfo.countryCode).toHaveValue('US');
    await expect(generalInfo.chosenCountryCode).toHaveText('United States (+1)');
    // Every country is offered, those sharing a code each under its own name.
    await expect(
      generalInfo.countryCode.getByRole('option', { name: 'Jamaica (+1)', exact: true }),
    ).toHaveCount(1);
    await expect(
      generalInfo.countryCode.getByRole('option', { name: 'Jersey (+44)', exact: true }),
    ).toHaveCount(1);
    await expect(generalInfo.preferenceOption('WhatsApp')).toBeChecked();
    await expect(generalInfo.back).toHaveCount(0);
    await expectNoA11yViolations(page);

    await generalInfo.chooseCountryCode('United Kingdom', '+44');
    await generalInfo.phoneNumber.fill('07911 123456');
    await generalInfo.preferenceOption('SMS').check();
    await generalInfo.saveAndContinue.click();

    for (const index of ORDER_TRAVELLERS.keys()) {
      const travelerId = travellerIds[index] ?? '';
      const title = titles[index] ?? '';
      const at = (slug: string) => travellerPath(applicationId, travelerId, slug);
      const first = index === 0;

      // Passport page: the two upload methods; traveller 1 browses for the file, traveller 2 drops it.
      await expect(page).toHaveURL(at('passport-page'));
      await passportPage.waitUntilReady();
      await expect(page).toHaveTitle('Passport page – Waypoint');
      await expect(passportPage.caption(title)).toBeVisible();
      await expect(passportPage.uploadMethods).toBeVisible();
      await expect(passportPage.usePhone).toBeVisible();
      await expect(passportPage.dragAndDrop).toBeVisible();
      await expect(passportPage.browseFiles).toBeVisible();
      await expectNoA11yViolations(page);
      if (first) await uploadWatchingProgress(page, passportPage, files.passportPage);
      else await passportPage.dropFile(files.passportPage);
      await passportPage.expectAccepted();

      // The photo page opens by itself after 2 seconds.
      await expect(page).toHaveURL(at('applicants-photo'));
      await photo.waitUntilReady();
      await expect(page).toHaveTitle("Applicant's photo – Waypoint");
      await expect(photo.caption(title)).toBeVisible();
      await expect(photo.instructions).toHaveText([...PostPaymentCopy.photoInstructions]);
      await expect(photo.examplePhoto).toBeVisible();
      await expectNoA11yViolations(page);

      if (first) {
        // Back: the passport page now shows the accepted upload, with 'Replace it anyway'.
        await photo.back.click();
        await expect(page).toHaveURL(at('passport-page'));
        await passportPage.expectAccepted();
        await expect(passportPage.replaceAnyway).toBeVisible();
        await expect(passportPage.uploadMethods).toBeHidden();
        await expect(passportPage.sidebar.section(title, 'Passport page')).toHaveAccessibleName(
          /Completed$/,
        );
        await expectNoA11yViolations(page);
        await passportPage.saveAndContinue.click();
        await expect(page).toHaveURL(at('applicants-photo'));
        await photo.waitUntilReady();
        await uploadWatchingProgress(page, photo, files.photo);
      } else {
        await photo.chooseFile(files.photo);
      }
      await photo.expectAccepted();

      // Personal information: nothing is answered for the traveller (no country, no gender).
      await expect(page).toHaveURL(at('personal-information'));
      await personalInfo.waitUntilReady();
      await expect(personalInfo.caption(title)).toBeVisible();
      await personalInfo.countryOfBirth.waitUntilLoaded();
      await expect(personalInfo.countryOfBirth.input).toHaveValue('');
      await expect(personalInfo.residentCountry.input).toHaveValue('');
      await expect(personalInfo.genderOption('Male')).not.toBeChecked();
      await expect(personalInfo.genderOption('Female')).not.toBeChecked();
      await expect(personalInfo.gender).toHaveAccessibleDescription('As listed in your passport');
      await expectNoA11yViolations(page);
      if (first) {
        await personalInfo.countryOfBirth.choose('United Kingdom');
        await personalInfo.residentCountry.choose('United States');
        await personalInfo.genderOption('Female').check();
        await personalInfo.residenceAddress.fill('221B Baker Street');
        await personalInfo.cityTown.fill('London');
      } else {
        await personalInfo.countryOfBirth.choose('United States');
        await personalInfo.residentCountry.choose('United States');
        await personalInfo.genderOption('Male').check();
        await personalInfo.residenceAddress.fill('5 Elm Street');
        await personalInfo.cityTown.fill('Boston');
      }
      await personalInfo.saveAndContinue.click();

      // Passport information: the wizard's details, and the issuing country known from the nationality.
      await expect(page).toHaveURL(at('passport-information'));
      await passportInfo.waitUntilReady();
      await expect(passportInfo.caption(title)).toBeVisible();
      await passportInfo.issuingCountry.waitUntilLoaded();
      await expect(passportInfo.issuingCountry.input).toHaveValue('United States');
      await expect(passportInfo.nationality.input).toHaveValue('United States');
      await expect(passportInfo.passportNumber).toHaveValue(
        ORDER_TRAVELLERS[index]?.passportNumber ?? '',
      );
      await expect(passportInfo.anotherNationality.no).toBeChecked();
      await expect(passportInfo.addLaterBanner).toHaveCount(0);
      await expectNoA11yViolations(page);
      if (!first) await passportInfo.issuingCountry.choose('Canada');
      await passportInfo.saveAndContinue.click();

      // Work: unanswered; traveller 1 works (a job title), traveller 2 does not (their last paid work, optional,
      // left empty).
      await expect(page).toHaveURL(at('work'));
      await work.waitUntilReady();
      await expect(work.caption(title)).toBeVisible();
      await expect(work.working.yes).not.toBeChecked();
      await expect(work.working.no).not.toBeChecked();
      await expect(work.jobTitle).toBeHidden();
      await expectNoA11yViolations(page);
      if (first) {
        await work.working.answer(true);
        await expect(work.jobTitle).toHaveAccessibleDescription(PostPaymentCopy.retiredHint);
        await work.jobTitle.fill('Nurse');
      } else {
        await work.working.answer(false);
        await expect(work.jobTitle).toBeHidden();
        await expect(work.lastPaidWork).toBeVisible();
        await expect(work.lastPaidWork).not.toHaveAttribute('required');
        await expect(work.lastPaidWork).toHaveAccessibleDescription(PostPaymentCopy.retiredHint);
      }
      await work.saveAndContinue.click();

      // Declaration: both questions unanswered; traveller 1 declares a conviction with details, traveller 2 none.
      await expect(page).toHaveURL(at('declaration'));
      await declaration.waitUntilReady();
      await expect(declaration.caption(title)).toBeVisible();
      for (const question of [declaration.convictions, declaration.terrorism]) {
        await expect(question.yes).not.toBeChecked();
        await expect(question.no).not.toBeChecked();
      }
      await expect(declaration.convictionDetails).toBeHidden();
      await expectNoA11yViolations(page);
      if (first) {
        // Left unanswered, the questions are refused with their own messages.
        await declaration.saveAndContinue.click();
        await expect(declaration.errorSummary).toContainText(PostPaymentCopy.convictionsRequired);
        await expect(declaration.errorSummary).toContainText(PostPaymentCopy.terrorismRequired);
        await declaration.convictions.answer(true);
        await declaration.convictionDetails.fill('A speeding fine in 2010.');
      } else {
        await declaration.convictions.answer(false);
      }
      await declaration.terrorism.answer(false);
      await declaration.saveAndContinue.click();

      if (first) {
        // On to traveller 2, whose sections are still to do; traveller 1's are all completed.
        await expect(page).toHaveURL(
          travellerPath(applicationId, travellerIds[1] ?? '', 'passport-page'),
        );
        await passportPage.waitUntilReady();
        await expect(passportPage.sidebar.generalInformation).toHaveAccessibleName(/Completed$/);
        // Traveller 1 folds away with all done; traveller 2, now current, is open.
        await expect(passportPage.sidebar.travellerToggle(firstTitle)).toHaveAttribute(
          'aria-expanded',
          'false',
        );
        await expect(passportPage.sidebar.travellerToggle(firstTitle)).toHaveAccessibleName(
          /,\s*6 of 6 done$/,
        );
        await expect(passportPage.sidebar.travellerToggle(secondTitle)).toHaveAttribute(
          'aria-expanded',
          'true',
        );
        await passportPage.sidebar.expectTravellerStates(
          firstTitle,
          TRAVELLER_SECTIONS,
          'Completed',
        );
        await passportPage.sidebar.expectTravellerStates(
          secondTitle,
          TRAVELLER_SECTIONS,
          'Not started',
        );
      }
    }

    // Check your answers: every answer of each traveller, with Change links that come back here.
    const reviewPath = `${applicationPath(applicationId)}/review`;
    await expect(page).toHaveURL(reviewPath);
    await review.waitUntilReady();
    await expect(page).toHaveTitle('Check your answers – Waypoint');
    await expect(review.answer(review.order, 'Travellers')).toHaveText('2 adults');
    await expect(review.answer(review.generalInformation, 'Phone number')).toHaveText(/^\+44 /);
    await expect(review.answer(review.generalInformation, 'Updates by')).toHaveText('SMS');
    for (const title of titles)
      await review.sidebar.expectTravellerStates(title, TRAVELLER_SECTIONS, 'Completed');
    const annAnswers = review.traveller(firstTitle);
    for (const [question, answer] of [
      ['Date of birth', '15 June 1985'],
      ['Passport number', 'P1234567'],
      ['Issuing country', 'United States'],
      ['Passport page', 'Uploaded, passed our initial review'],
      ["Applicant's photo", 'Uploaded, passed our initial review'],
      ['Country of birth', 'United Kingdom'],
      ['Gender', 'Female'],
      ['Job title', 'Nurse'],
      ['What did you do?', 'A speeding fine in 2010.'],
      [PostPaymentCopy.terrorismQuestion, 'No'],
    ] as const)
      await expect(review.answer(annAnswers, question)).toHaveText(answer);
    await expect(review.answer(review.traveller(secondTitle), 'Issuing country')).toHaveText(
      'Canada',
    );
    await expectNoA11yViolations(page);
    await review.change('Job title', 'Ann Marie Lee').click();
    await expect(page).toHaveURL(
      `${travellerPath(applicationId, travellerIds[0] ?? '', 'work')}?return=review`,
    );
    await work.waitUntilReady();
    await expect(work.jobTitle).toHaveValue('Nurse');
    await work.jobTitle.fill('Staff nurse');
    await work.saveAndContinue.click();
    await expect(page).toHaveURL(reviewPath);
    await review.waitUntilReady();
    await expect(review.answer(annAnswers, 'Job title')).toHaveText('Staff nurse');

    // The declaration must be confirmed before Submit Application.
    await review.submit.click();
    await expect(review.errorSummary).toContainText(PostPaymentCopy.declarationRequired);
    await expect(review.declaration).toHaveAccessibleDescription(
      fieldError(PostPaymentCopy.declarationRequired),
    );
    await expect(page).toHaveURL(reviewPath);
    await expectNoA11yViolations(page);
    await review.confirmAndSubmit();

    // My orders shows the order as submitted, and confirms it once: sent to the team, then submitted to the UK
    // government by the due time of the speed paid for.
    await expect(page).toHaveURL(ORDERS_PATH);
    await orders.waitUntilReady();
    await expect(orders.submittedNotice).toContainText(
      `Thank you. Order #${order.reference} is now with our team.`,
    );
    await expect(orders.submittedNotice).toContainText(
      /We check your application, then submit it to the UK government by .+ \(.+ processing\)\./,
    );
    const card = orders.activePanel
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: `Order #${order.reference}` }) });
    await expect(card).toContainText('Submitted');
    await expect(card.getByText('Submitted', { exact: true })).toBeVisible();
    await expectNoA11yViolations(page);
    // Said once: a reload does not say it again.
    await page.reload();
    await orders.waitUntilReady();
    await expect(card).toBeVisible();
    await expect(orders.submittedNotice).toHaveCount(0);
    await mailbox.waitForMessage(order.email, {
      subject: new RegExp(`^Order #${order.reference}: Submitted$`),
    });

    // Everything is in the database.
    const stored = await fetchApplication(page.request, applicationId);
    expect(stored).toMatchObject({
      status: 'SUBMITTED',
      editable: false,
      generalInfo: { countryCode: '+44', notificationPreference: 'sms', state: 'completed' },
    });
    expect(stored.submittedAt).not.toBeNull();
    expect(stored.generalInfo.phoneNumber.replace(/\D/g, '')).toMatch(/7911123456$/);
    const [ann, ben] = stored.travelers;
    expect(ann).toMatchObject({
      id: travellerIds[0],
      firstName: 'Ann Marie',
      lastName: 'Lee',
      personal: {
        countryOfBirth: 'GB',
        residentCountry: 'US',
        gender: 'female',
        residenceAddress: '221B Baker Street',
        cityTown: 'London',
      },
      passportInfo: { issuingCountry: 'US' },
      work: { currentlyWorking: true, jobTitle: 'Staff nurse' },
      declaration: {
        hasConvictions: true,
        convictionDetails: 'A speeding fine in 2010.',
        hasTerroristActivities: false,
      },
    });
    expect(ben).toMatchObject({
      id: travellerIds[1],
      firstName: 'Ben',
      personal: {
        countryOfBirth: 'US',
        residentCountry: 'US',
        gender: 'male',
        residenceAddress: '5 Elm Street',
        cityTown: 'Boston',
      },
      passportInfo: { issuingCountry: 'CA' },
      work: { currentlyWorking: false },
      declaration: { hasConvictions: false, hasTerroristActivities: false },
    });
    expect(ben?.work.jobTitle ?? '').toBe('');
    for (const traveller of stored.travelers) {
      expect(Object.values(traveller.sections)).toEqual(Array(6).fill('completed'));
      for (const document of [traveller.passportPage, traveller.photo]) {
        expect(document?.status).toBe('ACCEPTED');
        expect(document?.checks.every((check) => check.passed)).toBe(true);
        // The stored picture is served to its owner, not cached.
        const file = await page.request.get(document?.url ?? '');
        expect(file.status()).toBe(200);
        expect(file.headers()['content-type']).toMatch(/^image\//);
        expect(file.headers()['cache-control']).toContain('no-store');
      }
    }
  });

  test('a dark, black-and-white photo is refused with its reasons and stays in view; Try another photo with a good photo is accepted', async ({
    page,
    photo,
    personalInfo,
  }) => {
    const files = await createDocumentFiles();
    const [traveller] = ORDER_TRAVELLERS;
    if (!traveller) throw new Error('no traveller');
    const { applicationId } = await placePaidOrder(page.request, [traveller]);
    const name = `${traveller.firstName} ${traveller.lastName}`;

    // The spec's short path opens traveller 1's photo page.
    await page.goto(`${applicationPath(applicationId)}/applicants-photo`);
    await photo.waitUntilReady();
    await expect(page).toHaveURL(/\/travelers\/[^/]+\/applicants-photo$/);
    await expect(photo.caption(name)).toBeVisible();
    await expect(photo.instructions).toHaveText([...PostPaymentCopy.photoInstructions]);
    await expectNoA11yViolations(page);

    await photo.chooseFile(files.badPhoto);
    await expect(photo.rejected).toBeVisible();
    await expect(photo.reasons).toContainText([
      PostPaymentCopy.badBackground,
      PostPaymentCopy.notColour,
    ]);
    await expect(photo.accepted).toHaveCount(0);
    await expectNoA11yViolations(page);
    // It stays on the page, and the refused photo is recorded with the failed checks.
    await page.waitForTimeout(2500);
    await expect(page).toHaveURL(/\/applicants-photo$/);
    const refused = (await fetchApplication(page.request, applicationId)).travelers[0]?.photo;
    expect(refused?.status).toBe('REJECTED');
    expect(refused?.checks.filter((check) => !check.passed).map((check) => check.id)).toEqual(
      expect.arrayContaining(['background', 'colour']),
    );
    await expect(photo.sidebar.section(name, "Applicant's photo")).not.toHaveAccessibleName(
      /Completed$/,
    );

    // The refused photo stays in view with its reasons and the instructions; the next photo is one button away.
    await expect(photo.refusedPreview).toBeVisible();
    await expect(photo.instructions).toHaveText([...PostPaymentCopy.photoInstructions]);
    await expect(photo.tryAnotherPhoto).toBeVisible();
    await expect(photo.choosePhoto).toHaveCount(0);
    await photo.chooseFile(files.photo);
    await photo.expectAccepted();

    await expect(page).toHaveURL(/\/travelers\/[^/]+\/personal-information$/);
    await personalInfo.waitUntilReady();
    await expect(personalInfo.sidebar.section(name, "Applicant's photo")).toHaveAccessibleName(
      /Completed$/,
    );
    await expectNoA11yViolations(page);
    const accepted = (await fetchApplication(page.request, applicationId)).travelers[0];
    expect(accepted?.photo?.status).toBe('ACCEPTED');
    expect(accepted?.sections.photo).toBe('completed');
  });

  test('validation: phone required and valid for the code, a job title when working, details of a conviction', async ({
    page,
    generalInfo,
    passportPage,
    work,
    declaration,
    review,
  }) => {
    const [traveller] = ORDER_TRAVELLERS;
    if (!traveller) throw new Error('no traveller');
    const { applicationId } = await placePaidOrder(page.request, [traveller]);
    const base = `/api/application/${applicationId}`;
    const puts = recordRequests(page, '/api/application/');
    const sectionPuts = () =>
      puts.filter(
        (request) =>
          request.method() === 'PUT' && SECTION_PUTS.test(new URL(request.url()).pathname),
      ).length;

    // General information: an empty phone, then a number that is not a UK number.
    await page.goto(`${applicationPath(applicationId)}/general-info`);
    await generalInfo.waitUntilReady();
    await expect(generalInfo.phoneNumber).toHaveValue('');
    await generalInfo.saveAndContinue.click();
    await expect(generalInfo.errorSummary).toContainText(PostPaymentCopy.phoneRequired);
    await expect(generalInfo.errorSummary).toBeFocused();
    await expect(generalInfo.phoneNumber).toHaveAccessibleDescription(
      fieldError(PostPaymentCopy.phoneRequired),
    );
    await expect(generalInfo.phoneNumber).toHaveAttribute('aria-invalid', 'true');
    await expectNoA11yViolations(page);

    await generalInfo.chooseCountryCode('United Kingdom', '+44');
    await generalInfo.phoneNumber.fill('12345');
    await generalInfo.saveAndContinue.click();
    await expect(generalInfo.errorSummary).toContainText(PostPaymentCopy.phoneInvalid);
    await expect(generalInfo.phoneNumber).toHaveAccessibleDescription(
      fieldError(PostPaymentCopy.phoneInvalid),
    );
    // The summary's link takes the keyboard to the field.
    await generalInfo.errorSummary
      .getByRole('link', { name: PostPaymentCopy.phoneInvalid })
      .click();
    await expect(generalInfo.phoneNumber).toBeFocused();
    await expectNoA11yViolations(page);
    expect(sectionPuts(), 'nothing is sent while the form is invalid').toBe(0);
    await expect(page).toHaveURL(/\/general-info$/);

    // The server checks too.
    const refused = await page.request.put(`${base}/general-info`, {
      data: { countryCode: '+44', phoneNumber: '12345', notificationPreference: 'sms' },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(PostPaymentCopy.phoneInvalid);

    await generalInfo.phoneNumber.fill('07911 123456');
    await generalInfo.saveAndContinue.click();
    await expect(page).toHaveURL(/\/travelers\/[^/]+\/passport-page$/);
    await passportPage.waitUntilReady();
    await expectNoA11yViolations(page);
    expect(sectionPuts()).toBe(1);

    // Work: 'Yes' with no job title.
    await page.goto(`${applicationPath(applicationId)}/work`);
    await work.waitUntilReady();
    await expect(page).toHaveURL(/\/travelers\/[^/]+\/work$/);
    await work.working.answer(true);
    await expect(work.jobTitle).toHaveValue('');
    await work.saveAndContinue.click();
    await expect(work.errorSummary).toContainText(PostPaymentCopy.jobTitleRequired);
    await expect(work.jobTitle).toHaveAccessibleDescription(
      new RegExp(`${fieldError(PostPaymentCopy.jobTitleRequired)}`),
    );
    await expectNoA11yViolations(page);
    expect(sectionPuts()).toBe(1);
    const travelerId = (await fetchApplication(page.request, applicationId)).travelers[0]?.id;
    const noTitle = await page.request.put(`${base}/work-info`, {
      data: { travelerId, currentlyWorking: true, jobTitle: '   ' },
    });
    expect(noTitle.status()).toBe(400);
    expect(await noTitle.text()).toContain(PostPaymentCopy.jobTitleRequired);

    await work.working.answer(false);
    await expect(work.jobTitle).toBeHidden();
    await work.saveAndContinue.click();

    // Declaration: a conviction without saying what it was.
    await expect(page).toHaveURL(/\/travelers\/[^/]+\/declaration$/);
    await declaration.waitUntilReady();
    await declaration.convictions.answer(true);
    await expect(declaration.convictionDetails).toBeVisible();
    await declaration.saveAndContinue.click();
    await expect(declaration.errorSummary).toContainText(PostPaymentCopy.convictionDetailsRequired);
    await expect(declaration.convictionDetails).toHaveAccessibleDescription(
      fieldError(PostPaymentCopy.convictionDetailsRequired),
    );
    await expectNoA11yViolations(page);
    const noDetails = await page.request.put(`${base}/declaration`, {
      data: {
        travelerId,
        hasConvictions: true,
        convictionDetails: '',
        hasTerroristActivities: false,
      },
    });
    expect(noDetails.status()).toBe(400);
    expect(await noDetails.text()).toContain(PostPaymentCopy.convictionDetailsRequired);

    await declaration.convictionDetails.fill('A speeding fine in 2010.');
    await declaration.terrorism.answer(false);
    await declaration.saveAndContinue.click();
    await expect(page).toHaveURL(`${applicationPath(applicationId)}/review`);
    await review.waitUntilReady();

    // Submitting now lists what is still missing (the documents, personal and passport information).
    await review.confirmAndSubmit();
    const missing = review.alert('Please complete the following before submitting:');
    await expect(missing).toBeVisible();
    await expect(missing.getByRole('listitem')).toContainText([
      'passport page',
      "applicant's photo",
      'personal information',
      'passport information',
    ]);
    await expectNoA11yViolations(page);
    expect((await fetchApplication(page.request, applicationId)).status).toBe('IN_PROGRESS');
  });

  test('the QR code’s link opens the upload page on a phone (390×844): camera and file chooser only, no sideways scroll, friendly pages for every dead link', async ({
    page,
    browser,
    passportPage,
    photo,
  }) => {
    const files = await createDocumentFiles();
    const [traveller] = ORDER_TRAVELLERS;
    if (!traveller) throw new Error('no traveller');
    const { applicationId, reference } = await placePaidOrder(page.request, [traveller]);
    await page.goto(`${applicationPath(applicationId)}/passport-page`);
    await passportPage.waitUntilReady();
    await passportPage.showQrCode.click();
    await expect(passportPage.qrCode).toBeVisible();
    const url = (await passportPage.phoneLink.getAttribute('href')) ?? '';
    // A short link: far under the API router's 200-character limit for a path parameter.
    expect(url).toMatch(/\/upload\/[A-Za-z0-9_-]{22}$/);
    expect(new URL(url).pathname.length).toBeLessThan(64);

    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const tab = await phone.newPage();
      const upload = new PhoneUploadPage(tab);
      await tab.goto(url);
      await expect(upload.heading).toHaveText('Upload your passport page');
      await expect(tab).toHaveTitle('Upload your passport page – Waypoint');
      await expect(upload.main).toContainText(`For Ann Marie Lee, order ${reference}.`);
      // Only the camera and the file chooser.
      await expect(upload.fileInputs).toHaveCount(2);
      await expect(upload.takePhoto).toHaveAttribute('accept', 'image/*');
      await expect(upload.takePhoto).toHaveAttribute('capture', 'environment');
      await expect(upload.chooseFile).not.toHaveAttribute('capture');
      await expect(tab.getByText('Take a photo', { exact: true })).toBeVisible();
      await expect(tab.getByText('Choose a file', { exact: true })).toBeVisible();
      await upload.expectNoHorizontalScroll();
      await expectNoA11yViolations(tab);

      await upload.chooseFile.setInputFiles(files.passportPage);
      await expect(upload.accepted).toContainText(PostPaymentCopy.acceptedText);
      await upload.expectNoHorizontalScroll();
      // The computer sees the phone's upload and moves on by itself.
      await passportPage.expectAccepted();
      await expect(page).toHaveURL(/\/applicants-photo$/);
      await photo.waitUntilReady();

      // The same link again: it has been used.
      await tab.goto(url);
      await expect(upload.linkEnded).toContainText(PostPaymentCopy.linkUsed);
      await upload.expectNoHorizontalScroll();
      await expectNoA11yViolations(tab);

      // A link as long as the old signed ones (207 characters): our own page, never the router's text.
      await tab.goto(`${new URL(url).origin}/upload/eyJ${'x'.repeat(204)}`);
      await expect(upload.linkEnded).toContainText(PostPaymentCopy.linkInvalid);
      await expect(tab.getByText(/No such endpoint/)).toHaveCount(0);
      await upload.expectNoHorizontalScroll();
      await expectNoA11yViolations(tab);

      // A code that is no longer shown on the computer does not work.
      await photo.showQrCode.click();
      const photoUrl = (await photo.phoneLink.getAttribute('href')) ?? '';
      await photo.back.click();
      await passportPage.waitUntilReady();
      await expect
        .poll(async () =>
          (await page.request.get(`/api/uploads/${photoUrl.split('/upload/')[1]}`)).status(),
        )
        .toBe(404);
      await tab.goto(photoUrl);
      await expect(upload.linkEnded).toContainText(PostPaymentCopy.linkRevoked);
      await upload.expectNoHorizontalScroll();
    } finally {
      await phone.close();
    }
  });

  test('passport details added later: asked after payment, shown missing on Check your answers, submission waits until they are given', async ({
    page,
    passportInfo,
    review,
    orders,
  }) => {
    const files = await createDocumentFiles();
    const [ann, ben] = ORDER_TRAVELLERS;
    if (!ann || !ben) throw new Error('no travellers');
    // German citizens; Ben ticked "Add passport details later" in the wizard.
    const { applicationId } = await placePaidOrder(page.request, [ann, ben], undefined, {
      nationality: 'DE',
      passportLater: [1],
    });
    await completeThroughApi(page.request, applicationId, files);
    const paid = await fetchApplication(page.request, applicationId);
    const benId = paid.travelers[1]?.id ?? '';
    expect(paid.travelers[1]?.passport.addLater).toBe(true);
    const benTitle = travellerTitle(1, ben);

    // The review shows the missing details, and the sidebar shows the section as not done.
    await page.goto(`${applicationPath(applicationId)}/review`);
    await review.waitUntilReady();
    const benAnswers = review.traveller(benTitle);
    await expect(review.answer(benAnswers, 'Passport number')).toHaveText(
      'Not given yet: you chose to add it later',
    );
    await expect(review.sidebar.section(benTitle, 'Passport information')).toHaveAccessibleName(
      /Not started$/,
    );
    await expectNoA11yViolations(page);
    await review.confirmAndSubmit();
    const missing = review.alert('Please complete the following before submitting:');
    await expect(missing.getByRole('listitem')).toHaveText([
      `Traveller 2 (Ben Lee): ${PostPaymentCopy.passportDetailsMissing}`,
    ]);
    // The API refuses too, naming what is missing.
    const refused = await page.request.post(`/api/application/${applicationId}/submit`, {
      data: { declarationConfirmed: true },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain(PostPaymentCopy.passportDetailsMissing);

    // Change: the passport information page asks for the details, with the wizard's rules.
    await review.change('Passport number', 'Ben Lee').click();
    await expect(page).toHaveURL(
      `${travellerPath(applicationId, benId, 'passport-information')}?return=review`,
    );
    await passportInfo.waitUntilReady();
    await expect(passportInfo.addLaterBanner).toBeVisible();
    await passportInfo.issuingCountry.waitUntilLoaded();
    // Known from what Ben told us: a German passport, issued by Germany (not the United States).
    await expect(passportInfo.nationality.input).toHaveValue('Germany');
    await expect(passportInfo.issuingCountry.input).toHaveValue('Germany');
    await expect(passportInfo.passportNumber).toHaveValue('');
    await expectNoA11yViolations(page);
    await passportInfo.saveAndContinue.click();
    await expect(passportInfo.errorSummary.getByRole('link')).toHaveText([
      PostPaymentCopy.passportNumberRequired,
      PostPaymentCopy.passportExpiryRequired,
      PostPaymentCopy.secondNationalityRequired,
    ]);
    await expect(passportInfo.passportNumber).toHaveAccessibleDescription(
      fieldError(PostPaymentCopy.passportNumberRequired),
    );
    await expectNoA11yViolations(page);
    await passportInfo.passportNumber.fill('c01x 00t47');
    await passportInfo.expirationDate.set(ben.passportExpiry);
    await passportInfo.anotherNationality.answer(false);
    await passportInfo.saveAndContinue.click();

    // Back on Check your answers, with the details; now it submits.
    await expect(page).toHaveURL(`${applicationPath(applicationId)}/review`);
    await review.waitUntilReady();
    await expect(review.answer(benAnswers, 'Passport number')).toHaveText('C01X00T47');
    // Every traveller is done now, so the sidebar folds them all: open Ben's to read his sections.
    await review.sidebar.openTraveller(benTitle);
    await expect(review.sidebar.section(benTitle, 'Passport information')).toHaveAccessibleName(
      /Completed$/,
    );
    await review.confirmAndSubmit();
    await expect(page).toHaveURL(ORDERS_PATH);
    await orders.waitUntilReady();
    const stored = await fetchApplication(page.request, applicationId);
    expect(stored.status).toBe('SUBMITTED');
    expect(stored.travelers[1]?.passport).toEqual({
      nationality: 'DE',
      number: 'C01X00T47',
      expirationDate: ben.passportExpiry,
      hasSecondNationality: false,
      addLater: false,
    });
    expect(stored.travelers[1]?.passportInfo.issuingCountry).toBe('DE');
  });

  test.describe('a submitted application', () => {
    let order: PaidOrder;
    let submitted: ApiApplication;
    let ownerCookies: Cookie[];

    // One order for both tests, completed and submitted through the API as its owner.
    test.beforeAll(async ({ browser }) => {
      const context = await browser.newContext({ baseURL: process.env[BASE_URL_ENV] });
      try {
        const files = await createDocumentFiles();
        order = await placePaidOrder(context.request, ORDER_TRAVELLERS.slice(0, 1));
        submitted = await submitThroughApi(context.request, order.applicationId, files);
        ownerCookies = (await context.storageState()).cookies;
      } finally {
        await context.close();
      }
    });

    test('its owner sees every page read-only: the banner, no Save and continue, no Submit', async ({
      page,
      generalInfo,
      passportPage,
      work,
      declaration,
    }) => {
      await page.context().addCookies(ownerCookies);
      const { applicationId } = order;
      const travelerId = submitted.travelers[0]?.id ?? '';

      await page.goto(`${applicationPath(applicationId)}/general-info`);
      await generalInfo.waitUntilReady();
      await expect(generalInfo.readOnlyBanner).toBeVisible();
      await expect(generalInfo.readOnlyBanner).toHaveText(PostPaymentCopy.readOnly);
      await expect(generalInfo.phoneNumber).toBeDisabled();
      await expect(generalInfo.phoneNumber).toHaveValue(/7911/);
      await expect(generalInfo.saveAndContinue).toHaveCount(0);
      await expect(generalInfo.continueButton).toBeVisible();
      await expect(generalInfo.sidebar.review).toHaveCount(0);
      await expect(generalInfo.sidebar.summary).toBeVisible();
      await expectNoA11yViolations(page);

      // Continue only moves on: the accepted passport page, with no way to replace it.
      await generalInfo.continueButton.click();
      await expect(page).toHaveURL(travellerPath(applicationId, travelerId, 'passport-page'));
      await passportPage.expectAccepted();
      await expect(passportPage.readOnlyBanner).toBeVisible();
      await expect(passportPage.replaceAnyway).toHaveCount(0);
      await expect(passportPage.saveAndContinue).toHaveCount(0);
      await expect(passportPage.uploadMethods).toHaveCount(0);
      await expectNoA11yViolations(page);

      await page.goto(travellerPath(applicationId, travelerId, 'work'));
      await work.waitUntilReady();
      await expect(work.readOnlyBanner).toBeVisible();
      await expect(work.working.no).toBeChecked();
      await expect(work.working.yes).toBeDisabled();
      await expect(work.saveAndContinue).toHaveCount(0);
      await expectNoA11yViolations(page);
      await work.continueButton.click();
      await expect(page).toHaveURL(travellerPath(applicationId, travelerId, 'declaration'));
      await declaration.waitUntilReady();
      await expect(declaration.convictions.no).toBeDisabled();
      await expect(declaration.saveAndContinue).toHaveCount(0);
      await expectNoA11yViolations(page);

      // The summary instead of Review and submit.
      await declaration.sidebar.summary.click();
      const summary = new PostPaymentReviewPage(page, 'Your application');
      await summary.waitUntilReady();
      await expect(summary.readOnlyBanner).toBeVisible();
      await expect(summary.submit).toHaveCount(0);
      await expect(summary.goToOrders).toBeVisible();
      await expectNoA11yViolations(page);

      // The server refuses changes too.
      const change = await page.request.put(`/api/application/${applicationId}/work-info`, {
        data: { travelerId, currentlyWorking: true, jobTitle: 'Pilot' },
      });
      expect(change.status()).toBe(409);
      expect(await change.text()).toContain(PostPaymentCopy.readOnly);
      const unchanged = (await fetchApplication(page.request, applicationId)).travelers[0]?.work;
      expect(unchanged?.currentlyWorking).toBe(false);
      expect(unchanged?.jobTitle ?? '').toBe('');
    });

    test('a guest is sent to login; another signed-in user gets the not-found page and 404s', async ({
      page,
      login,
      orders,
      applicationNotFound,
    }) => {
      const { applicationId } = order;
      const path = `${applicationPath(applicationId)}/general-info`;

      await page.goto(path);
      await expect(page).toHaveURL(`${LOGIN_PATH}?redirect=${encodeURIComponent(path)}`);
      await expect(login.heading).toBeVisible();
      await expectNoA11yViolations(page);

      await registerThroughApi(page.request, newAccount({ firstName: 'Eve', lastName: 'Other' }));
      await page.goto(path);
      await applicationNotFound.expectShown();
      await expect(page.getByRole('complementary', { name: 'Your application' })).toHaveCount(0);
      await expect(page.getByText(order.reference)).toHaveCount(0);
      await expectNoA11yViolations(page);
      await applicationNotFound.goToOrders.click();
      await expect(page).toHaveURL(ORDERS_PATH);
      await orders.waitUntilReady();
      await expectNoA11yViolations(page);

      const reply = await page.request.get(`/api/application/${applicationId}`);
      expect(reply.status()).toBe(404);
      expect(await reply.text()).not.toContain(order.email);
      const travelerId = submitted.travelers[0]?.id ?? '';
      const document = submitted.travelers[0]?.passportPage;
      expect((await page.request.get(document?.url ?? '')).status()).toBe(404);
      const change = await page.request.put(`/api/application/${applicationId}/work-info`, {
        data: { travelerId, currentlyWorking: false, jobTitle: '' },
      });
      expect(change.status()).toBe(404);
    });
  });
});
