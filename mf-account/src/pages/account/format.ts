const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A date as the orders show it, e.g. '21 Nov 2026' (in the user's time zone); empty when unreadable. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** The traveller count of an order: '1 adult', '3 adults' (at least one, spec section 9). */
export function formatAdults(count: number): string {
  const adults = Number.isInteger(count) && count > 0 ? count : 1;
  return `${adults} ${adults === 1 ? 'adult' : 'adults'}`;
}
