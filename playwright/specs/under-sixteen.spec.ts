import { expectNoA11yViolations } from '../support/axe';
import {
  expect,
  fetchApplication,
  ORDER_TRAVELLERS,
  placePaidOrder,
  test,
  TRAVELLER_SECTIONS,
  travellerTitle,
} from '../support/post-payment';
import { isoDaysFromNow, type Traveller } from '../support/wizard';
import { applicationPath, travellerPath } from '../pages/PostPaymentPage';
import { PostPaymentReviewPage } from '../pages/PostPaymentReviewPage';

// One paid order in this file (create-payment-intent: 30 an hour per IP).

/** A child of 10 on the arrival date (the order arrives in 45 days). */
const child: Traveller = {
  firstName: 'Mia',
  lastName: 'Lee',
  dateOfBirth: `${new Date().getFullYear() - 10}-01-15`,
  passportNumber: 'P2468013',
  passportExpiry: isoDaysFromNow(4 * 365),
};

test('a traveller under 16 is not asked about work, and the questions speak to the parent or guardian', async ({
  page,
  declaration,
}) => {
  const [adult] = ORDER_TRAVELLERS;
  if (!adult) throw new Error('no traveller');
  const { applicationId } = await placePaidOrder(page.request, [adult, child]);
  const application = await fetchApplication(page.request, applicationId);
  const childId = application.travelers[1]!.id;
  const adultTitle = travellerTitle(0, adult);
  const childTitle = travellerTitle(1, child);

  // The child's Work page leads on to the declaration.
  await page.goto(travellerPath(applicationId, childId, 'work'));
  await expect(page).toHaveURL(travellerPath(applicationId, childId, 'declaration'));
  await declaration.waitUntilReady();
  const parent = declaration.forParent('Mia');
  await expect(parent.note).toBeVisible();
  await expect(parent.convictions.group).toBeVisible();
  await expect(parent.terrorism.group).toBeVisible();
  await expect(declaration.convictions.group).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The sidebar lists five sections for the child, six (Work among them) for the adult.
  await declaration.sidebar.openTraveller(childTitle);
  await expect(declaration.sidebar.traveller(childTitle).getByRole('link')).toHaveCount(
    TRAVELLER_SECTIONS.length - 1,
  );
  await expect(declaration.sidebar.section(childTitle, 'Work')).toHaveCount(0);
  await declaration.sidebar.openTraveller(adultTitle);
  await expect(declaration.sidebar.section(adultTitle, 'Work')).toHaveCount(1);

  // The parent answers; the child's last section leads to Check your answers, which has no Work for the child.
  await parent.convictions.answer(false);
  await parent.terrorism.answer(false);
  await declaration.saveAndContinue.click();
  await expect(page).toHaveURL(`${applicationPath(applicationId)}/review`);
  const review = new PostPaymentReviewPage(page);
  await review.waitUntilReady();
  const answers = review.content.getByRole('region', { name: childTitle, exact: true });
  await expect(answers).toContainText('Has Mia ever been convicted of a criminal offence?');
  await expect(answers).not.toContainText('Do you currently work?');
  await expect(review.content.getByRole('region', { name: adultTitle, exact: true })).toContainText(
    'Do you currently work?',
  );
  await expectNoA11yViolations(page);
  const saved = (await fetchApplication(page.request, applicationId)).travelers[1];
  expect(saved?.declaration).toMatchObject({
    hasConvictions: false,
    hasTerroristActivities: false,
  });
});
