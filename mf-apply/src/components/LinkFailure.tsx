import { useEffect, useRef, type ReactNode } from 'react';
import { ClientErrorText } from '@waypoint/contracts';
import { isApiError, Link, useAppDispatch, type ApiError } from '@waypoint/platform';
import { useErrorText } from '@waypoint/platform/i18n';
import { Button, buttonClassName, ErrorBox, Spinner, useT } from '@waypoint/ui';
import { applyMessages } from '../i18n/catalog';
import { startNewApplication } from '../state';
import { stepPath } from '../wizard/steps';

/**
 * A page opened from an e-mail's link: its title, then what went wrong (`children`, a LinkFailure) or, while the
 * link is read, a spinner saying `loading`.
 */
export function LinkPage({
  title,
  loading,
  children,
}: {
  title: string;
  loading: string;
  children?: ReactNode;
}) {
  const t = useT(applyMessages);
  return (
    <div className="wp-container wpw-page">
      <title>{t('page.title', { title })}</title>
      <h1>{title}</h1>
      {children ?? <Spinner label={loading} showLabel />}
    </div>
  );
}

/** A failed call as the page says it: the server's reply, or an unknown error when there was none. */
export const linkFailureOf = (error: unknown): ApiError =>
  isApiError(error) ? error : { status: 0, message: ClientErrorText.unknown };

/**
 * What a page opened from an e-mail's link says when the link did not work: what went wrong (focused as it
 * appears, at each failed attempt, as the page's only news), any guidance, Try again when a second try may work,
 * and the way to start a new application.
 */
export function LinkFailure({
  id,
  failure,
  attempt,
  guidance,
  onRetry,
  startLabel,
}: {
  id: string;
  failure: ApiError;
  /** Which attempt failed: the error is focused again for each one. */
  attempt: string;
  guidance?: string | undefined;
  /** Try again; none for a link that stays unusable. */
  onRetry?: (() => void) | undefined;
  startLabel: string;
}) {
  const t = useT(applyMessages);
  const dispatch = useAppDispatch();
  const errorText = useErrorText();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [attempt]);
  return (
    <>
      <div id={id} ref={box} tabIndex={-1}>
        <ErrorBox>{errorText(failure)}</ErrorBox>
      </div>
      {guidance ? <p>{guidance}</p> : null}
      <div className="wp-actions">
        {onRetry ? <Button onClick={onRetry}>{t('common.tryAgain')}</Button> : null}
        <Link
          to={stepPath(1)}
          className={buttonClassName(onRetry ? 'secondary' : 'primary')}
          onClick={() => dispatch(startNewApplication())}
        >
          {startLabel}
        </Link>
      </div>
    </>
  );
}
