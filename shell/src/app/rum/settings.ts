/** The reporter's settings, put in the page by the gateway (`<meta name="sq-rum">`, api-gateway rum/config.ts). */
export interface RumSettings {
  sampleRate: number;
  messageMax: number;
  stackMax: number;
  vitalsDelayMs: number;
  /** The versions this page runs, signed by the gateway: every report carries it, and counts only with it. */
  assignment: string;
}

/** Null when the page carries none or no assignment (a page not served by the gateway): then nothing is reported. */
export function readRumSettings(doc: Document): RumSettings | null {
  const meta = doc.querySelector<HTMLMetaElement>('meta[name="sq-rum"]');
  if (!meta) return null;
  const number = (value: string | undefined) => (value ? Number(value) : NaN);
  const settings = {
    sampleRate: number(meta.dataset.sampleRate),
    messageMax: number(meta.dataset.messageMax),
    stackMax: number(meta.dataset.stackMax),
    vitalsDelayMs: number(meta.dataset.vitalsDelay),
  };
  const assignment = meta.dataset.assignment;
  if (!assignment || !Object.values(settings).every(Number.isFinite)) return null;
  return { ...settings, assignment };
}
