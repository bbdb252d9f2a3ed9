// Which counsellor takes a new call. Round-robin among those free at the slot: the one whose last call was
// assigned longest ago (never assigned: first), so the calls spread evenly whoever's hours are longer; among
// them those speaking the borrower's language first. A borrower who asked for Spanish gets an
// English-speaking counsellor only when no Spanish speaker is free then: a call in English beats no call,
// and the slot list tells them which times have a Spanish speaker.

export type AssignmentCandidate = {
  id: string;
  languages: readonly string[];
  /** When this counsellor was last given a call; null when never. */
  lastAssignedAt: Date | null;
};

/** The candidates in the order they should be tried: preferred language first, then least recently assigned. */
export function assignmentOrder(candidates: readonly AssignmentCandidate[], language: string): string[] {
  const speaks = (c: AssignmentCandidate) => (c.languages.includes(language) ? 0 : 1);
  const last = (c: AssignmentCandidate) => c.lastAssignedAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  return [...candidates]
    .sort((a, b) => speaks(a) - speaks(b) || last(a) - last(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((c) => c.id);
}
