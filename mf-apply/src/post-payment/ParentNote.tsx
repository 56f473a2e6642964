import type { TravelerDetail } from '@waypoint/contracts';
import { Banner, useT } from '@waypoint/ui';
import { usePostPayment } from './context';
import { postPaymentMessages } from './i18n/catalog';
import { questionsFor, type Questions } from './questions';

/** The wording of a traveller's questions on this order: to them, or to the parent or guardian answering. */
export function useQuestions(traveler: TravelerDetail): Questions {
  const t = useT(postPaymentMessages);
  const { application } = usePostPayment();
  return questionsFor(t, application, traveler);
}

/** Said first on a section a parent or guardian answers for a traveller under 16. */
export function ParentNote({ questions }: { questions: Questions }) {
  const t = useT(postPaymentMessages);
  if (!questions.parent) return null;
  return (
    <Banner className="wpp-parent-note">
      <p>{t('parent.intro', { firstName: questions.firstName })}</p>
    </Banner>
  );
}
