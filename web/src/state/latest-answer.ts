/**
 * Keeps only the newest answer of a list that reloads while the user changes what it shows (a
 * filter, a search): requests overlap on a slow network, and an answer that arrives late for an
 * older filter must not replace the list of the filter now on screen.
 */

/**
 * One gate per list. `begin()` at the start of a first-page request returns `isLatest()`, true until a
 * newer `begin()`; `follow()` at the start of a follow-up request ("Load more") returns the same check
 * without superseding the request in flight.
 */
export interface LatestAnswerGate {
  begin(): () => boolean;
  follow(): () => boolean;
}

/** A gate whose checks go false as soon as a newer first-page request begins. */
export function latestAnswerGate(): LatestAnswerGate {
  let newest = 0;
  const check = (mine: number) => () => mine === newest;
  return {
    begin: () => check(++newest),
    follow: () => check(newest),
  };
}
