/**
 * How a custom avatar of any kind (drawn, photo, product, or made from a video) reaches its final
 * state: the row's status and files and its events in one transaction, so a crash never leaves a
 * ready or failed avatar without its create_avatar_* event (CONTRACT §7, §13). Every maker of
 * custom avatars calls this; the dispatcher is woken once the events are committed.
 */
import type { Signals } from '../jobs/wakeup.ts';
import type { WorkUnitOfWork } from '../jobs/work-unit.ts';
import type { Clock } from '../lib/clock.ts';
import { avatarCreatedEvent, avatarCreateFailedEvent, type NewEvent } from '../webhooks/event.ts';
import type { CustomAvatar, CustomAvatarUpdate } from './custom-avatar.repository.ts';

/** What the outcome needs of the avatar: its id, owner and the files it has so far. */
export type AvatarRef = Pick<CustomAvatar, 'id' | 'accountId'> & Partial<Pick<CustomAvatar, 'coverKey' | 'previewKey'>>;

export interface AvatarOutcomeDeps {
  work: WorkUnitOfWork;
  signals: Pick<Signals, 'deliveriesCommitted'>;
  clock: Clock;
  /** A stored key's public URL (the blob store's publicUrl). */
  publicUrl: (key: string) => string;
}

export class AvatarOutcomes {
  constructor(private readonly d: AvatarOutcomeDeps) {}

  /**
   * The avatar is ready: status 1 plus `update` (its cover, preview, …), and create_avatar_success
   * with its preview_url (the cover when it has no preview) and cover_url, plus `also` (a maker's
   * own events, e.g. generated_motion_success), all in one transaction.
   */
  async ready(a: AvatarRef, update: CustomAvatarUpdate = {}, also: NewEvent[] = []): Promise<void> {
    const coverKey = update.coverKey ?? a.coverKey ?? null;
    const previewKey = update.previewKey ?? a.previewKey ?? null;
    const coverUrl = coverKey ? this.d.publicUrl(coverKey) : '';
    const previewUrl = previewKey ? this.d.publicUrl(previewKey) : coverUrl;
    const created = avatarCreatedEvent({ accountId: a.accountId, avatarId: a.id, previewUrl, coverUrl }, this.d.clock.nowMs());
    await this.record(a.id, { ...update, status: 1, failMsg: null }, [...also, created]);
  }

  /** The avatar could not be made: status 2 with `reason` as fail_msg, and create_avatar_failed `{avatar_id, error}` plus `also`, in one transaction. */
  async failed(a: AvatarRef, reason: string, also: NewEvent[] = []): Promise<void> {
    const failed = avatarCreateFailedEvent({ accountId: a.accountId, avatarId: a.id, error: reason }, this.d.clock.nowMs());
    await this.record(a.id, { status: 2, failMsg: reason }, [...also, failed]);
  }

  /** The one transaction: the avatar row's change and the given events (with their delivery rows); returns the deliveries made. */
  async record(avatarId: number, update: CustomAvatarUpdate, events: NewEvent[]): Promise<number> {
    const deliveries = await this.d.work(async (r) => {
      await r.customAvatars.update(avatarId, undefined, update, this.d.clock.nowMs());
      return r.outbox.emit(events);
    });
    if (deliveries !== 0) this.d.signals.deliveriesCommitted();
    return deliveries;
  }
}
