import type { FormEvent, ReactNode } from 'react';
import type { ChangeRequestItem, TravelerDetail } from '@waypoint/contracts';
import { useLocation, useNavigate } from '@waypoint/platform';
import { useGetCountriesQuery } from '@waypoint/platform/api';
import { useApiText } from '@waypoint/platform/i18n';
import { Button, ErrorBox, ErrorSummary, useT, type FieldError } from '@waypoint/ui';
import { useSectionAccess } from './casework';
import { ChangeNotice, LockedNote } from './ChangeNotice';
import { usePostPayment } from './context';
import { postPaymentMessages, type PostPaymentT } from './i18n/catalog';
import { PageFrame } from './PageFrame';
import {
  nextPath,
  previousPath,
  returnsToReview,
  reviewPath,
  travelerPath,
  travelerTitle,
  type TravelerSectionSlug,
} from './sections';

/** The options of a yes/no question, in the page's language. */
export const yesNoOptions = (t: PostPaymentT) => [
  { value: 'yes', label: t('form.yes') },
  { value: 'no', label: t('form.no') },
];

/** A yes/no answer as the radio group holds it: null until the traveller answers. */
export const yesNo = (value: boolean | null): string | null =>
  value === null ? null : value ? 'yes' : 'no';

export interface SectionFormProps {
  title: string;
  caption?: string;
  back: string | null;
  form: {
    summary: FieldError[];
    attempt: number;
    serverError: string | null;
    saving: boolean;
    readOnly: boolean;
    /** The change staff asked for on this section, shown above its fields. */
    change: ChangeRequestItem | null;
    /** True on a section staff did not ask to change while the order waits for changes. */
    locked: boolean;
    onSubmit: (event: FormEvent) => void;
  };
  children: ReactNode;
}

/** The frame of every section form: red box, error summary, fields, Back and Save & Continue. */
export function SectionForm({ title, caption, back, form, children }: SectionFormProps) {
  const t = useT(postPaymentMessages);
  const apiText = useApiText();
  const navigate = useNavigate();
  return (
    <PageFrame title={title} caption={caption}>
      {form.serverError ? <ErrorBox>{apiText(form.serverError)}</ErrorBox> : null}
      <ErrorSummary errors={form.summary} focusKey={form.attempt} />
      <ChangeNotice change={form.change} />
      <LockedNote locked={form.locked} />
      <form onSubmit={form.onSubmit} noValidate className="wpw-narrow">
        <fieldset disabled={form.readOnly} className="wpp-fieldset">
          <legend className="wp-visually-hidden">{title}</legend>
          <div className="wp-stack">{children}</div>
        </fieldset>
        <div className="wp-actions wpp-actions">
          {back ? (
            <Button variant="secondary" onClick={() => navigate(back)}>
              {t('form.back')}
            </Button>
          ) : null}
          <Button type="submit" busy={form.saving} busyLabel={t('form.saving')}>
            {form.readOnly ? t('form.continue') : t('form.saveContinue')}
          </Button>
        </div>
      </form>
    </PageFrame>
  );
}

/**
 * Where a page's Save & Continue and Back lead: along the flow, or back to "Check your answers" when the page was
 * opened by one of its Change links, or is one staff asked to change (the review lists what is left).
 */
export function useFlowPaths(
  here: string,
  change: ChangeRequestItem | null = null,
): { next: string; back: string | null } {
  const { application } = usePostPayment();
  const { search } = useLocation();
  if (returnsToReview(search) || change) {
    const review = reviewPath(application.id);
    return { next: review, back: review };
  }
  return { next: nextPath(application, here), back: previousPath(application, here) };
}

/** A traveller's page: where it leads, its caption, and whether it can be changed now. */
export function useTravelerPaths(traveler: TravelerDetail, slug: TravelerSectionSlug) {
  const t = useT(postPaymentMessages);
  const { application } = usePostPayment();
  const access = useSectionAccess(slug, traveler.id);
  const paths = useFlowPaths(travelerPath(application.id, traveler.id, slug), access.change);
  return { ...paths, caption: travelerTitle(t, application, traveler), access };
}

export function useCountryList() {
  const countries = useGetCountriesQuery();
  return { list: countries.data ?? [], loading: countries.isLoading };
}
