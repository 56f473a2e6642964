import { useState, type FormEvent } from 'react';
import { MAX_TRAVELERS, pickerYears, validateTravelers, WizardText } from '@waypoint/contracts';
import { useAppDispatch, useAppSelector, useNavigate } from '@waypoint/platform';
import {
  Button,
  CollapsibleCard,
  DateInput,
  ErrorSummary,
  Spinner,
  TextField,
  useT,
} from '@waypoint/ui';
import { applyMessages } from '../i18n/catalog';
import { OrderCost, priceOf } from '../components/OrderCost';
import { addTraveler, reachStep, removeTraveler, selectTravelers, updateTraveler } from '../state';
import {
  draftOf,
  travelersWithIssues,
  useOrderContext,
  useSaveDraft,
  useWizardIssues,
} from '../wizard/order';
import { SaveFailureBox } from '../wizard/SaveFailureBox';
import { WizardStepPage } from '../wizard/WizardLayout';
import { stepPath } from '../wizard/steps';
import { useTravelerSummary } from '../wizard/text';

export function PersonalInfoPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { saveDraft, saving, failure } = useSaveDraft();
  const { apply, countryId, visaType, visaTypes, option, options } = useOrderContext();
  const travelers = useAppSelector(selectTravelers);
  const issues = useWizardIssues();
  const [closed, setClosed] = useState<Record<number, boolean>>({});
  const t = useT(applyMessages);
  const travelerSummary = useTravelerSummary();

  const onAdd = () => {
    if (travelers.length >= MAX_TRAVELERS) {
      issues.showProblem('add-traveler', WizardText.maxTravelers);
      return;
    }
    dispatch(addTraveler());
    issues.clear();
  };

  const onRemove = (index: number) => {
    dispatch(removeTraveler(index));
    issues.clear();
    setClosed({});
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const problems = validateTravelers(travelers);
    if (problems.length > 0) {
      // Cards with a problem open, so the summary's links reach their fields.
      const open = travelersWithIssues(problems);
      setClosed((state) =>
        Object.fromEntries(Object.entries(state).filter(([index]) => !open.has(Number(index)))),
      );
      issues.show(problems);
      return;
    }
    issues.clear();
    const saved = await saveDraft(
      draftOf(
        apply,
        { countryId, visaTypeId: visaType?.id ?? null, optionId: option?.id ?? null },
        3,
      ),
    );
    if (!saved) return;
    dispatch(reachStep(3));
    navigate(stepPath(3));
  };

  const errorFor = (index: number, field: string) => issues.byField[`traveler-${index}-${field}`];

  return (
    <WizardStepPage step={2} title={t('step.personal-info.title')}>
      <ErrorSummary errors={issues.summary} focusKey={issues.attempt} />
      <SaveFailureBox failure={failure} />
      <form className="wp-two-columns" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="wp-stack">
          {travelers.map((traveler, index) => (
            <CollapsibleCard
              key={index}
              title={t('travelers.title', { number: index + 1 })}
              headingLevel={2}
              open={!closed[index]}
              onOpenChange={(open) => setClosed((state) => ({ ...state, [index]: !open }))}
              actions={
                travelers.length > 1 ? (
                  <Button
                    variant="link"
                    size="small"
                    onClick={() => onRemove(index)}
                    aria-label={t('travelers.removeLabel', { number: index + 1 })}
                  >
                    {t('travelers.remove')}
                  </Button>
                ) : null
              }
            >
              <TextField
                id={`traveler-${index}-firstName`}
                label={t('travelers.firstName')}
                autoComplete={index === 0 ? 'given-name' : 'off'}
                value={traveler.firstName}
                required
                error={errorFor(index, 'firstName')}
                onChange={(event) =>
                  dispatch(updateTraveler({ index, changes: { firstName: event.target.value } }))
                }
              />
              <TextField
                id={`traveler-${index}-lastName`}
                label={t('travelers.lastName')}
                autoComplete={index === 0 ? 'family-name' : 'off'}
                value={traveler.lastName}
                required
                error={errorFor(index, 'lastName')}
                onChange={(event) =>
                  dispatch(updateTraveler({ index, changes: { lastName: event.target.value } }))
                }
              />
              <DateInput
                id={`traveler-${index}-dateOfBirth`}
                label={t('travelers.dateOfBirth')}
                value={traveler.dateOfBirth}
                years={pickerYears('birth')}
                required
                error={errorFor(index, 'dateOfBirth')}
                onChange={(date) =>
                  dispatch(updateTraveler({ index, changes: { dateOfBirth: date } }))
                }
              />
              {index === 0 ? (
                <TextField
                  id="traveler-0-email"
                  label={t('common.email')}
                  type="email"
                  dir="ltr"
                  autoComplete="email"
                  hint={t('travelers.email.hint')}
                  value={traveler.email ?? ''}
                  required
                  error={errorFor(0, 'email')}
                  onChange={(event) =>
                    dispatch(updateTraveler({ index: 0, changes: { email: event.target.value } }))
                  }
                />
              ) : null}
            </CollapsibleCard>
          ))}
          <Button id="add-traveler" variant="secondary" onClick={onAdd}>
            {t('travelers.add')}
          </Button>
        </div>
        <div className="wp-stack">
          {visaType && !options.isLoading ? (
            <OrderCost
              price={priceOf(visaType, option, travelers.length)}
              travelerSummary={travelerSummary(
                travelers.map((traveler) => traveler.dateOfBirth),
                apply.hasPlannedDates ? apply.arrivalDate : null,
              )}
            />
          ) : visaTypes.isLoading || options.isLoading ? (
            <Spinner label={t('common.loadingPrices')} showLabel />
          ) : null}
          <Button type="submit" size="large" fullWidth busy={saving}>
            {t('common.saveAndContinue')}
          </Button>
        </div>
      </form>
    </WizardStepPage>
  );
}
