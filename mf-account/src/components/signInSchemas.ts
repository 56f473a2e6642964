// The sign-in form's schemas on their own: the login page draws without the schema library, and downloads them
// (with it) on the user's first key or tap, or when the form is sent (see LoginPage).
export { CheckEmailBody, LoginBody } from '@waypoint/contracts';
