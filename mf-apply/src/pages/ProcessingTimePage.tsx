import type { FormEvent } from 'react';
import { validateProcessing } from '@waypoint/contracts';
import { useAppDispatch, useAppSelector, useNavigate } from '@waypoint/platform';
import { Button, ErrorBox, ErrorSummary, Spinner, useT } from '@waypoint/ui';
import { useApiText } from '@waypoint/platform/i18n';
import { applyMessages } from '../i18n/catalog';
import { OrderCost, priceOf } from '../components/OrderCost';
import { ProcessingSpeeds } from '../components/ProcessingSpeeds';
import { reachStep, selectProcessingOption, selectTravelers } from '../state';
import { draftOf, useOrderContext, useSaveDraft, useWizardIssues } from '../wizard/order';
import { SaveFailureBox } from '../wizard/SaveFailureBox';
import { WizardStepPage } from '../wizard/WizardLayout';
import { stepPath } from '../wizard/steps';
import { useTravelerSummary } from '../wizard/text';

export function ProcessingTimePage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { saveDraft, saving, failure } = useSaveDraft();
  const { apply, countryId, visaType, visaTypes, options, optionList, option } = useOrderContext();
  const travelers = useAppSelector(selectTravelers);
  const issues = useWizardIssues();
  const t = useT(applyMessages);
  const apiText = useApiText();
  const travelerSummary = useTravelerSummary();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const problems = validateProcessing(option?.id);
    issues.show(problems);
    if (problems.length > 0 || !option) return;
    dispatch(selectProcessingOption(option.id));
    const saved = await saveDraft(
      draftOf(apply, { countryId, visaTypeId: visaType?.id ?? null, optionId: option.id }, 5),
    );
    if (!saved) return;
    dispatch(reachStep(5));
    navigate(stepPath(5));
  };

  const loading = visaTypes.isLoading || options.isLoading;
  const loadError = options.isError ? options.error : visaTypes.isError ? visaTypes.error : null;

  return (
    <WizardStepPage step={4} title={t('step.processing-time.title')}>
      <ErrorSummary errors={issues.summary} focusKey={issues.attempt} />
      <SaveFailureBox failure={failure} />
      {loadError ? (
        <ErrorBox title={t('processing.loadFailed')}>
          <p>{apiText(loadError.message ?? '')}</p>
          <Button
            variant="secondary"
            size="small"
            onClick={() => void (options.isError ? options.refetch() : visaTypes.refetch())}
          >
            {t('common.tryAgain')}
          </Button>
        </ErrorBox>
      ) : null}
      <form className="wp-two-columns" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div>
          {loading ? <Spinner label={t('processing.loading')} showLabel /> : null}
          {optionList.length > 0 || !loading ? (
            <ProcessingSpeeds
              id="processing-option"
              options={optionList}
              value={option?.id ?? null}
              travelerCount={travelers.length}
              error={issues.byField['processing-option']}
              onChange={(id) => dispatch(selectProcessingOption(id))}
            />
          ) : null}
        </div>
        <div className="wp-stack wpw-processing-aside">
          {visaType && option ? (
            <OrderCost
              price={priceOf(visaType, option, travelers.length)}
              title={t('processing.summary')}
              travelerSummary={travelerSummary(
                travelers.map((traveler) => traveler.dateOfBirth),
                apply.hasPlannedDates ? apply.arrivalDate : null,
              )}
            />
          ) : null}
          <Button type="submit" size="large" fullWidth busy={saving}>
            {t('common.saveAndContinue')}
          </Button>
        </div>
      </form>
    </WizardStepPage>
  );
}
