import { useState } from 'react';
import {
  DEFAULT_PHONE_CODE,
  DeclarationBody,
  GeneralInfoBody,
  PHONE_CODES,
  PersonalInfoBody,
  PostPaymentText,
  WorkInfoBody,
  type TravelerDetail,
} from '@waypoint/contracts';
import { CountryPicker, RadioGroup, Select, TextField } from '@waypoint/ui';
import { usePostPayment } from './context';
import { generalInfoPath } from './sections';
import {
  SectionForm,
  useCountryList,
  useFlowPaths,
  useTravelerPaths,
  YES_NO,
  yesNo,
} from './SectionForm';
import { useSectionForm } from './useSectionForm';
import { TERRORISM_QUESTION } from './questions';

export { PassportInformationPage } from './PassportInformationPage';

// The forms hold the traveller's own answers only: a question they have not answered starts unanswered (no
// default), so Save & Continue never stores an answer nobody gave; the contracts refuse it with its message.

export function GeneralInfoPage() {
  const { application } = usePostPayment();
  const [countryCode, setCountryCode] = useState(
    application.generalInfo.countryCode || DEFAULT_PHONE_CODE,
  );
  const [phoneNumber, setPhoneNumber] = useState(application.generalInfo.phoneNumber ?? '');
  const [preference, setPreference] = useState(
    application.generalInfo.notificationPreference ?? 'whatsapp',
  );
  const paths = useFlowPaths(generalInfoPath(application.id));
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
  });
  return (
    <SectionForm title="General Information" back={paths.back} form={form}>
      <p className="wpw-muted">How we contact you about this application.</p>
      <div className="wpp-phone">
        <Select
          id="general-countryCode"
          label="Country code"
          options={PHONE_CODES.map(({ code, region }) => ({
            value: code,
            label: `${code} (${region})`,
          }))}
          value={countryCode}
          onChange={setCountryCode}
          error={form.errors.countryCode}
        />
        <TextField
          id="general-phoneNumber"
          label="Phone number"
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
        legend="How should we send you updates?"
        options={[
          { value: 'whatsapp', label: 'WhatsApp' },
          { value: 'sms', label: 'SMS' },
          { value: 'neither', label: 'Neither' },
        ]}
        value={preference}
        onChange={(value) => setPreference(value as typeof preference)}
        error={form.errors.notificationPreference}
      />
    </SectionForm>
  );
}

export function PersonalInformationPage({ traveler }: { traveler: TravelerDetail }) {
  const paths = useTravelerPaths(traveler, 'personal-information');
  const countries = useCountryList();
  const p = traveler.personal;
  const [countryOfBirth, setCountryOfBirth] = useState(p.countryOfBirth ?? '');
  const [residentCountry, setResidentCountry] = useState(p.residentCountry ?? '');
  const [gender, setGender] = useState<'male' | 'female' | null>(p.gender);
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
  });
  return (
    <SectionForm title="Personal information" caption={paths.caption} back={paths.back} form={form}>
      <CountryPicker
        id="personal-countryOfBirth"
        label="Country of birth"
        countries={countries.list}
        loading={countries.loading}
        value={countryOfBirth || null}
        onChange={setCountryOfBirth}
        required
        error={form.errors.countryOfBirth}
      />
      <CountryPicker
        id="personal-residentCountry"
        label="Resident country"
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
        legend="Gender"
        hint="As listed in your passport"
        options={[
          { value: 'male', label: 'Male' },
          { value: 'female', label: 'Female' },
        ]}
        inline
        required
        value={gender}
        onChange={(value) => setGender(value === 'female' ? 'female' : 'male')}
        error={form.errors.gender}
      />
      <TextField
        id="personal-residenceAddress"
        label="Residence street address"
        autoComplete="street-address"
        required
        value={residenceAddress}
        onChange={(event) => setResidenceAddress(event.target.value)}
        error={form.errors.residenceAddress}
      />
      <TextField
        id="personal-cityTown"
        label="City/town"
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
      jobTitle: working === true ? jobTitle : '',
    }),
    fieldIds: { currentlyWorking: 'work-currentlyWorking', jobTitle: 'work-jobTitle' },
    next: paths.next,
  });
  return (
    <SectionForm title="Work" caption={paths.caption} back={paths.back} form={form}>
      <RadioGroup
        id="work-currentlyWorking"
        name="currentlyWorking"
        legend="Do you currently work?"
        options={YES_NO}
        inline
        required
        value={yesNo(working)}
        onChange={(value) => setWorking(value === 'yes')}
        error={form.errors.currentlyWorking}
      />
      {working === true ? (
        <TextField
          id="work-jobTitle"
          label="Job title"
          hint="If retired, provide details of your last paid work"
          autoComplete="organization-title"
          required
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
  const paths = useTravelerPaths(traveler, 'declaration');
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
  });
  return (
    <SectionForm title="Declaration" caption={paths.caption} back={paths.back} form={form}>
      <RadioGroup
        id="declaration-hasConvictions"
        name="hasConvictions"
        legend="Have you ever been convicted of a criminal offence?"
        options={YES_NO}
        inline
        required
        value={yesNo(hasConvictions)}
        onChange={(value) => setHasConvictions(value === 'yes')}
        error={form.errors.hasConvictions}
      />
      {hasConvictions === true ? (
        <div className="wp-field">
          <label className="wp-label" htmlFor="declaration-convictionDetails">
            What did you do?
            <span className="wp-required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          {form.errors.convictionDetails ? (
            <p className="wp-field-error" id="declaration-convictionDetails-error">
              <span className="wp-visually-hidden">Error: </span>
              {form.errors.convictionDetails}
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
        legend={TERRORISM_QUESTION}
        options={YES_NO}
        inline
        required
        value={yesNo(terrorism)}
        onChange={(value) => setTerrorism(value === 'yes')}
        error={form.errors.hasTerroristActivities}
      />
    </SectionForm>
  );
}
