import { useState, type FormEvent } from 'react';
import {
  pickerYears,
  validatePassports,
  type PassportInput,
  type TravelerInput,
} from '@waypoint/contracts';
import { useAppDispatch, useAppSelector, useNavigate } from '@waypoint/platform';
import {
  Button,
  Checkbox,
  CollapsibleCard,
  CountryPicker,
  DateInput,
  ErrorSummary,
  RadioGroup,
  TextField,
  useT,
} from '@waypoint/ui';
import { applyMessages } from '../i18n/catalog';
import { reachStep, selectTravelers, updatePassport } from '../state';
import {
  draftOf,
  travelerName,
  travelersWithIssues,
  useOrderContext,
  useSaveDraft,
  useWizardIssues,
} from '../wizard/order';
import { SaveFailureBox } from '../wizard/SaveFailureBox';
import { WizardStepPage } from '../wizard/WizardLayout';
import { stepPath } from '../wizard/steps';

/** A traveller's passport, with the trip's country as the default nationality. */
function passportOf(traveler: TravelerInput, countryId: string | null): PassportInput {
  return (
    traveler.passport ?? {
      nationality: countryId ?? '',
      number: '',
      expirationDate: '',
      hasSecondNationality: null,
      addLater: false,
    }
  );
}

export function PassportInfoPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { saveDraft, saving, failure } = useSaveDraft();
  const { apply, countryId, countryList, countries, visaType, option } = useOrderContext();
  const travelers = useAppSelector(selectTravelers);
  const issues = useWizardIssues();
  const [closed, setClosed] = useState<Record<number, boolean>>({});
  const t = useT(applyMessages);
  const yesNo = [
    { value: 'yes', label: t('passport.yes') },
    { value: 'no', label: t('passport.no') },
  ];

  const change = (index: number, passport: PassportInput, changes: Partial<PassportInput>) =>
    dispatch(updatePassport({ index, passport: { ...passport, ...changes } }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const withPassports = travelers.map((traveler) => ({
      ...traveler,
      passport: passportOf(traveler, countryId),
    }));
    const problems = validatePassports(withPassports);
    if (problems.length > 0) {
      const open = travelersWithIssues(problems);
      setClosed((state) =>
        Object.fromEntries(Object.entries(state).filter(([index]) => !open.has(Number(index)))),
      );
      issues.show(problems);
      return;
    }
    issues.clear();
    withPassports.forEach((traveler, index) =>
      dispatch(updatePassport({ index, passport: traveler.passport })),
    );
    const saved = await saveDraft(
      draftOf(
        { ...apply, travelers: withPassports },
        { countryId, visaTypeId: visaType?.id ?? null, optionId: option?.id ?? null },
        4,
      ),
    );
    if (!saved) return;
    dispatch(reachStep(4));
    navigate(stepPath(4));
  };

  const errorFor = (index: number, field: string) => issues.byField[`passport-${index}-${field}`];

  return (
    <WizardStepPage step={3} title={t('step.passport-info.title')}>
      <ErrorSummary errors={issues.summary} focusKey={issues.attempt} />
      <SaveFailureBox failure={failure} />
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="wpw-narrow">
        <div className="wp-stack">
          {travelers.map((traveler, index) => {
            const passport = passportOf(traveler, countryId);
            const name = travelerName(traveler);
            return (
              <CollapsibleCard
                key={index}
                title={
                  name
                    ? t('travelers.titleNamed', { number: index + 1, name })
                    : t('travelers.title', { number: index + 1 })
                }
                headingLevel={2}
                open={!closed[index]}
                onOpenChange={(open) => setClosed((state) => ({ ...state, [index]: !open }))}
              >
                <CountryPicker
                  id={`passport-${index}-nationality`}
                  label={t('common.nationality')}
                  countries={countryList}
                  loading={countries.isLoading}
                  value={passport.nationality || null}
                  required
                  error={errorFor(index, 'nationality')}
                  onChange={(id) => change(index, passport, { nationality: id })}
                />
                <Checkbox
                  id={`passport-${index}-addLater`}
                  label={t('passport.addLater')}
                  checked={passport.addLater}
                  onChange={(checked) => change(index, passport, { addLater: checked })}
                />
                {passport.addLater ? null : (
                  <>
                    <TextField
                      id={`passport-${index}-number`}
                      label={t('passport.number')}
                      autoComplete="off"
                      dir="ltr"
                      spellCheck={false}
                      value={passport.number}
                      required
                      error={errorFor(index, 'number')}
                      onChange={(event) => change(index, passport, { number: event.target.value })}
                    />
                    <DateInput
                      id={`passport-${index}-expirationDate`}
                      label={t('passport.expirationDate')}
                      value={passport.expirationDate}
                      years={pickerYears('passportExpiry')}
                      required
                      error={errorFor(index, 'expirationDate')}
                      onChange={(date) => change(index, passport, { expirationDate: date })}
                    />
                    <RadioGroup
                      id={`passport-${index}-hasSecondNationality`}
                      name={`passport-${index}-second-nationality`}
                      legend={t('passport.secondNationality')}
                      options={yesNo}
                      inline
                      required
                      value={
                        passport.hasSecondNationality === null
                          ? null
                          : passport.hasSecondNationality
                            ? 'yes'
                            : 'no'
                      }
                      error={errorFor(index, 'hasSecondNationality')}
                      onChange={(value) =>
                        change(index, passport, { hasSecondNationality: value === 'yes' })
                      }
                    />
                  </>
                )}
              </CollapsibleCard>
            );
          })}
          <div className="wp-actions">
            <Button type="submit" size="large" busy={saving}>
              {t('common.saveAndContinue')}
            </Button>
          </div>
        </div>
      </form>
    </WizardStepPage>
  );
}
