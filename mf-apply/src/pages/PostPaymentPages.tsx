import { Outlet, RequireAuth } from '@waypoint/platform';
import { PageSpinner } from '@waypoint/ui';

/** The steps after payment belong to a signed-in traveller; guests go to login and come back. */
export function PostPaymentLayout() {
  return (
    <RequireAuth loading={<PageSpinner />}>
      <Outlet />
    </RequireAuth>
  );
}

function PostPaymentPage({ title }: { title: string }) {
  return (
    <div className="wp-container">
      <title>{`${title} – Waypoint`}</title>
      <h1>{title}</h1>
    </div>
  );
}

export const postPaymentPages = [
  { path: 'general-info', title: 'General information' },
  { path: 'passport-page', title: 'Passport page' },
  { path: 'applicants-photo', title: "Applicant's photo" },
  { path: 'personal-information', title: 'Personal information' },
  { path: 'passport-information', title: 'Passport information' },
  { path: 'work', title: 'Work' },
  { path: 'declaration', title: 'Declaration' },
].map(({ path, title }) => ({ path, element: <PostPaymentPage title={title} /> }));
