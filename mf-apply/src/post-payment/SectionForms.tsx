import { useMemo, useState } from 'react';
import {
  CALLING_CODES,
  DeclarationBody,
  defaultPhoneCountry,
  directionOf,
  GeneralInfoBody,
  isListedCountry,
  PHONE_CODES,
  PersonalInfoBody,
  phoneCountryOf,
  PostPaymentText,
  WorkInfoBody,
  type TravelerDetail,
} from '@waypoint/contracts';
import { useApiText } from '@waypoint/platform/i18n';
import {
  compareText,
  CountryPicker,
  countryName,
  RadioGroup,
  Select,
  TextField,
  useLocale,
  useT,
} from '@waypoint/ui';
import { useSectionAccess } from './casework';
import { usePostPayment } from './context';
import { postPaymentMessages } from './i18n/catalog';
import { passportPrefill } from './prefill';
import { generalInfoPath } from './sections';
import { ParentNote, useQuestions } from './ParentNote';
import { TERRORISM_QUESTION } from './questions';
import {
  SectionForm,
  useCountryList,
  useFlowPaths,
  useTravelerPaths,
  yesNo,
  yesNoOptions,
} from './SectionForm';
import { useSectionForm } from './useSectionForm';

export { PassportInformationPage } from './PassportInformationPage';

// The forms hold the traveller's own answers only: a question they have not answered starts unanswered (no
// default), so Save & Continue never stores an answer nobody gave; the contracts refuse it with its message.

/** The phone field's countries, each named in the page's language with its calling code, in its readers' order. */
function usePhoneCountryOptions() {
  const locale = useLocale();
  return useMemo(() => {
    // The code reads left to right inside a right-to-left name.
    const code = (value: string) =>
      directionOf(locale) === 'rtl' ? `\u2066${value}\u2069` : value;
    return PHONE_CODES.map(({ country, code: calling }) => ({
      value: country,
      name: countryName(country, locale),
      code: calling,
    }))
      .sort((a, b) => compareText(locale)(a.name, b.name))
      .map((option) => ({ value: option.value, label: `${option.name} (${code(option.code)})` }));
  }, [locale]);
}

