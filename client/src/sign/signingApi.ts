import type { SignAgreementInput, SigningReceipt, SigningSummary } from '@shared/schemas/agreements';

/** A refusal of the signing API: its status and message (and the fields it names). */
export class SigningError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** No bearer token and no sign-in redirect: the link's token is the only credential. */
async function call<T>(method: 'GET' | 'POST', token: string, body?: SignAgreementInput): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/signing/${encodeURIComponent(token)}`, {
      method,
      headers: body ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new SigningError(0, 'The server could not be reached. Check your connection and try again.');
  }
  const text = await response.text();
  let parsed: { message?: string; fields?: { field: string; message: string }[] } | undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) throw new SigningError(response.status, parsed?.message ?? `The request failed (status ${response.status})`, parsed?.fields);
  return parsed as T;
}

export const loadSigning = (token: string) => call<SigningSummary>('GET', token);
export const submitSignature = (token: string, body: SignAgreementInput) => call<SigningReceipt>('POST', token, body);
