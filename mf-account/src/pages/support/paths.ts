/** The help centre's contact page: how to reach support without an order. */
export const HELP_CONTACT_PATH = '/help/contact';

/** Where a signed-in traveller reads one of their conversations. */
export const conversationPath = (id: string) => `/contact/${encodeURIComponent(id)}`;

/** The contact page opened from an order ("Ask about this order") with that order chosen. */
export const askAboutOrderPath = (applicationId: string) =>
  `/contact?order=${encodeURIComponent(applicationId)}`;