export function GeneralInfoPage() {
  const t = useT(postPaymentMessages);
  const { application } = usePostPayment();
  const saved = application.generalInfo;
  // The lead traveller's nationality: where the phone code starts, and which of the countries sharing a saved
  // code is theirs.
  const nationality = application.travelers[0]?.passport?.nationality ?? application.country.id;
  const [phoneCountry, setPhoneCountry] = useState<string>(() =>
    saved.phoneNumber?.trim()
      ? (phoneCountryOf(saved.countryCode, saved.phoneNumber, nationality) ??
        defaultPhoneCountry(nationality))
      : defaultPhoneCountry(nationality),
  );
  const countryCode = isListedCountry(phoneCountry) ? CALLING_CODES[phoneCountry] : '';
  const phoneCountries = usePhoneCountryOptions();
  const [phoneNumber, setPhoneNumber] = useState(application.generalInfo.phoneNumber ?? '');
  const [preference, setPreference] = useState(
    application.generalInfo.notificationPreference ?? 'whatsapp',
  );
  const access = useSectionAccess('general-info', null);
  const paths = useFlowPaths(generalInfoPath(application.id), access.change);
  const form = useSectionForm({
    path: 'general-info',
    fallback: PostPaymentText.generalInfoFailed,
    schema: GeneralInfoBody,
    body: () => ({ countryCode, phoneNumber, notificationPreference: preference }),
    fieldIds: {
      countryCode: 'general-countryCode',
      phoneNumber: 'general-phoneNumber',
      notificationPreference: 'general-notificationPreference',
    },
    next: paths.next,
    access,
  });
  return (
    <SectionForm title={t('section.general-info.title')} back={paths.back} form={form}>
      <p className="wpw-muted">{t('general.intro')}</p>
      <div className="wpp-phone">
        <Select
          id="general-countryCode"
          label={t('general.countryCode')}
          autoComplete="tel-country-code"
          options={phoneCountries}
          value={phoneCountry}
          onChange={setPhoneCountry}
          error={form.errors.countryCode}
        />
        <TextField
          id="general-phoneNumber"
          label={t('general.phoneNumber')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
          value={phoneNumber}
          onChange={(event) => setPhoneNumber(event.target.value)}
          error={form.errors.phoneNumber}
        />
      </div>
      <RadioGroup
        id="general-notificationPreference"
        name="notificationPreference"
        legend={t('general.updates')}
        options={(['whatsapp', 'sms', 'neither'] as const).map((value) => ({
          value,
          label: t(`general.preference.${value}`),
        }))}
        value={preference}
        onChange={(value) => setPreference(value as typeof preference)}
        error={form.errors.notificationPreference}
      />
    </SectionForm>
  );
}

export function PersonalInformationPage({ traveler }: { traveler: TravelerDetail }) {
  const t = useT(postPaymentMessages);
  const paths = useTravelerPaths(traveler, 'personal-information');
  const questions = useQuestions(traveler);
  const countries = useCountryList();
  const p = traveler.personal;
  const [countryOfBirth, setCountryOfBirth] = useState(p.countryOfBirth ?? '');
  const [residentCountry, setResidentCountry] = useState(p.residentCountry ?? '');
  // A gender the traveller has not given starts as the one read from their passport page, shown as such while it
  // stays the value read.
  const [prefill] = useState(() => passportPrefill(traveler));
  const [gender, setGender] = useState<'male' | 'female' | null>(p.gender ?? prefill.gender);
  const genderFromPassport = prefill.gender !== null && gender === prefill.gender;
  const [residenceAddress, setResidenceAddress] = useState(p.residenceAddress ?? '');
  const [cityTown, setCityTown] = useState(p.cityTown ?? '');
  const form = useSectionForm({
    path: 'personal-info',
    fallback: PostPaymentText.personalInfoFailed,
    schema: PersonalInfoBody,
    body: () => ({
      travelerId: traveler.id,
      countryOfBirth,
      residentCountry,
      gender,
      residenceAddress,
      cityTown,
    }),
    fieldIds: {
      countryOfBirth: 'personal-countryOfBirth',
      residentCountry: 'personal-residentCountry',
      gender: 'personal-gender',
      residenceAddress: 'personal-residenceAddress',
      cityTown: 'personal-cityTown',
    },
    next: paths.next,
    access: paths.access,
  });
  return (
    <SectionForm
      title={t('section.personal-information.heading')}
      caption={paths.caption}
      back={paths.back}
      form={form}
    >
      <ParentNote questions={questions} />
      <CountryPicker
        id="personal-countryOfBirth"
        label={t('personal.countryOfBirth')}
        countries={countries.list}
        loading={countries.loading}
        value={countryOfBirth || null}
        onChange={setCountryOfBirth}
        required
        error={form.errors.countryOfBirth}
      />
      <CountryPicker
        id="personal-residentCountry"
        label={t('personal.residentCountry')}
        countries={countries.list}
        loading={countries.loading}
        value={residentCountry || null}
        onChange={setResidentCountry}
        required
        error={form.errors.residentCountry}
      />
      <RadioGroup
        id="personal-gender"
        name="gender"
        legend={t('personal.gender')}
        hint={questions.ask(genderFromPassport ? 'genderHintFromPassport' : 'genderHint')}
        options={[
          { value: 'male', label: t('personal.gender.male') },
          { value: 'female', label: t('personal.gender.female') },
        ]}
        inline
        required
        value={gender}
        onChange={(value) => setGender(value === 'female' ? 'female' : 'male')}
        error={form.errors.gender}
      />
      <TextField
        id="personal-residenceAddress"
        label={t('personal.residenceAddress')}
        autoComplete="street-address"
        required
        value={residenceAddress}
        onChange={(event) => setResidenceAddress(event.target.value)}
        error={form.errors.residenceAddress}
      />
      <TextField
        id="personal-cityTown"
        label={t('personal.cityTown')}
        autoComplete="address-level2"
        required
        value={cityTown}
        onChange={(event) => setCityTown(event.target.value)}
        error={form.errors.cityTown}
      />
    </SectionForm>
  );
}

export function WorkPage({ traveler }: { traveler: TravelerDetail }) {
  const t = useT(postPaymentMessages);
  const paths = useTravelerPaths(traveler, 'work');
  const [working, setWorking] = useState<boolean | null>(traveler.work.currentlyWorking);
  const [jobTitle, setJobTitle] = useState(traveler.work.jobTitle ?? '');
  const form = useSectionForm({
    path: 'work-info',
    fallback: PostPaymentText.workInfoFailed,
    schema: WorkInfoBody,
    body: () => ({
      travelerId: traveler.id,
      currentlyWorking: working,
      // "No" asks for the last paid work instead (optional): a retired traveller's former job.
      jobTitle: working === null ? '' : jobTitle,
    }),
    fieldIds: { currentlyWorking: 'work-currentlyWorking', jobTitle: 'work-jobTitle' },
    next: paths.next,
    access: paths.access,
  });
  return (
    <SectionForm
      title={t('section.work.heading')}
      caption={paths.caption}
      back={paths.back}
      form={form}
    >
      <RadioGroup
        id="work-currentlyWorking"
        name="currentlyWorking"
        legend={t('work.currentlyWorking')}
        options={yesNoOptions(t)}
        inline
        required
        value={yesNo(working)}
        onChange={(value) => setWorking(value === 'yes')}
        error={form.errors.currentlyWorking}
      />
      {working === true ? (
        <TextField
          id="work-jobTitle"
          label={t('work.jobTitle')}
          hint={t('work.jobTitleHint')}
          autoComplete="organization-title"
          required
          value={jobTitle}
          onChange={(event) => setJobTitle(event.target.value)}
          error={form.errors.jobTitle}
        />
      ) : working === false ? (
        <TextField
          id="work-jobTitle"
          label={t('work.lastPaidWork')}
          hint={t('work.jobTitleHint')}
          autoComplete="organization-title"
          value={jobTitle}
          onChange={(event) => setJobTitle(event.target.value)}
          error={form.errors.jobTitle}
        />
      ) : null}
    </SectionForm>
  );
}

export { TERRORISM_QUESTION };

export function DeclarationPage({ traveler }: { traveler: TravelerDetail }) {
  const t = useT(postPaymentMessages);
  const apiText = useApiText();
  const paths = useTravelerPaths(traveler, 'declaration');
  const questions = useQuestions(traveler);
  const d = traveler.declaration;
  const [hasConvictions, setHasConvictions] = useState<boolean | null>(d.hasConvictions);
  const [details, setDetails] = useState(d.convictionDetails ?? '');
  const [terrorism, setTerrorism] = useState<boolean | null>(d.hasTerroristActivities);
  const form = useSectionForm({
    path: 'declaration',
    fallback: PostPaymentText.declarationFailed,
    schema: DeclarationBody,
    body: () => ({
      travelerId: traveler.id,
      hasConvictions,
      convictionDetails: hasConvictions === true ? details : '',
      hasTerroristActivities: terrorism,
    }),
    fieldIds: {
      hasConvictions: 'declaration-hasConvictions',
      convictionDetails: 'declaration-convictionDetails',
      hasTerroristActivities: 'declaration-hasTerroristActivities',
    },
    next: paths.next,
    access: paths.access,
  });
  return (
    <SectionForm
      title={t('section.declaration.heading')}
      caption={paths.caption}
      back={paths.back}
      form={form}
    >
      <ParentNote questions={questions} />
      <RadioGroup
        id="declaration-hasConvictions"
        name="hasConvictions"
        legend={questions.ask('convictions')}
        options={yesNoOptions(t)}
        inline
        required
        value={yesNo(hasConvictions)}
        onChange={(value) => setHasConvictions(value === 'yes')}
        error={form.errors.hasConvictions}
      />
      {hasConvictions === true ? (
        <div className="wp-field">
          <label className="wp-label" htmlFor="declaration-convictionDetails">
            {questions.ask('convictionDetails')}
            <span className="wp-required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          {form.errors.convictionDetails ? (
            <p className="wp-field-error" id="declaration-convictionDetails-error">
              <span className="wp-visually-hidden">{t('declaration.errorPrefix')}</span>
              {apiText(form.errors.convictionDetails)}
            </p>
          ) : null}
          <textarea
            id="declaration-convictionDetails"
            className="wp-input wpp-textarea"
            rows={4}
            maxLength={2000}
            required
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            aria-invalid={form.errors.convictionDetails ? true : undefined}
            aria-describedby={
              form.errors.convictionDetails ? 'declaration-convictionDetails-error' : undefined
            }
          />
        </div>
      ) : null}
      <RadioGroup
        id="declaration-hasTerroristActivities"
        name="hasTerroristActivities"
        legend={questions.ask('terrorism')}
        options={yesNoOptions(t)}
        inline
        required
        value={yesNo(terrorism)}
        onChange={(value) => setTerrorism(value === 'yes')}
        error={form.errors.hasTerroristActivities}
      />
    </SectionForm>
  );
}
