import { parseArgs } from 'node:util';

export const DEMO_VALUE_OPTIONS = ['length', 'aspect-ratio', 'language', 'avatar', 'style', 'template', 'music'] as const;
export type DemoArgs = Partial<Record<(typeof DEMO_VALUE_OPTIONS)[number], string>> & { exit?: boolean; serve?: boolean };

/**
 * The demo's options: `--length 30` and `--length=30` alike (node's own parser). An unknown option
 * or a missing value throws an Error whose message is the one line to print.
 */
export function parseDemoArgs(argv: string[]): DemoArgs {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        ...Object.fromEntries(DEMO_VALUE_OPTIONS.map((n) => [n, { type: 'string' as const }])),
        exit: { type: 'boolean' },
        serve: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    });
    return { ...values } as DemoArgs;
  } catch (err) {
    const msg = (err as Error).message.split('. ')[0];
    throw new Error(`${msg}; options: ${DEMO_VALUE_OPTIONS.map((n) => `--${n} VALUE`).join(' ')} --exit --serve`);
  }
}
