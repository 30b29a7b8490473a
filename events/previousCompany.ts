/**
 * Older ContactEdited and DealEdited events also name the company the contact or deal left
 * (`previous_company_id`): a hint for the companies' push, which the companies read model now
 * works out from the rows themselves. Their changes without it, for whatever evolves from them.
 */
export function withoutPreviousCompany<T extends object>(data: T): T {
  const { previous_company_id: _previous, ...changes } = data as T & { previous_company_id?: unknown };
  return changes as T;
}
