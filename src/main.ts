import { Command, Option } from 'commander';
import { loadConfig, ConfigError } from './config/config.ts';
import { buildServices, createApp, openDatabase, VERSION } from './app.ts';
import { migrate } from './db/database.ts';
import { OperatorError } from './accounts/account.service.ts';
import { registerWorkerCommand } from './cli/worker.command.ts';
import { registerNarrateCommand } from './cli/narrate.command.ts';
import { registerRenderCommand } from './cli/render.command.ts';
import { registerCatalogCommands } from './cli/catalog.command.ts';
import { printResult as print, printTable } from './cli/output.ts';
import { explained, isCommanderExit, userErrorMessage } from './cli/user-errors.ts';

/** Runs an operator command against the configured database, closing it afterwards. */
async function withServices<T>(work: (services: ReturnType<typeof buildServices>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const db = openDatabase(config);
  try {
    await explained({ databaseUrl: config.databaseUrl ?? '' }, () => migrate(db));
    const services = buildServices(config, db);
    try {
      await services.loadVoiceModels();
      return await work(services);
    } finally {
      await services.fetcher.close();
      await services.speechEngine.close();
      await services.speech.neural?.close();
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
  // User mistakes (unknown option, missing value) end with exit status 2 in main(), not process.exit(1).
  const program = new Command('reelsmith')
    .version(VERSION)
    .description('Reelsmith product-video service')
    .exitOverride()
    // Commander's own errors in the same one-line form as ours: "reelsmith: unknown command 'lst' (Did you mean list?)".
    .configureOutput({ outputError: (text, write) => write(`${text.replace(/^error: /, 'reelsmith: ').trimEnd().replace(/\n+/g, ' ')}\n`) });

  program
    .command('serve')
    .description('run the HTTP API (PORT, DATA_DIR, DATABASE_URL, REDIS_URL, QUEUE_PREFIX, PUBLIC_BASE_URL, ALLOW_PRIVATE_URLS)')
    // API only: jobs are enqueued, `reelsmith worker` processes run them (docs/deploy.md "Roles").
    .option('--no-worker', 'run no jobs here (API only; run `reelsmith worker` processes for them)')
    .action(async (opts: { worker: boolean }) => {
      const config = loadConfig();
      const running = await explained({ databaseUrl: config.databaseUrl ?? '' }, () => createApp(config, {}, { runJobs: opts.worker }));
      const stop = async () => {
        await running.close();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      // The start line says where the API and its docs are (PUBLIC_BASE_URL), and what was bound.
      await explained({ port: config.port, host: config.host }, () =>
        running.app.listen({
          port: config.port,
          host: config.host,
          listenTextResolver: (address) => `Reelsmith ${VERSION} serving ${config.publicBaseUrl} (listening on ${address}); API docs: ${config.publicBaseUrl}/docs`,
        }),
      );
      running.startBackground();
      // After listening: readiness never waits for it (src/jobs/warm-up.ts).
      if (config.warmUp) void running.warmUp();
    });

  registerWorkerCommand(program);
  registerNarrateCommand(program);
  registerRenderCommand(program);
  registerCatalogCommands(program);

  program
    .command('migrate')
    .description('apply pending database migrations')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const config = loadConfig();
      const db = openDatabase(config);
      try {
        const applied = await explained({ databaseUrl: config.databaseUrl ?? '' }, () => migrate(db));
        print({ applied: applied.join(',') || 'none' }, opts.json);
      } finally {
        await db.close();
      }
    });

  const account = program.command('account').description('operator: accounts');
  account
    .command('create')
    .description('new account and its first API key (shown once)')
    .requiredOption('--username <name>', '2-64 letters, digits, "_", "." or "-"')
    .option('--email <email>', 'contact address (checked to look like name@example.com)')
    .option('--credits <n>', 'opening credit', integerArg('credits'), 0)
    .option('--json', 'print JSON')
    .action(async (opts: { username: string; email?: string; credits: number; json?: boolean }) => {
      print(await withServices((s) => s.accounts.createAccount(opts)), opts.json);
    });

  account
    .command('list')
    .description('every account: credits, status, active keys')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const rows = await withServices((s) => s.accounts.listAccounts());
      printTable(rows, ['username', 'email', 'credits', 'status', 'active_keys', 'created_at'], opts.json);
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

  account
    .command('rotate-webhook-secret')
    .description("new signing secret for deliveries to the account's requests' own webhook_url (printed; also shown by GET /v1/whoami)")
    .requiredOption('--username <name>')
    .option('--json', 'print JSON')
    .action(async (opts: { username: string; json?: boolean }) => {
      print(await withServices((s) => s.accounts.rotateWebhookSecret(opts.username)), opts.json);
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
    .command('show')
    .description("an account's balance")
    .requiredOption('--username <name>')
    .option('--json', 'print JSON')
    .action(async (opts: { username: string; json?: boolean }) => {
      print(await withServices((s) => s.accounts.showCredits(opts.username)), opts.json);
    });
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

/**
 * Runs the CLI. A user mistake — a bad option or value, a missing file, a taken port, an
 * unreachable database — ends with one line on stderr and exit status 2, never a stack trace;
 * anything else is a bug and keeps its stack (exit status 1).
 */
export async function main(argv: string[]): Promise<void> {
  try {
    await cli().parseAsync(argv);
  } catch (err) {
    if (isCommanderExit(err)) {
      // Commander has printed its one line (or the help / version) already.
      process.exit(err.exitCode === 0 ? 0 : 2);
    }
    const msg = err instanceof OperatorError || err instanceof ConfigError ? err.message : userErrorMessage(err);
    if (msg !== null) {
      process.stderr.write(`reelsmith: ${msg}\n`);
      // Exits now: a half-started server or pool must not keep the process alive.
      process.exit(2);
    }
    throw err;
  }
}
