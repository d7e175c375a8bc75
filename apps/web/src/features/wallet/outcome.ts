/** What the last click did, shown under the button that caused it. */
export interface Outcome {
  tone: 'success' | 'error';
  text: string;
}
