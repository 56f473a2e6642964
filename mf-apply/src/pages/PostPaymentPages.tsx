import {
  Navigate,
  NotFoundPage,
  useRemoteContext,
  useRoutes,
  type RouteObject,
} from '@waypoint/platform';
import { ApplicantsPhotoPage, PassportPagePage } from '../post-payment/DocumentPages';
import { TravelerPage } from '../post-payment/PageFrame';
import { FirstTravelerRedirect, PostPaymentLayout } from '../post-payment/PostPaymentLayout';
import { PhoneUploadPage } from '../post-payment/PhoneUploadPage';
import { ReviewPage } from '../post-payment/ReviewPage';
import {
  DeclarationPage,
  GeneralInfoPage,
  PassportInformationPage,
  PersonalInformationPage,
  WorkPage,
} from '../post-payment/SectionForms';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocale, useT } from '@waypoint/ui';
import { postPaymentMessages } from '../post-payment/i18n/catalog';
import {
  ORDER_SECTIONS,
  TRAVELER_SECTIONS,
  type Locale,
  type OrderSection,
  type TravelerDetail,
  type TravelerSectionSlug,
} from '@waypoint/contracts';

export { PostPaymentLayout };

/** The page of each traveller section of the journey; a section added there needs its page here. */
const TRAVELER_PAGES: Record<TravelerSectionSlug, (traveler: TravelerDetail) => ReactNode> = {
  'passport-page': (traveler) => <PassportPagePage traveler={traveler} />,
  'applicants-photo': (traveler) => <ApplicantsPhotoPage traveler={traveler} />,
  'personal-information': (traveler) => <PersonalInformationPage traveler={traveler} />,
  'passport-information': (traveler) => <PassportInformationPage traveler={traveler} />,
  work: (traveler) => <WorkPage traveler={traveler} />,
  declaration: (traveler) => <DeclarationPage traveler={traveler} />,
};

/** A traveller's page, titled in the page's language. */
function TravelerSectionPage({ slug }: { slug: TravelerSectionSlug }) {
  const t = useT(postPaymentMessages);
  return (
    <TravelerPage slug={slug} title={t(`section.${slug}.heading`)} render={TRAVELER_PAGES[slug]} />
  );
}

/** The pages of one traveller, under `travelers/:travelerId/`, in the journey's order. */
const travelerPages: RouteObject[] = TRAVELER_SECTIONS.map((section) => ({
  path: section.slug,
  element: <TravelerSectionPage slug={section.slug} />,
}));

/** The page of each order section of the journey. */
const ORDER_PAGES: Record<OrderSection['slug'], ReactNode> = {
  'general-info': <GeneralInfoPage />,
  review: <ReviewPage />,
};

/** The post-payment pages under /application/{id}/ (inside {@link PostPaymentLayout}). */
export const postPaymentPages: RouteObject[] = [
  ...ORDER_SECTIONS.filter((section) => section.kind !== 'review').map((section) => ({
    path: section.slug,
    element: ORDER_PAGES[section.slug],
  })),
  {
    path: 'travelers/:travelerId',
    children: [
      { index: true, element: <Navigate to={TRAVELER_SECTIONS[0].slug} replace /> },
      ...travelerPages,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The spec's short paths open traveller 1's page.
  ...TRAVELER_SECTIONS.map((section) => ({
    path: section.slug,
    element: <FirstTravelerRedirect slug={section.slug} />,
  })),
  ...ORDER_SECTIONS.filter((section) => section.kind === 'review').map((section) => ({
    path: section.slug,
    element: ORDER_PAGES[section.slug],
  })),
];

/** The phone's upload page, mounted by the shell under /upload (no sign-in: the link is the permission). */
export const uploadRoutes: RouteObject[] = [
  { path: ':token', element: <PhoneUploadPage /> },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * Shows these pages once their messages in the page's language have arrived (English comes with the code; another
 * language is downloaded when these pages first open in it), with the portal's loading state meanwhile. The pages
 * then never wait for their messages half-way through rendering.
 */
function WithMessages({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const { loading } = useRemoteContext();
  const [settled, setSettled] = useState<Locale | null>(null);
  const ready = postPaymentMessages.loaded(locale) || settled === locale;
  useEffect(() => {
    if (ready) return undefined;
    let current = true;
    // A failed download leaves it to the pages' own loading, whose error shows the portal's Try again.
    const settle = () => {
      if (current) setSettled(locale);
    };
    postPaymentMessages.load(locale).then(settle, settle);
    return () => {
      current = false;
    };
  }, [locale, ready]);
  return ready ? children : loading;
}

function PostPaymentRouter() {
  return useRoutes([
    {
      element: <PostPaymentLayout />,
      children: [
        { index: true, element: <Navigate to={ORDER_SECTIONS[0].slug} replace /> },
        ...postPaymentPages,
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}

/** Everything under /application/{id}/, as one component the wizard's routes load on first use. */
export function PostPaymentRoutes() {
  return (
    <WithMessages>
      <PostPaymentRouter />
    </WithMessages>
  );
}

function UploadRouter() {
  return useRoutes(uploadRoutes);
}

/** The phone's upload pages, as one component loaded on first use. */
export function UploadRoutes() {
  return (
    <WithMessages>
      <UploadRouter />
    </WithMessages>
  );
}
