/*
 * The card brands the portal accepts, drawn inline: the CSP allows images only from 'self' and data:, and three
 * small marks are not worth a request each.
 */

import { useT } from '@waypoint/ui';
import { applyMessages } from '../i18n/catalog';

export type CardBrand = 'visa' | 'mastercard' | 'amex';

const BRAND_NAME: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

const BRANDS: readonly CardBrand[] = ['visa', 'mastercard', 'amex'];

/** The brand a card number belongs to, from its first digits (null until they tell). */
export function cardBrandOf(number: string): CardBrand | null {
  const digits = number.replace(/\D/g, '');
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  const four = Number(digits.slice(0, 4));
  if (digits.length >= 4 && four >= 2221 && four <= 2720) return 'mastercard';
  return null;
}

function BrandMark({ brand }: { brand: CardBrand }) {
  const common = {
    role: 'img',
    'aria-label': BRAND_NAME[brand],
    viewBox: '0 0 38 24',
    width: 38,
    height: 24,
    focusable: 'false' as const,
  };
  if (brand === 'visa') {
    return (
      <svg {...common}>
        <rect x="0.5" y="0.5" width="37" height="23" rx="3.5" fill="#fff" stroke="#d5dbe1" />
        <text
          x="19"
          y="16.2"
          textAnchor="middle"
          fontFamily="Arial, Helvetica, sans-serif"
          fontSize="11"
          fontStyle="italic"
          fontWeight="900"
          letterSpacing="0.3"
          fill="#1a1f71"
        >
          VISA
        </text>
      </svg>
    );
  }
  if (brand === 'mastercard') {
    return (
      <svg {...common}>
        <rect x="0.5" y="0.5" width="37" height="23" rx="3.5" fill="#fff" stroke="#d5dbe1" />
        <circle cx="15" cy="12" r="7" fill="#eb001b" />
        <circle cx="23" cy="12" r="7" fill="#f79e1b" />
        <path d="M19 6.26a7 7 0 0 1 0 11.48a7 7 0 0 1 0-11.48z" fill="#ff5f00" />
      </svg>
    );
  }
  return (
    <svg {...common}>
      <rect width="38" height="24" rx="4" fill="#006fcf" />
      <text
        x="19"
        y="15.6"
        textAnchor="middle"
        fontFamily="Arial, Helvetica, sans-serif"
        fontSize="8.6"
        fontWeight="900"
        letterSpacing="0.4"
        fill="#fff"
      >
        AMEX
      </text>
    </svg>
  );
}

/** The accepted brands; once the number shows its brand, the others fade. */
export function CardBrands({ number = '' }: { number?: string }) {
  const current = cardBrandOf(number);
  const t = useT(applyMessages);
  return (
    <ul className="wpw-brands" aria-label={t('payment.brands')}>
      {BRANDS.map((brand) => (
        <li
          key={brand}
          className={
            current && current !== brand
              ? 'wpw-brands__item wpw-brands__item--dim'
              : 'wpw-brands__item'
          }
        >
          <BrandMark brand={brand} />
        </li>
      ))}
    </ul>
  );
}

/** Where the money goes and what is kept, with the refund terms, under the Pay button. */
export function PaymentAssurance() {
  const t = useT(applyMessages);
  return (
    <div className="wpw-assurance">
      <p className="wpw-assurance__note">
        <svg
          className="wpw-assurance__icon"
          viewBox="0 0 16 16"
          width="16"
          height="16"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
          />
          <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
        </svg>
        <span>{t('payment.assurance')}</span>
      </p>
      <p className="wpw-assurance__links">
        <a href="/terms#refunds" target="_blank" rel="noopener">
          {t('payment.refunds')}
        </a>
      </p>
    </div>
  );
}
