import { Command, Option } from 'commander';
import { loadConfig, ConfigError } from './config/config.ts';
import { buildServices, createApp, openDatabase, VERSION } from './app.ts';
import { migrate } from './db/database.ts';
import { OperatorError } from './accounts/account.service.ts';
import { registerWorkerCommand } from './cli/worker.command.ts';
import { registerNarrateCommand } from './cli/narrate.command.ts';
import { registerRenderCommand } from './cli/render.command.ts';

/** Prints a result: JSON with --json, else one "key: value" line per field. */
function print(result: Record<string, unknown>, json: boolean | undefined): void {
  if (json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else for (const [k, v] of Object.entries(result)) process.stdout.write(`${k}: ${String(v)}\n`);
}

/** Runs an operator command against the configured database, closing it afterwards. */
async function withServices<T>(work: (services: ReturnType<typeof buildServices>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    await migrate(db);
    const services = buildServices(config, db);
    try {
      return await work(services);
    } finally {
      await services.fetcher.close();
      await services.speechEngine.close();
    }
  } finally {
    await db.close();
  }
}

const integerArg = (name: string) => (raw: string) => {
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new OperatorError(`${name} must be an integer, got "${raw}"`);
  return n;
};

/** "default" stays a string: commander replaces a parsed null. */
const quotaArg = (raw: string): number | 'default' => {
  if (raw.trim().toLowerCase() === 'default') return 'default';
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new OperatorError(`mb must be a non-negative integer or "default", got "${raw}"`);
  return n;
};

export function cli(): Command {
  const program = new Command('reelsmith').version(VERSION).description('Reelsmith product-video service');

  program
    .command('serve')
    .description('run the HTTP API (PORT, DATA_DIR, DATABASE_URL, REDIS_URL, PUBLIC_BASE_URL, ALLOW_PRIVATE_URLS)')
    .action(async () => {
      const config = loadConfig();
      const running = await createApp(config);
      const stop = async () => {
        await running.close();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      // The start line says where the API and its docs are (PUBLIC_BASE_URL), and what was bound.
      await running.app.listen({
        port: config.port,
        host: config.host,
        listenTextResolver: (address) => `Reelsmith ${VERSION} serving ${config.publicBaseUrl} (listening on ${address}); API docs: ${config.publicBaseUrl}/docs`,
      });
      running.startBackground();
    });

  registerWorkerCommand(program);
  registerNarrateCommand(program);
  registerRenderCommand(program);

  program
    .command('migrate')
    .description('apply pending database migrations')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const config = loadConfig();
      const db = openDatabase(config);
      try {
        print({ applied: (await migrate(db)).join(',') || 'none' }, opts.json);
      } finally {
        await db.close();
      }
    });

  const account = program.command('account').description('operator: accounts');
  account
    .command('create')
    .requiredOption('--username <name>')
    .option('--email <email>')
    .option('--credits <n>', 'opening credit', integerArg('credits'), 0)
    .option('--json', 'print JSON')
    .action(async (opts: { username: string; email?: string; credits: number; json?: boolean }) => {
      print(await withServices((s) => s.accounts.createAccount(opts)), opts.json);
    });

  for (const [name, status] of [
    ['suspend', 'suspended'],
    ['activate', 'active'],
  ] as const) {
    account
      .command(name)
      .description(status === 'suspended' ? "the account's keys get 18025 until it is activated" : 'lift a suspension')
      .requiredOption('--username <name>')
      .option('--json', 'print JSON')
      .action(async (opts: { username: string; json?: boolean }) => {
        print(await withServices((s) => s.accounts.setStatus(opts.username, status)), opts.json);
      });
  }

  account
    .command('quota')
    .description('set the storage quota of one account in MB (0 = no limit; "default" = STORAGE_QUOTA_MB)')
    .requiredOption('--username <name>')
    .addOption(new Option('--mb <n|default>', 'quota in MB').argParser(quotaArg).makeOptionMandatory())
    .option('--json', 'print JSON')
    .action(async (opts: { username: string; mb: number | 'default'; json?: boolean }) => {
      print(await withServices((s) => s.accounts.setStorageQuota(opts.username, opts.mb === 'default' ? null : opts.mb)), opts.json);
    });

  const key = program.command('key').description('operator: API keys');
  key
    .command('create')
    .requiredOption('--username <name>')
    .option('--json', 'print JSON')
    .action(async (opts: { username: string; json?: boolean }) => {
      print(await withServices((s) => s.accounts.createKey(opts.username)), opts.json);
    });
  key
    .command('revoke')
    .requiredOption('--key <key>')
    .option('--json', 'print JSON')
    .action(async (opts: { key: string; json?: boolean }) => {
      print(await withServices((s) => s.accounts.revokeKey(opts.key)), opts.json);
    });

  const credits = program.command('credits').description('operator: credits');
  credits
    .command('add')
    .requiredOption('--username <name>')
    .addOption(new Option('--amount <n>', 'credits to add (negative takes)').argParser(integerArg('amount')).makeOptionMandatory())
    .option('--json', 'print JSON')
    .action(async (opts: { username: string; amount: number; json?: boolean }) => {
      print(await withServices((s) => s.accounts.addCredits(opts.username, opts.amount)), opts.json);
    });

  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    await cli().parseAsync(argv);
  } catch (err) {
    if (err instanceof OperatorError || err instanceof ConfigError) {
      process.stderr.write(`reelsmith: ${err.message}\n`);
      process.exitCode = 2;
      return;
    }
    throw err;
  }
}
