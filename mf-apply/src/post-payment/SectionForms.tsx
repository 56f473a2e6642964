import { useState, type FormEvent, type ReactNode } from 'react';
import {
  DEFAULT_PHONE_CODE,
  DeclarationBody,
  GeneralInfoBody,
  PHONE_CODES,
  PassportInfoBody,
  PersonalInfoBody,
  PostPaymentText,
  WorkInfoBody,
  type TravelerDetail,
} from '@waypoint/contracts';
import { useGetCountriesQuery, useNavigate } from '@waypoint/platform';
import {
  Button,
  CountryPicker,
  ErrorBox,
  ErrorSummary,
  RadioGroup,
  Select,
  TextField,
  type FieldError,
} from '@waypoint/ui';
import { usePostPayment } from './context';
import { PageFrame } from './PageFrame';
import {
  generalInfoPath,
  nextPath,
  previousPath,
  travelerPath,
  travelerTitle,
  type TravelerSectionSlug,
} from './sections';
import { useSectionForm } from './useSectionForm';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

interface SectionFormProps {
  title: string;
  caption?: string;
  back: string | null;
  form: {
    summary: FieldError[];
    attempt: number;
    serverError: string | null;
    saving: boolean;
    readOnly: boolean;
    onSubmit: (event: FormEvent) => void;
  };
  children: ReactNode;
}

/** The frame of every section form: red box, error summary, fields, Back and Save & Continue. */
function SectionForm({ title, caption, back, form, children }: SectionFormProps) {
  const navigate = useNavigate();
  return (
    <PageFrame title={title} caption={caption}>
      {form.serverError ? <ErrorBox>{form.serverError}</ErrorBox> : null}
      <ErrorSummary errors={form.summary} focusKey={form.attempt} />
      <form onSubmit={form.onSubmit} noValidate className="wpw-narrow">
        <fieldset disabled={form.readOnly} className="wpp-fieldset">
          <legend className="wp-visually-hidden">{title}</legend>
          <div className="wp-stack">{children}</div>
        </fieldset>
        <div className="wp-actions wpp-actions">
          {back ? (
            <Button variant="secondary" onClick={() => navigate(back)}>
              Back
            </Button>
          ) : null}
          <Button type="submit" busy={form.saving} busyLabel="Saving...">
            {form.readOnly ? 'Continue' : 'Save & Continue'}
          </Button>
        </div>
      </form>
    </PageFrame>
  );
}

function useTravelerPaths(traveler: TravelerDetail, slug: TravelerSectionSlug) {
  const { application } = usePostPayment();
  const here = travelerPath(application.id, traveler.id, slug);
  return {
    next: nextPath(application, here),
    back: previousPath(application, here),
    caption: travelerTitle(application, traveler),
  };
}

function useCountryList() {
  const countries = useGetCountriesQuery();
  return { list: countries.data ?? [], loading: countries.isLoading };
}

export function GeneralInfoPage() {
  const { application } = usePostPayment();
  const [countryCode, setCountryCode] = useState(
    application.generalInfo.countryCode || DEFAULT_PHONE_CODE,
  );
  const [phoneNumber, setPhoneNumber] = useState(application.generalInfo.phoneNumber ?? '');
  const [preference, setPreference] = useState(
    application.generalInfo.notificationPreference ?? 'whatsapp',
  );
  const here = generalInfoPath(application.id);
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
    next: nextPath(application, here),
  });
  return (
    <SectionForm title="General Information" back={null} form={form}>
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
  const [countryOfBirth, setCountryOfBirth] = useState(p.countryOfBirth ?? 'US');
  const [residentCountry, setResidentCountry] = useState(p.residentCountry ?? 'US');
  const [gender, setGender] = useState<'male' | 'female'>(p.gender ?? 'male');
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

export function PassportInformationPage({ traveler }: { traveler: TravelerDetail }) {
  const paths = useTravelerPaths(traveler, 'passport-information');
  const countries = useCountryList();
  const [issuingCountry, setIssuingCountry] = useState(
    traveler.passportInfo.issuingCountry ?? 'US',
  );
  const form = useSectionForm({
    path: 'passport-info',
    fallback: PostPaymentText.passportInfoFailed,
    schema: PassportInfoBody,
    body: () => ({ travelerId: traveler.id, issuingCountry }),
    fieldIds: { issuingCountry: 'passport-issuingCountry' },
    next: paths.next,
  });
  return (
    <SectionForm title="Passport information" caption={paths.caption} back={paths.back} form={form}>
      <CountryPicker
        id="passport-issuingCountry"
        label="Which country issued your passport"
        countries={countries.list}
        loading={countries.loading}
        value={issuingCountry || null}
        onChange={setIssuingCountry}
        required
        error={form.errors.issuingCountry}
      />
    </SectionForm>
  );
}

export function WorkPage({ traveler }: { traveler: TravelerDetail }) {
  const paths = useTravelerPaths(traveler, 'work');
  const [working, setWorking] = useState(traveler.work.currentlyWorking ?? true);
  const [jobTitle, setJobTitle] = useState(traveler.work.jobTitle ?? '');
  const form = useSectionForm({
    path: 'work-info',
    fallback: PostPaymentText.workInfoFailed,
    schema: WorkInfoBody,
    body: () => ({
      travelerId: traveler.id,
      currentlyWorking: working,
      jobTitle: working ? jobTitle : '',
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
      {working ? (
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

export const TERRORISM_QUESTION =
  'Have you ever been involved in terrorist activities, espionage, sabotage, genocide, war crimes or crimes against humanity?';

export function DeclarationPage({ traveler }: { traveler: TravelerDetail }) {
  const paths = useTravelerPaths(traveler, 'declaration');
  const d = traveler.declaration;
  const [hasConvictions, setHasConvictions] = useState(d.hasConvictions ?? false);
  const [details, setDetails] = useState(d.convictionDetails ?? '');
  const [terrorism, setTerrorism] = useState(d.hasTerroristActivities ?? false);
  const form = useSectionForm({
    path: 'declaration',
    fallback: PostPaymentText.declarationFailed,
    schema: DeclarationBody,
    body: () => ({
      travelerId: traveler.id,
      hasConvictions,
      convictionDetails: hasConvictions ? details : '',
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
      {hasConvictions ? (
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
