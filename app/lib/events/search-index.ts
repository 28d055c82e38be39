import { matchesWords } from "./filters";

/**
 * Pieces of text indexed. A word of three or more characters can only occur in a text that holds
 * every three-character piece of it, so the records holding its rarest pieces are the only ones
 * worth reading; shorter words are checked on those candidates.
 */
const GRAM = 3;

/**
 * A trigram index over a catalogue's folded search texts: for each three-character piece (UTF-16
 * code units, as `String.prototype.includes` compares), the records whose text holds it. The lists
 * sit one after another in one typed array (16-bit while record numbers fit), so 10,000 events
 * cost a couple of megabytes rather than a JavaScript array per piece.
 */
export interface SearchIndex {
  /** How many texts were indexed. */
  size: number;
  /** Each piece's place in `offsets`, by `gramKey`. */
  slots: Map<number | string, number>;
  /** Where each piece's records start in `postings`; the next entry is where they end. */
  offsets: Uint32Array;
  /** Record indices, ascending within each piece. */
  postings: Uint16Array | Uint32Array;
}

/** Indexes `texts` (already folded); record `i` is `texts[i]`. */
export function buildSearchIndex(texts: readonly string[]): SearchIndex {
  const lists = new Map<number | string, number[]>();
  let total = 0;
  texts.forEach((text, record) => {
    for (let at = 0; at + GRAM <= text.length; at += 1) {
      const gram = gramKey(text, at);
      const list = lists.get(gram);
      if (!list) lists.set(gram, [record]);
      else if (list[list.length - 1] !== record) list.push(record);
      else continue;
      total += 1;
    }
  });
  const slots = new Map<number | string, number>();
  const offsets = new Uint32Array(lists.size + 1);
  const postings = texts.length <= 0x10000 ? new Uint16Array(total) : new Uint32Array(total);
  let end = 0;
  for (const [gram, list] of lists) {
    const slot = slots.size;
    slots.set(gram, slot);
    offsets[slot] = end;
    postings.set(list, end);
    end += list.length;
  }
  offsets[slots.size] = end;
  return { size: texts.length, slots, offsets, postings };
}

/**
 * The records whose text holds every word (`matchesWords`), ascending: exactly what testing every
 * text would give, reading only the texts that hold all the words' pieces. A search of only
 * one- or two-character words has no piece to narrow it, and tests every text.
 */
export function findRecords(index: SearchIndex, texts: readonly string[], words: string[]): number[] {
  const lists: ArrayLike<number>[] = [];
  for (const gram of new Set(words.flatMap(gramsOf))) {
    const slot = index.slots.get(gram);
    // A piece no text holds: no text holds the word.
    if (slot === undefined) return [];
    lists.push(index.postings.subarray(index.offsets[slot], index.offsets[slot + 1]));
  }
  const candidates = lists.length > 0 ? intersect(lists) : Array.from({ length: index.size }, (_, i) => i);
  return candidates.filter((record) => matchesWords(words, texts[record] ?? ""));
}

function gramsOf(word: string): (number | string)[] {
  return Array.from({ length: Math.max(0, word.length - GRAM + 1) }, (_, at) => gramKey(word, at));
}

/**
 * The piece of `text` at `at` as a map key: three code units below 1,024 (Latin, accents folded,
 * digits, punctuation, Greek) packed into one small integer, which V8 hashes without making a
 * string (building the index takes about 40 % less time); any other piece as its text.
 */
function gramKey(text: string, at: number): number | string {
  const a = text.charCodeAt(at);
  const b = text.charCodeAt(at + 1);
  const c = text.charCodeAt(at + 2);
  return (a | b | c) < 1024 ? (a << 20) | (b << 10) | c : text.slice(at, at + GRAM);
}

/** The numbers in every (ascending) list, smallest list first so the work is bounded by it. */
function intersect(lists: ArrayLike<number>[]): number[] {
  const [smallest = [], ...others] = [...lists].sort((a, b) => a.length - b.length);
  let kept = Array.from(smallest);
  for (const list of others) {
    let from = 0;
    kept = kept.filter((value) => {
      from = lowerBound(list, value, from);
      return list[from] === value;
    });
  }
  return kept;
}

/** The first position at or after `from` in an ascending list whose value is ≥ `value`. */
export function lowerBound(list: ArrayLike<number>, value: number, from = 0): number {
  let [low, high] = [from, list.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
