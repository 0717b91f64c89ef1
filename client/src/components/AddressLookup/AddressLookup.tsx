import {
  getRetrieveAddressQueryOptions,
  useFindAddress,
  type FindItem,
} from '@prize/generated/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDebounce } from 'use-debounce';
import {
  ADDRESS_COUNTRIES,
  ADDRESS_SEARCH_DEBOUNCE_MS,
  ADDRESS_SEARCH_MAX_WAIT_MS,
  type Address,
  addressLines,
  highlightSegments,
  interpretFind,
  interpretRetrieve,
  isContainer,
  lookupFailureMessage,
  parseHighlight,
  type Range,
} from '../../domain/address';
import { ADDRESS_MESSAGES } from '../../domain/messages';
import { controlAria, FieldShell } from '../FieldShell/FieldShell';
import { useFormField } from '../FieldShell/useFormField';

export interface AddressLookupProps {
  name: string;
  label: string;
  hint?: string;
  onActivity?: () => void;
  /** The claim being filled in, if any: the server then limits lookups per claim as well as per client. */
  claimToken?: string;
}

function Highlighted({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  return (
    <>
      {highlightSegments(text, ranges).map((segment, index) =>
        segment.highlighted ? (
          <mark key={index}>{segment.text}</mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

interface Container {
  id: string;
  text: string;
}

// Search as you type (debounced 500 ms, at most 1500 ms), drill into containers, retrieve the
// chosen address; lookup errors show on the field.
export function AddressLookup({ name, label, hint, onActivity, claimToken }: AddressLookupProps) {
  const { input, ids, error: fieldError } = useFormField<Address | null | undefined>(name);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [container, setContainer] = useState<Container | null>(null);
  const [lookupError, setLookupError] = useState<string | undefined>();
  const [retrieving, setRetrieving] = useState(false);
  const [debouncedText] = useDebounce(text.trim(), ADDRESS_SEARCH_DEBOUNCE_MS, {
    maxWait: ADDRESS_SEARCH_MAX_WAIT_MS,
  });
  const searchRef = useRef<HTMLInputElement>(null);
  const selectedRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<'search' | 'selected' | null>(null);

  const params = container
    ? { Text: debouncedText, Countries: ADDRESS_COUNTRIES, Container: container.id }
    : { Text: debouncedText, Countries: ADDRESS_COUNTRIES };
  const enabled = !input.value && (debouncedText !== '' || container !== null);
  const request = claimToken ? { headers: { 'X-Claim-Token': claimToken } } : undefined;
  const find = useFindAddress(params, {
    query: { enabled, staleTime: 60_000, retry: false },
    request,
  });

  useEffect(() => {
    if (focusAfter.current === 'search' && !input.value) searchRef.current?.focus();
    if (focusAfter.current === 'selected' && input.value) selectedRef.current?.focus();
    focusAfter.current = null;
  });

  const found = find.data ? interpretFind(find.data.data) : undefined;
  const findError = find.error
    ? lookupFailureMessage(find.error)
    : found && !found.ok
      ? found.message
      : undefined;
  const error = lookupError ?? (enabled ? findError : undefined) ?? fieldError;
  const items: FindItem[] = enabled && found?.ok ? found.value : [];
  const searching = enabled && (find.isFetching || text.trim() !== debouncedText);

  const choose = async (item: FindItem) => {
    if (retrieving) return;
    onActivity?.();
    if (isContainer(item)) {
      setContainer({ id: item.Id, text: item.Text });
      return;
    }
    setRetrieving(true);
    setLookupError(undefined);
    try {
      const response = await queryClient.fetchQuery(
        getRetrieveAddressQueryOptions({ Id: item.Id }, { query: { retry: false }, request }),
      );
      const result = interpretRetrieve(response.data, item.Id);
      if (result.ok) {
        focusAfter.current = 'selected';
        input.onChange(result.value);
        input.onBlur();
      } else {
        setLookupError(result.message);
      }
    } catch (failure) {
      setLookupError(lookupFailureMessage(failure));
    } finally {
      setRetrieving(false);
    }
  };

  const reset = () => {
    setText('');
    setContainer(null);
    setLookupError(undefined);
    focusAfter.current = 'search';
    input.onChange(null);
  };

  if (input.value) {
    return (
      <div className="field">
        <div className="field__label" id={`${ids.input}-label`}>
          {label}
        </div>
        <div
          className="address-selected"
          ref={selectedRef}
          tabIndex={-1}
          aria-labelledby={`${ids.input}-label`}
          role="group"
        >
          <address className="address-selected__lines">
            {addressLines(input.value).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </address>
          <button
            type="button"
            id={ids.input}
            className="button button--secondary button--small"
            onClick={reset}
          >
            <span className="button__text">{ADDRESS_MESSAGES.lookUpAnother}</span>
          </button>
        </div>
      </div>
    );
  }

  const hasResults = enabled && found?.ok === true;
  return (
    <FieldShell ids={ids} label={label} hint={hint} error={error}>
      <input
        ref={searchRef}
        id={ids.input}
        className="input"
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={text}
        {...controlAria(ids, hint !== undefined, error)}
        aria-controls={`${ids.input}-results`}
        onChange={(event) => {
          setText(event.target.value);
          setContainer(null);
          setLookupError(undefined);
          onActivity?.();
        }}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
      <div className="address-results" id={`${ids.input}-results`}>
        <p className="visually-hidden" role="status">
          {searching || retrieving
            ? ''
            : hasResults
              ? items.length === 0
                ? ADDRESS_MESSAGES.noneFound
                : `${items.length} ${items.length === 1 ? 'result' : 'results'} found`
              : ''}
        </p>
        {(searching || retrieving) && <p className="address-results__status">Searching…</p>}
        {container && !searching && (
          <p className="address-results__status">
            Addresses in <strong>{container.text}</strong>{' '}
            <button type="button" className="link-button" onClick={() => setContainer(null)}>
              Back to all results
            </button>
          </p>
        )}
        {hasResults && !searching && items.length === 0 && (
          <p className="address-results__none">{ADDRESS_MESSAGES.noneFound}</p>
        )}
        {!searching && items.length > 0 && (
          <ul className="address-results__list" aria-label="Addresses found">
            {items.map((item) => {
              const highlight = parseHighlight(item.Highlight);
              return (
                <li key={item.Id}>
                  <button
                    type="button"
                    className="address-results__item"
                    // Keeps focus in the search box on a mouse press: its blur would validate and show the error above, moving this button from under the pointer before the click.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => void choose(item)}
                  >
                    <span className="address-results__text">
                      <Highlighted text={item.Text} ranges={highlight.text} />
                    </span>{' '}
                    <span className="address-results__description">
                      <Highlighted text={item.Description} ranges={highlight.description} />
                    </span>
                    {isContainer(item) && (
                      <span className="address-results__more" aria-hidden="true">
                        ›
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </FieldShell>
  );
}
