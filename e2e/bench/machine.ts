import os from 'node:os';

/**
 * The `bench` line of a section: the machine's load average (1, 5 and 15 minutes) and CPU count, printed before and
 * after each section so a reader knows what its figures were measured under (a load above the CPU count means the
 * section shared the cores).
 */
export function machineLine(section: string, when: 'before' | 'after'): string {
  const [one, five, fifteen] = os.loadavg().map((v) => v.toFixed(2));
  return `bench  ${section}, ${when}: load average ${one} ${five} ${fifteen}, ${os.cpus().length} CPUs`;
}

/** Runs one section of the bench between its two `bench` lines. */
export async function section<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  console.log(`\n${machineLine(name, 'before')}`);
  try {
    return await run();
  } finally {
    console.log(machineLine(name, 'after'));
  }
}
