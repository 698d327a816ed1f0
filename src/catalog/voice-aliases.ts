/**
 * Voice ids in another vendor's naming: Azure neural voices, `<locale>-<Name>Neural` and
 * `<locale>-<Name>MultilingualNeural` (`en-US-ChristopherNeural` is the n8n node's default
 * voice_id). Clients send them unchanged to Reelsmith; they map to one of our voices instead of
 * failing with 10104 (docs/api.md, "voice_id in another vendor's naming").
 *
 * How: the name gives the gender (the table below: Azure's common neural voices); the voice
 * speaks the video's `language` (our voices are per language, so a German script read by an
 * English voice would be garbled: the locale only picks the accent when it is of that
 * language, en-GB → an en-gb voice); adult age. A name the table does not know gets the
 * default voice of the video's language (the avatar's gender), as an absent voice_id does.
 */
import type { VoiceRecord } from './catalog.service.ts';

export interface VendorVoice {
  /** BCP 47 locale as written, e.g. "en-US", "zh-CN", "sr-Latn-RS". */
  locale: string;
  /** The voice's own name, e.g. "Christopher". */
  name: string;
  gender: 'female' | 'male' | null;
}

const AZURE = /^([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})+?)-([A-Z][A-Za-z]+?)(?:Multilingual)?(?::[A-Za-z0-9]+)?Neural(?::[A-Za-z0-9]+)?$/;

// Azure neural voice names by gender (the en-US set in full, the usual voices of other locales).
const FEMALE = `Jenny Aria Ava Emma Sara Nancy Jane Michelle Amber Ashley Cora Elizabeth Monica Ana Luna Evelyn Nova Serena
Libby Sonia Maisie Abbi Bella Hollie Olivia Natasha Annette Carly Elsie Freya Joanne Kim Tina Clara Neerja Molly Emily Leah Yan
Rosa Imani Asilia Ezinne Luna Katja Amala Elke Gisela Klarissa Louisa Maja Tanja Seraphina Ingrid Leni Denise Brigitte Celeste
Coralie Eloise Jacqueline Josephine Yvette Vivienne Sylvie Charline Ariane Elvira Abril Estrella Irene Laia Lia Triana Vera Ximena
Dalia Beatriz Candela Carlota Larissa Marina Nuria Renata Paloma Salome Elena Catalina Camila Sofia Valentina Karina Belkys Andrea
Margarita Tania Maria Teresa Paola Marta Elsa Isabella Fiamma Fabiola Imelda Irma Palmira Pierina Francisca Brenda Elza Giovanna
Leila Leticia Manuela Yara Thalita Raquel Fernanda Nanami Aoi Mayu Shiori SunHi JiMin SeoHyeon SoonBok YuJin Xiaoxiao Xiaoyi
Xiaochen Xiaohan Xiaomeng Xiaomo Xiaoqiu Xiaorui Xiaoshuang Xiaoyan Xiaoyou Xiaozhen Xiaobei Xiaoni Xiaomin Xiaoxuan HsiaoChen
HsiaoYu HiuGaai HiuMaan Svetlana Dariya Swara Ananya Kavya Aarti Zariyah Salma Amany Fatima Layla Mouna Noura Reem Sana Amina
Iman Laila Rana Colette Fenna Maaike Dena Zofia Agnieszka Sofie Hillevi Emel HoaiMy Premwadee Achara Gadis Yasmin Blessica Hila
Polina Vlasta Christel Selma Noora Pernille Iselin Athina Noemi Alina Kalina Gabrijela Viktoria Petra Sophie Ona Everita Pallavi
Shruti Sapna Sobhana Tanishaa Nabanita Uzma Gul Dilara Rehema Zuri Thando Mekdes Yesui Subhasini Yashica Seraphina Vani`;

const MALE = `Guy Davis Tony Jason Christopher Eric Andrew Brian Jacob Roger Steffan Brandon Kai Adam Derek Dustin Lewis Samuel
Ryan Alfie Elliot Ethan Noah Oliver Thomas William Liam Darren Duncan Ken Tim Connor Prabhat Mitchell Luke Chilemba Abeo Wayne
James Sam Conrad Bernd Christoph Kasper Killian Klaus Ralf Florian Jonas Jan Henri Alain Claude Jerome Maurice Yves Remy Antoine
Jean Gerard Fabrice Thierry Alvaro Arnau Dario Elias Nil Saul Teo Jorge Cecilio Gerardo Liberto Luciano Pelayo Yago Alonso Tomas
Emilio Gonzalo Diego Benigno Calimero Cataldo Gianni Lisandro Rinaldo Giuseppe Antonio Donato Fabio Humberto Julio Nicolau
Valerio Duarte Keita Daichi Naoki Masaru InJoon BongJin GookMin Hyunsu Yunxi Yunjian Yunyang Yunye Yunze Yunfeng Yunhao Yunxia
Yunyi Yunjie YunJhe WanLung Dmitry Madhur Aarav Kunal Rehaan Hamed Shakir Bassel Jamal Omar Moaz Ali Taim Rami Hedi Abdullah Fahed
Maarten Arnaud Marek Mattias Ahmet NamMinh Niwat Ardi Osman Angelo Avri Ostap Antonin Jeppe Harri Finn Nestoras Tamas Emil Borislav
Srecko Lukas Rok Nicholas Leonas Nils Valluvar Mohan Gagan Midhun Bashkar Pradeep Salman Asad Farid Daudi Rafiki Themba Ameha
Bataa Sukant Priyom Arjun Aditya`;

const GENDER = new Map<string, 'female' | 'male'>([
  ...FEMALE.split(/\s+/).map((n) => [n.toLowerCase(), 'female'] as const),
  ...MALE.split(/\s+/).map((n) => [n.toLowerCase(), 'male'] as const),
]);

/** The parts of an Azure-style voice name, or null when `voiceId` is not one. */
export function parseVendorVoice(voiceId: string): VendorVoice | null {
  const m = AZURE.exec(voiceId.trim());
  if (!m) return null;
  const [, locale, name] = m as unknown as [string, string, string];
  return { locale, name, gender: GENDER.get(name.toLowerCase()) ?? null };
}

/**
 * Our voice for a vendor voice in a video of `language`: that language, the name's gender,
 * adult; the locale's accent when we have it (en-GB → en-gb-…, es-MX → es-419-…). Null when the
 * name's gender is unknown (the caller then uses the language's default voice) or the language
 * has no voice of that gender.
 */
export function pickVoiceFor(vendor: VendorVoice, language: string, voices: readonly VoiceRecord[]): string | null {
  if (!vendor.gender) return null;
  const candidates = voices.filter((v) => v.language === language && v.gender === vendor.gender);
  if (candidates.length === 0) return null;
  const adult = candidates.filter((v) => v.age === 'adult');
  const pool = adult.length > 0 ? adult : candidates;
  const [lang, ...rest] = vendor.locale.toLowerCase().split('-');
  const region = rest.find((t) => /^([a-z]{2}|\d{3})$/.test(t));
  // Spanish outside Spain is Latin American Spanish (es-419) in our voice ids.
  const accents = [region ? `${lang}-${region}` : '', lang === 'es' && region && region !== 'es' ? 'es-419' : ''].filter(Boolean);
  for (const accent of accents) {
    const hit = pool.find((v) => v.voice_id.toLowerCase().startsWith(`${accent}-`));
    if (hit) return hit.voice_id;
  }
  return pool[0]!.voice_id;
}
