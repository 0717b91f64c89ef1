/** One broken rule: the field, the rule's name, and the message the claimant sees. */
export interface Problem {
  property: string;
  rule: string;
  message: string;
}
