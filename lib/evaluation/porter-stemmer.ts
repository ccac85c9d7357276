/** Words NLTK's default mode maps directly (its irregular forms). */
const IRREGULAR = new Map<string, string>([
  ['sky', 'sky'], ['skies', 'sky'], ['dying', 'die'], ['lying', 'lie'], ['tying', 'tie'], ['news', 'news'],
  ['innings', 'inning'], ['inning', 'inning'], ['outings', 'outing'], ['outing', 'outing'],
  ['cannings', 'canning'], ['canning', 'canning'], ['howe', 'howe'], ['proceed', 'proceed'],
  ['exceed', 'exceed'], ['succeed', 'succeed'],
]);

/** A suffix rule: strip `suffix`, and when `when(stem)` holds, append `to`; the first rule whose suffix matches decides. */
interface Rule {
  suffix: string;
  to: string;
  when?: (stem: string) => boolean;
}

const VOWELS = new Set(['a', 'e', 'i', 'o', 'u']);

function isConsonant(word: string, i: number): boolean {
  const c = word[i]!;
  if (VOWELS.has(c)) return false;
  if (c === 'y') return i === 0 ? true : !isConsonant(word, i - 1);
  return true;
}

/** Porter's m: the number of vowel-consonant sequences. */
function measure(stem: string): number {
  let count = 0;
  for (let i = 1; i < stem.length; i++) if (!isConsonant(stem, i - 1) && isConsonant(stem, i)) count++;
  return count;
}

const positive = (stem: string): boolean => measure(stem) > 0;
const overOne = (stem: string): boolean => measure(stem) > 1;

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(word: string): boolean {
  return word.length >= 2 && word.at(-1) === word.at(-2) && isConsonant(word, word.length - 1);
}

/** Condition *o (with NLTK's two-letter vowel-consonant extension). */
function endsCvc(word: string): boolean {
  const n = word.length;
  if (n >= 3 && isConsonant(word, n - 3) && !isConsonant(word, n - 2) && isConsonant(word, n - 1) && !'wxy'.includes(word[n - 1]!)) return true;
  return n === 2 && !isConsonant(word, 0) && isConsonant(word, 1);
}

function applyRules(word: string, rules: readonly Rule[]): string {
  for (const rule of rules) {
    if (!word.endsWith(rule.suffix)) continue;
    const stem = word.slice(0, word.length - rule.suffix.length);
    return !rule.when || rule.when(stem) ? stem + rule.to : word;
  }
  return word;
}

function step1a(word: string): string {
  if (word.endsWith('ies') && word.length === 4) return word.slice(0, -3) + 'ie';
  return applyRules(word, [{ suffix: 'sses', to: 'ss' }, { suffix: 'ies', to: 'i' }, { suffix: 'ss', to: 'ss' }, { suffix: 's', to: '' }]);
}

function step1b(word: string): string {
  if (word.endsWith('ied')) return word.slice(0, -3) + (word.length === 4 ? 'ie' : 'i');
  if (word.endsWith('eed')) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? stem + 'ee' : word;
  }
  const suffix = ['ed', 'ing'].find((s) => word.endsWith(s) && containsVowel(word.slice(0, -s.length)));
  return suffix === undefined ? word : tidyStep1b(word.slice(0, -suffix.length));
}

/** After -ed / -ing: restore -ate/-ble/-ize, undouble a final consonant, or add -e to a short stem. */
function tidyStep1b(stem: string): string {
  for (const [end, to] of [['at', 'ate'], ['bl', 'ble'], ['iz', 'ize']] as const) if (stem.endsWith(end)) return stem.slice(0, -2) + to;
  if (endsDoubleConsonant(stem)) return 'lsz'.includes(stem.at(-1)!) ? stem : stem.slice(0, -1);
  return measure(stem) === 1 && endsCvc(stem) ? stem + 'e' : stem;
}

function step1c(word: string): string {
  return applyRules(word, [{ suffix: 'y', to: 'i', when: (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1) }]);
}

const STEP2: readonly Rule[] = [
  ['ational', 'ate'], ['tional', 'tion'], ['enci', 'ence'], ['anci', 'ance'], ['izer', 'ize'], ['bli', 'ble'],
  ['alli', 'al'], ['entli', 'ent'], ['eli', 'e'], ['ousli', 'ous'], ['ization', 'ize'], ['ation', 'ate'],
  ['ator', 'ate'], ['alism', 'al'], ['iveness', 'ive'], ['fulness', 'ful'], ['ousness', 'ous'], ['aliti', 'al'],
  ['iviti', 'ive'], ['biliti', 'ble'], ['fulli', 'ful'],
].map(([suffix, to]) => ({ suffix: suffix!, to: to!, when: positive }));

function step2(word: string): string {
  if (word.endsWith('alli') && positive(word.slice(0, -4))) return step2(word.slice(0, -4) + 'al');
  // NLTK's -logi rule tests the measure of the word without "ogi" (the stem keeps its "l").
  return applyRules(word, [...STEP2, { suffix: 'logi', to: 'log', when: () => positive(word.slice(0, -3)) }]);
}

const STEP3: readonly Rule[] = [
  ['icate', 'ic'], ['ative', ''], ['alize', 'al'], ['iciti', 'ic'], ['ical', 'ic'], ['ful', ''], ['ness', ''],
].map(([suffix, to]) => ({ suffix: suffix!, to: to!, when: positive }));

const STEP4: readonly Rule[] = ['al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ion', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize'].map(
  (suffix) => ({ suffix, to: '', when: suffix === 'ion' ? (stem: string) => overOne(stem) && 'st'.includes(stem.at(-1) ?? ' ') : overOne }),
);

function step5a(word: string): string {
  if (!word.endsWith('e')) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function step5b(word: string): string {
  return word.endsWith('ll') && measure(word.slice(0, -1)) > 1 ? word.slice(0, -1) : word;
}

/**
 * The Porter stem of a word, exactly as NLTK's `PorterStemmer()` in its default `NLTK_EXTENSIONS`
 * mode computes it (the stemmer `rouge_score` uses): lowercased, NLTK's irregular forms
 * (`dying` → `die`, `skies` → `sky`), words of one or two letters unchanged, then Porter's steps
 * 1a–5b with NLTK's departures (`ies`/`ied` on four-letter words, `y` → `i` only after a
 * consonant that is not the first letter, `-alli`, `-fulli`, `-logi`, `-bli`).
 *
 * @example
 * ```ts
 * porterStem('relational'); // 'relat'
 * porterStem('running');    // 'run'
 * porterStem('skies');      // 'sky'
 * ```
 */
export function porterStem(word: string): string {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length <= 2) return lower;
  const steps = [step1a, step1b, step1c, step2, (w: string) => applyRules(w, STEP3), (w: string) => applyRules(w, STEP4), step5a, step5b];
  return steps.reduce((stem, step) => step(stem), lower);
}
