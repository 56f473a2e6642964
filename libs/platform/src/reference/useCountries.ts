import { useCallback, useEffect, useState } from 'react';
import type { Country } from '@waypoint/contracts';
import { isApiError, NO_REPLY, requestEnvelope, type ApiError } from '../api/envelope';
import { useAppDispatch } from '../store';

/** The list, once loaded, and the call that is loading it: one request per page however many pickers ask. */
let loaded: Country[] | null = null;
let pending: Promise<Country[]> | null = null;

function fetchCountries(dispatch: ReturnType<typeof useAppDispatch>): Promise<Country[]> {
  pending ??= requestEnvelope({ url: '/reference/countries' }, { dispatch }).then(
    (data) => {
      loaded = data as Country[];
      return loaded;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

export interface CountriesState {
  countries: Country[];
  isLoading: boolean;
  error: ApiError | null;
  /** Asks again after a failure. */
  retry: () => void;
}

/**
 * The nationalities for the home page's country picker, fetched with plain `fetch` so the home page carries no RTK
 * Query. Until the list arrives (and in HTML rendered at build time) it reports loading.
 */
export function useCountries(): CountriesState {
  const dispatch = useAppDispatch();
  const [state, setState] = useState<Omit<CountriesState, 'retry'>>(() => ({
    countries: loaded ?? [],
    isLoading: loaded === null,
    error: null,
  }));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (loaded !== null && attempt === 0) return;
    let current = true;
    fetchCountries(dispatch).then(
      (countries) => {
        if (current) setState({ countries, isLoading: false, error: null });
      },
      (error: unknown) => {
        if (current) {
          setState({
            countries: [],
            isLoading: false,
            error: isApiError(error) ? error : NO_REPLY,
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, dispatch]);

  const retry = useCallback(() => {
    setState((previous) => ({ ...previous, isLoading: true, error: null }));
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}

/** Forgets the loaded list (tests start each page afresh). */
export function resetCountriesForTests(): void {
  loaded = null;
  pending = null;
}
