import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { AccountRepository } from '../accounts/account.repository.ts';
import { AvatarGenerationRepository } from '../avatars/avatar-generation.repository.ts';
import { CustomAvatarRepository } from '../avatars/custom-avatar.repository.ts';
import { ProductAvatarRepository } from '../avatars/product-avatar.repository.ts';
import { ProductRepository } from '../products/product.repository.ts';
import { AiScriptTaskRepository } from '../scripts/ai-script-task.repository.ts';
import { CustomTemplateRepository } from '../templates/custom-template.repository.ts';
import { VideoRepository } from '../videos/video.repository.ts';
import { EndpointRepository } from '../webhooks/endpoint.repository.ts';

export interface Repos {
  accounts: AccountRepository;
  products: ProductRepository;
  videos: VideoRepository;
  endpoints: EndpointRepository;
  customAvatars: CustomAvatarRepository;
  avatarGenerations: AvatarGenerationRepository;
  aiScriptTasks: AiScriptTaskRepository;
  productAvatars: ProductAvatarRepository;
  customTemplates: CustomTemplateRepository;
}

export function reposFor(db: Kysely<Database>): Repos {
  return {
    accounts: new AccountRepository(db),
    products: new ProductRepository(db),
    videos: new VideoRepository(db),
    endpoints: new EndpointRepository(db),
    customAvatars: new CustomAvatarRepository(db),
    avatarGenerations: new AvatarGenerationRepository(db),
    aiScriptTasks: new AiScriptTaskRepository(db),
    productAvatars: new ProductAvatarRepository(db),
    customTemplates: new CustomTemplateRepository(db),
  };
}

/** Runs `work` in one transaction with repositories bound to it. */
export type UnitOfWork = <T>(work: (repos: Repos) => Promise<T>) => Promise<T>;

export function unitOfWork(db: Kysely<Database>): UnitOfWork {
  return (work) => db.transaction().execute((trx) => work(reposFor(trx)));
}
