import { messageKeyOf } from './api-messages';
import {
  DATE_LIMITS,
  isRealDate,
  passportDetailsIssues,
  pickerYears,
  validateTravelers,
  validateTrip,
  WizardText,
} from './wizard';

const TODAY = '2026-11-29';
const NOW = new Date(`${TODAY}T12:00:00Z`);

const arrival = (arrivalDate: string | null) =>
  validateTrip(
    { countryId: 'US', visaTypeId: 'uk-eta', hasPlannedDates: true, arrivalDate },
    TODAY,
  ).map((issue) => issue.message);

const birth = (dateOfBirth: string) =>
  validateTravelers(
    [{ firstName: 'Ada', lastName: 'Lovelace', dateOfBirth, email: 'ada@example.com' }],
    TODAY,
  ).map((issue) => issue.message);

const expiry = (expirationDate: string) =>
  passportDetailsIssues(
    { number: 'X1234567', expirationDate, hasSecondNationality: false },
    TODAY,
  ).map((issue) => issue.message);

describe("the wizard's dates", () => {
  it('say which part of an arrival date is wrong', () => {
    expect(arrival(null)).toEqual([WizardText.arrivalDateRequired]);
    expect(arrival('')).toEqual(['Please select your arrival date']);
    // A date picker keeps the parts chosen and leaves the others empty.
    expect(arrival('2027-02-')).toEqual(['Please select the day, month and year of your arrival']);
    expect(arrival('-02-28')).toEqual([WizardText.arrivalDateIncomplete]);
    // 31 February 2027 does not exist.
    expect(arrival('2027-02-31')).toEqual([
      'The arrival date you chose does not exist. Please choose a real date',
    ]);
    expect(arrival('2026-11-28')).toEqual(['The arrival date cannot be in the past']);
    expect(arrival('2028-11-30')).toEqual(['The arrival date must be within 2 years from today']);
    expect(arrival(TODAY)).toEqual([]);
    expect(arrival('2028-11-29')).toEqual([]);
    expect(arrival('2028-02-29')).toEqual([]);
  });

  it('say which part of a date of birth is wrong, traveller by traveller', () => {
    expect(birth('')).toEqual(['Traveller 1: Date of birth is required']);
    expect(birth('1990--10')).toEqual([
      'Traveller 1: Please select the day, month and year of birth',
    ]);
    expect(birth('1990-02-30')).toEqual([
      'Traveller 1: The date of birth you chose does not exist. Please choose a real date',
    ]);
    expect(birth(TODAY)).toEqual(['Traveller 1: Date of birth must be in the past']);
    expect(birth('1906-11-28')).toEqual([
      'Traveller 1: Date of birth must be within the last 120 years',
    ]);
    expect(birth('1850-01-01')).toEqual([`Traveller 1: ${WizardText.dateOfBirthTooOld}`]);
    expect(birth('1906-11-29')).toEqual([]);
  });

  it("say which part of a passport's expiry is wrong", () => {
    expect(expiry('')).toEqual([WizardText.passportExpiryRequired]);
    expect(expiry('2030--01')).toEqual([
      'Please select the day, month and year the passport expires',
    ]);
    expect(expiry('2030-04-31')).toEqual([
      'The passport expiration date you chose does not exist. Please choose a real date',
    ]);
    expect(expiry(TODAY)).toEqual([WizardText.passportExpired]);
    expect(expiry('2041-11-30')).toEqual([
      'Passport expiration date must be within 15 years from today',
    ]);
    expect(expiry('2041-11-29')).toEqual([]);
  });

  it('are catalog messages, found back with the traveller they are about', () => {
    const messages = [...arrival('2027-02-31'), ...birth('1990--10'), ...expiry('2050-01-01')];
    for (const message of messages) expect(messageKeyOf(message)).toBeDefined();
    expect(messageKeyOf(birth('1990--10')[0]!)).toEqual({
      key: 'wizard.travelerIssue',
      params: { number: 1, detailKey: 'wizard.dateOfBirthIncomplete' },
    });
  });

  it('name the limits their messages say', () => {
    expect(WizardText.arrivalDateTooFar).toContain(`${DATE_LIMITS.arrivalYearsAhead} years`);
    expect(WizardText.dateOfBirthTooOld).toContain(`${DATE_LIMITS.birthYearsBack} years`);
    expect(WizardText.passportExpiryTooFar).toContain(
      `${DATE_LIMITS.passportExpiryYearsAhead} years`,
    );
  });

  it('still tell a real date from an impossible one', () => {
    expect(isRealDate('2028-02-29')).toBe(true);
    expect(isRealDate('2027-02-29')).toBe(false);
    expect(isRealDate('2027-02-31')).toBe(false);
    expect(isRealDate('1899-12-31')).toBe(false);
    expect(isRealDate('2027--31')).toBe(false);
  });
});

describe('the years a date picker offers', () => {
  it('are the years the rules can accept, the nearest first', () => {
    expect(pickerYears('arrival', NOW)).toEqual([2026, 2027, 2028]);
    expect(pickerYears('passportExpiry', NOW)).toEqual(
      Array.from({ length: 16 }, (_, i) => 2026 + i),
    );
    const births = pickerYears('birth', NOW);
    expect(births[0]).toBe(2026);
    expect(births.at(-1)).toBe(1906);
    expect(births).toHaveLength(121);
  });
});
