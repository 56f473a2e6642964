import { useEffect, type ReactNode } from 'react';
import type { DraftData } from '@waypoint/contracts';
import {
  Navigate,
  Outlet,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useNavigate,
} from '@waypoint/platform';
import { Banner, Button, PageSpinner, Stepper, useT } from '@waypoint/ui';
import { useFirstUse } from '@waypoint/platform/lazy-page';
import {
  applyApi,
  dismissBanner,
  selectApply,
  selectBannerDismissed,
  selectCurrentStep,
  useGetSessionDataQuery,
  writeApplyState,
  type WizardStep,
} from '../state';
import { useRestoreDraft } from './draftReturn';
import { SaveForLater } from './SaveForLater';
import { reachableStep, stepPath, stepperPosition } from './steps';
import { useStepperLabels } from './text';
import { applyMessages } from '../i18n/catalog';

/** Keeps the wizard in sessionStorage, so a reload of any of its pages keeps what was entered. */
export function ApplyRoot() {
  const state = useAppSelector(selectApply);
  useEffect(() => writeApplyState(state), [state]);
  return <Outlet />;
}

/**
 * The guest wizard. Trip details, which every traveller may open, shows at once (its HTML is written at build
 * time); a later step waits with a spinner until the saved application has been looked up, since that decides
 * whether the traveller may be there.
 */
export function WizardLayout({ onFirstUse }: { onFirstUse?: () => void }) {
  const session = useGetSessionDataQuery();
  const { pathname } = useLocation();
  const t = useT(applyMessages);
  useFirstUse(onFirstUse);
  if (session.isLoading && pathname !== stepPath(1)) {
    return <PageSpinner label={t('wizard.loading')} />;
  }
  return <Outlet />;
}

/**
 * 'You've already started an application.' with Continue Application and a dismiss button, whenever a saved
 * application exists that the wizard in this tab is not working on: the tab has not gone past the first step, and
 * has neither taken the saved application (Continue, a return link, a later step opened from it) nor saved it
 * itself (Save and come back later), nor closed the offer in this visit. That includes an application saved on the
 * first step only. Continue opens the saved step, or the furthest step the saved answers still reach.
 */
function SavedApplicationBanner() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const restore = useRestoreDraft();
  // Reads what the layout loaded without fetching again (a failed look-up is not retried on every page).
  const session = applyApi.endpoints.getSessionData.useQueryState();
  const currentStep = useAppSelector(selectCurrentStep);
  const dismissed = useAppSelector(selectBannerDismissed);
  const draft = session.data?.data ?? null;
  const t = useT(applyMessages);

  if (!draft || currentStep > 1 || dismissed) return null;

  const onContinue = () => navigate(stepPath(restore(draft)));

  return (
    <Banner
      title={t('wizard.saved.title')}
      onDismiss={() => dispatch(dismissBanner())}
      dismissLabel={t('wizard.saved.dismiss')}
      actions={
        <Button size="small" onClick={onContinue}>
          {t('wizard.saved.continue')}
        </Button>
      }
    />
  );
}

/**
 * A later step opened in a tab where the wizard has not started (a bookmark, a link, a new tab): the saved draft
 * is restored, and the page opens if the draft can reach it, otherwise the furthest step the draft can reach.
 */
function ResumeSavedDraft({ draft, step }: { draft: DraftData; step: WizardStep }) {
  const navigate = useNavigate();
  const restore = useRestoreDraft();
  const t = useT(applyMessages);
  useEffect(() => {
    const reachable = restore(draft);
    if (step > reachable) navigate(stepPath(reachable), { replace: true });
  }, [restore, navigate, draft, step]);
  return <PageSpinner label={t('wizard.loading')} />;
}

export interface WizardStepPageProps {
  step: WizardStep;
  title: string;
  children?: ReactNode;
}

/**
 * One page of the guest wizard: the banner and stepper for steps 1 to 4, and after the step's own content its
 * "Save and come back later" action (`SaveForLater`). A step the traveller has not reached
 * yet in this tab resumes the saved draft when that reaches it, and otherwise goes back to the furthest step
 * reached.
 */
export function WizardStepPage({ step, title, children }: WizardStepPageProps) {
  const t = useT(applyMessages);
  const stepperLabels = useStepperLabels();
  return (
    <StepGuard step={step}>
      <div className="wp-container wpw-page">
        <title>{t('page.title', { title })}</title>
        {step <= 4 ? (
          <>
            <SavedApplicationBanner />
            <Stepper steps={stepperLabels} current={stepperPosition(step)} />
          </>
        ) : null}
        <h1>{title}</h1>
        {children}
        {step <= 4 ? <SaveForLater step={step} /> : null}
      </div>
    </StepGuard>
  );
}

/**
 * Opens a step only when the traveller has reached it in this tab: otherwise the saved draft is resumed when it
 * reaches the step, or the traveller goes back to the furthest step reached. The checkout route uses it before its
 * page is downloaded, so a traveller sent back never downloads the payment form.
 */
export function StepGuard({ step, children }: { step: WizardStep; children: ReactNode }) {
  const currentStep = useAppSelector(selectCurrentStep);
  const dismissed = useAppSelector(selectBannerDismissed);
  const session = applyApi.endpoints.getSessionData.useQueryState();
  const draft = session.data?.data ?? null;
  if (step > currentStep) {
    // Only a wizard not started in this tab takes the saved draft (as the banner offers it).
    if (currentStep === 1 && !dismissed && draft && reachableStep(draft) > 1)
      return <ResumeSavedDraft draft={draft} step={step} />;
    return <Navigate to={stepPath(currentStep)} replace />;
  }
  return children;
}
