import { Navigate, NotFoundPage, useRoutes, type RouteObject } from '@waypoint/platform';
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
import { TRAVELER_SECTIONS } from '../post-payment/sections';

export { PostPaymentLayout };

/** The pages of one traveller, under `travelers/:travelerId/`, with the spec's page names. */
const travelerPages: RouteObject[] = [
  {
    path: 'passport-page',
    element: (
      <TravelerPage
        title="Passport page"
        render={(traveler) => <PassportPagePage traveler={traveler} />}
      />
    ),
  },
  {
    path: 'applicants-photo',
    element: (
      <TravelerPage
        title="Applicant's photo"
        render={(traveler) => <ApplicantsPhotoPage traveler={traveler} />}
      />
    ),
  },
  {
    path: 'personal-information',
    element: (
      <TravelerPage
        title="Personal information"
        render={(traveler) => <PersonalInformationPage traveler={traveler} />}
      />
    ),
  },
  {
    path: 'passport-information',
    element: (
      <TravelerPage
        title="Passport information"
        render={(traveler) => <PassportInformationPage traveler={traveler} />}
      />
    ),
  },
  {
    path: 'work',
    element: <TravelerPage title="Work" render={(traveler) => <WorkPage traveler={traveler} />} />,
  },
  {
    path: 'declaration',
    element: (
      <TravelerPage
        title="Declaration"
        render={(traveler) => <DeclarationPage traveler={traveler} />}
      />
    ),
  },
];

/** The post-payment pages under /application/{id}/ (inside {@link PostPaymentLayout}). */
export const postPaymentPages: RouteObject[] = [
  { path: 'general-info', element: <GeneralInfoPage /> },
  {
    path: 'travelers/:travelerId',
    children: [
      { index: true, element: <Navigate to="passport-page" replace /> },
      ...travelerPages,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  // The spec's short paths open traveller 1's page.
  ...TRAVELER_SECTIONS.map((section) => ({
    path: section.slug,
    element: <FirstTravelerRedirect slug={section.slug} />,
  })),
  { path: 'review', element: <ReviewPage /> },
];

/** The phone's upload page, mounted by the shell under /upload (no sign-in: the link is the permission). */
export const uploadRoutes: RouteObject[] = [
  { path: ':token', element: <PhoneUploadPage /> },
  { path: '*', element: <NotFoundPage /> },
];

/** Everything under /application/{id}/, as one component the wizard's routes load on first use. */
export function PostPaymentRoutes() {
  return useRoutes([
    {
      element: <PostPaymentLayout />,
      children: [
        { index: true, element: <Navigate to="general-info" replace /> },
        ...postPaymentPages,
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}

/** The phone's upload pages, as one component loaded on first use. */
export function UploadRoutes() {
  return useRoutes(uploadRoutes);
}
