import { useState } from 'react';
import {
  PassportInfoBody,
  PostPaymentText,
  pickerYears,
  type TravelerDetail,
} from '@waypoint/contracts';
import { Banner, CountryPicker, DateInput, RadioGroup, TextField, useT } from '@waypoint/ui';
import { errorText, useSaveSectionMutation, useStoreApplication } from './api';
import { usePostPayment } from './context';
import { postPaymentMessages } from './i18n/catalog';
import { MrzPanel, type EditableMrzField } from './MrzPanel';
import { ParentNote, useQuestions } from './ParentNote';
import { passportPrefill } from './prefill';
import { SectionForm, useCountryList, useTravelerPaths, yesNo, yesNoOptions } from './SectionForm';
import { useSectionForm } from './useSectionForm';

const FIELD_IDS = {
  'passport.nationality': 'passport-details-nationality',
  'passport.number': 'passport-details-number',
  'passport.expirationDate': 'passport-details-expirationDate',
  'passport.hasSecondNationality': 'passport-details-hasSecondNationality',
  issuingCountry: 'passport-issuingCountry',
};

/**
 * The passport's details (the wizard's passport step, with its rules) and the country that issued it. A traveller
 * who chose "Add Passport details later" gives the details here; the section is not done until they do.
 */
export function PassportInformationPage({ traveler }: { traveler: TravelerDetail }) {
  const t = useT(postPaymentMessages);
  const { application } = usePostPayment();
  const paths = useTravelerPaths(traveler, 'passport-information');
  const questions = useQuestions(traveler);
  const countries = useCountryList();
  const given = traveler.passport;
  // The nationality the traveller chose in the wizard (the trip's "Where are you from?" when none is stored).
  const knownNationality = given?.nationality ?? application.country.id;
  const [nationality, setNationality] = useState(knownNationality);
  const [number, setNumber] = useState(given?.number ?? '');
  const [expirationDate, setExpirationDate] = useState(given?.expirationDate ?? '');
  const [hasSecondNationality, setHasSecondNationality] = useState<boolean | null>(
    given?.hasSecondNationality ?? null,
  );
  // The traveller's answer; else the country read from their passport page (shown as such while it stays the
  // value read); else known from what they told us: a passport is issued by the country of its nationality.
  const [prefill] = useState(() => passportPrefill(traveler));
  const [issuingCountry, setIssuingCountry] = useState(
    traveler.passportInfo.issuingCountry ?? prefill.issuingCountry ?? knownNationality,
  );
  const issuingFromPassport =
    prefill.issuingCountry !== null && issuingCountry === prefill.issuingCountry;
  const form = useSectionForm({
    path: 'passport-info',
    fallback: PostPaymentText.passportInfoFailed,
    schema: PassportInfoBody,
    body: () => ({
      travelerId: traveler.id,
      issuingCountry,
      ...(given ? { passport: { nationality, number, expirationDate, hasSecondNationality } } : {}),
    }),
    fieldIds: FIELD_IDS,
    next: paths.next,
    access: paths.access,
  });
  const later = given?.addLater === true;

  // Taking a detail from the passport page: it is filled in and saved at once when the section is otherwise
  // complete; otherwise it waits for Save and continue.
  const [saveSection, { isLoading: savingRead }] = useSaveSectionMutation();
  const storeApplication = useStoreApplication();
  const [mrzMessage, setMrzMessage] = useState<string | null>(null);
  const setters: Record<EditableMrzField, (value: string) => void> = {
    number: setNumber,
    expirationDate: setExpirationDate,
    nationality: setNationality,
  };
  const takeRead = async (field: EditableMrzField, value: string) => {
    if (savingRead) return;
    setters[field](value);
    setMrzMessage(null);
    const passport = { nationality, number, expirationDate, hasSecondNationality, [field]: value };
    const parsed = PassportInfoBody.safeParse({
      travelerId: traveler.id,
      issuingCountry,
      passport,
    });
    if (!parsed.success) {
      setMrzMessage(t('mrz.saveToKeep'));
      return;
    }
    try {
      storeApplication(
        await saveSection({
          id: application.id,
          path: 'passport-info',
          body: parsed.data,
        }).unwrap(),
      );
      setMrzMessage(t('mrz.saved'));
    } catch (error) {
      setMrzMessage(errorText(error, t('mrz.failed')));
    }
  };

  return (
    <SectionForm
      title={t('section.passport-information.heading')}
      caption={paths.caption}
      back={paths.back}
      form={form}
    >
      <ParentNote questions={questions} />
      <MrzPanel
        traveler={traveler}
        onUse={given && !form.readOnly ? (field, value) => void takeRead(field, value) : null}
        message={mrzMessage}
        readOnly={form.readOnly}
      />
      {later && !form.readOnly ? (
        <Banner title={t('passport.later.title')}>{t('passport.later.text')}</Banner>
      ) : null}
      {given ? (
        <fieldset className="wpp-group">
          <legend className="wpp-group__legend">{t('passport.details')}</legend>
          <div className="wp-stack">
            <CountryPicker
              id={FIELD_IDS['passport.nationality']}
              label={t('passport.nationality')}
              countries={countries.list}
              loading={countries.loading}
              value={nationality || null}
              onChange={setNationality}
              required
              error={form.errors['passport.nationality']}
            />
            <TextField
              id={FIELD_IDS['passport.number']}
              label={t('passport.number')}
              autoComplete="off"
              spellCheck={false}
              required
              value={number}
              onChange={(event) => setNumber(event.target.value)}
              error={form.errors['passport.number']}
            />
            <DateInput
              id={FIELD_IDS['passport.expirationDate']}
              label={t('passport.expirationDate')}
              required
              years={pickerYears('passportExpiry')}
              value={expirationDate}
              onChange={setExpirationDate}
              error={form.errors['passport.expirationDate']}
            />
            <RadioGroup
              id={FIELD_IDS['passport.hasSecondNationality']}
              name="passport-second-nationality"
              legend={questions.ask('secondNationality')}
              options={yesNoOptions(t)}
              inline
              required
              value={yesNo(hasSecondNationality)}
              onChange={(value) => setHasSecondNationality(value === 'yes')}
              error={form.errors['passport.hasSecondNationality']}
            />
          </div>
        </fieldset>
      ) : null}
      <CountryPicker
        id={FIELD_IDS.issuingCountry}
        label={questions.ask('issuingCountry')}
        countries={countries.list}
        loading={countries.loading}
        value={issuingCountry || null}
        onChange={setIssuingCountry}
        hint={issuingFromPassport ? t('prefill.fromPassport') : undefined}
        required
        error={form.errors.issuingCountry}
      />
    </SectionForm>
  );
}
