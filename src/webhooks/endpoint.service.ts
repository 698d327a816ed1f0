import type { Principal } from '../accounts/auth.service.ts';
import type { UnitOfWork } from '../db/repos.ts';
import type { Clock } from '../lib/clock.ts';
import { unixSeconds } from '../lib/clock.ts';
import { errors } from '../lib/errors.ts';
import { hexId, newWebhookSecret } from '../lib/ids.ts';
import { urlProblem, type UrlPolicy } from '../net/url-policy.ts';
import type { Endpoint, EndpointChanges, EndpointRepository, EndpointStatus } from './endpoint.repository.ts';

/** The endpoint object every endpoint route returns (CONTRACT §6). */
export interface EndpointView {
  endpoint_id: string;
  url: string;
  secret: string;
  status: EndpointStatus;
  events: string[];
  username: string;
  created_at: number;
}

export interface EndpointInput {
  url?: string | undefined;
  status?: EndpointStatus | undefined;
  events?: string[] | undefined;
}

export class EndpointService {
  constructor(
    private readonly endpoints: EndpointRepository,
    private readonly uow: UnitOfWork,
    private readonly urlPolicy: UrlPolicy,
    private readonly maxPerAccount: number,
    private readonly clock: Clock,
  ) {}

  /** Field presence and event kinds are checked by the route schema; this checks the URL and the limit. */
  async create(who: Principal, input: Required<Pick<EndpointInput, 'url' | 'events'>> & EndpointInput): Promise<EndpointView> {
    this.checkUrl(input.url);
    const nowMs = this.clock.nowMs();
    const endpoint: Endpoint = {
      id: hexId(),
      accountId: who.accountId,
      url: input.url,
      secret: newWebhookSecret(),
      status: input.status ?? 'enabled',
      events: dedupe(input.events),
      createdAt: nowMs,
      updatedAt: nowMs,
    };
    await this.uow(async (r) => {
      await r.accounts.lockAccount(who.accountId, nowMs);
      if ((await r.endpoints.countLive(who.accountId)) >= this.maxPerAccount) {
        throw errors.badRequest(`an account may have at most ${this.maxPerAccount} webhook endpoints; delete one first`);
      }
      await r.endpoints.insert(endpoint);
    });
    return view(endpoint, who.username);
  }

  /** Changes only the fields given; the secret never changes. */
  async update(who: Principal, endpointId: string, input: EndpointInput): Promise<EndpointView> {
    if (input.url !== undefined) this.checkUrl(input.url);
    const changes: EndpointChanges = {};
    if (input.url !== undefined) changes.url = input.url;
    if (input.status !== undefined) changes.status = input.status;
    if (input.events !== undefined) changes.events = dedupe(input.events);
    const updated = await this.endpoints.update(who.accountId, endpointId, changes, this.clock.nowMs());
    if (!updated) throw errors.notFound(`endpoint_id ${endpointId}`);
    return view(await this.require(who, endpointId), who.username);
  }

  async list(who: Principal): Promise<EndpointView[]> {
    return (await this.endpoints.list(who.accountId)).map((e) => view(e, who.username));
  }

  async remove(who: Principal, endpointId: string): Promise<void> {
    if (!(await this.endpoints.softDelete(who.accountId, endpointId, this.clock.nowMs()))) {
      throw errors.notFound(`endpoint_id ${endpointId}`);
    }
  }

  private async require(who: Principal, endpointId: string): Promise<Endpoint> {
    const endpoint = await this.endpoints.get(who.accountId, endpointId);
    if (!endpoint) throw errors.notFound(`endpoint_id ${endpointId}`);
    return endpoint;
  }

  private checkUrl(url: string): void {
    const problem = urlProblem(url, this.urlPolicy);
    if (problem) throw errors.parameter('url', problem);
  }
}

const dedupe = (events: string[]) => [...new Set(events)];

function view(e: Endpoint, username: string): EndpointView {
  return {
    endpoint_id: e.id,
    url: e.url,
    secret: e.secret,
    status: e.status,
    events: e.events,
    username,
    created_at: unixSeconds(e.createdAt),
  };
}
