#!/usr/bin/env python3
"""Writes spec/fixtures/evaluation/rouge-parity.json: reference ROUGE-1 scores and Porter stems
computed with NLTK's PorterStemmer (default NLTK_EXTENSIONS mode), tokenized as Google's
rouge_score does with use_stemmer=True. Run with Debian's python3-nltk:

    apt-get install python3-nltk && /usr/bin/python3 scripts/rouge-parity-table.py

The TypeScript port (lib/evaluation/rouge1.ts) must match every row (spec/evaluation/rouge-parity.spec.ts).
"""
import json
import random
import re

import nltk
from nltk.stem import porter

STEMMER = porter.PorterStemmer()


def tokenize(text):
  # rouge_score.tokenize.tokenize: lowercase, non-[a-z0-9] runs to spaces, split,
  # stem tokens longer than 3 characters, keep valid tokens.
  text = re.sub(r"[^a-z0-9]+", " ", text.lower())
  tokens = re.split(r"\s+", text)
  tokens = [STEMMER.stem(t) if len(t) > 3 else t for t in tokens]
  return [t for t in tokens if re.match(r"^[a-z0-9]+$", t)]


def rouge1(target, prediction):
  t, p = {}, {}
  for x in tokenize(target):
    t[x] = t.get(x, 0) + 1
  for x in tokenize(prediction):
    p[x] = p.get(x, 0) + 1
  overlap = sum(min(c, p.get(k, 0)) for k, c in t.items())
  precision = overlap / max(sum(p.values()), 1)
  recall = overlap / max(sum(t.values()), 1)
  f = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
  return precision, recall, f


WORDS = """
cats ponies ties caresses caress dogs buses agreed feed plastered bled motoring sing conflated troubled sized
hopping tanned falling hissing fizzed failing filing happy sky skies enjoy spy flies tried spied dying lying
tying news innings outings cannings howe proceed exceed succeed relational conditional rational valenci
hesitanci digitizer conformabli radicalli differentli vileli analogousli vietnamization predication operator
feudalism decisiveness hopefulness callousness formaliti sensitiviti sensibiliti triplicate formative formalize
electriciti electrical hopeful goodness revival allowance inference airliner gyroscopic adjustable defensible
irritant replacement adjustment dependent adoption homologou communism activate angulariti homologous effective
bowdlerize probate rate cease controll roll generalization oscillators national nationally international
running runner runs ran easily fairly universal university universe organization organize organs generously
analogy archaeology biology logical theology apology dies lies ties eyed died tied cried fried studies studied
studying agreement agreeable hoping hopped hopes computing computer computation computed computes walking walked
walks helpful carefully beautifully beautiful happiness happily happier happiest mountains rooms booked booking
bookings traveled travelling travelers cities city paris london museums shopping interests weather turned
turning devices device bedroom status statuses rolling rolled prime primes numbers checking checked sides
""".split()

SENTENCES = [
    "I have set the device_2 status to off.",
    "OK. I've turned off device_2 in the Bedroom. Anything else?",
    "You asked me to turn off device_2 in the Bedroom.",
    "I am a data processing agent. I can roll dice and check if the results are prime numbers.",
    "Given your interests in food, shopping, and museums, Los Angeles would be a better choice.",
    "The relational database stores conditional records nationally.",
    "Running runners ran quickly through the running tracks.",
    "The cats are chasing the mice; the mouse hid under the cat's bed.",
    "It is 25 degrees and sunny in Paris, 3.5 km from the Louvre.",
    "Café naïve résumé über straße — déjà vu!",
    "The generalization of oscillators is generally organizational.",
    "Studies studied by studying students show agreement.",
    "He was dying, lying and tying knots under the skies.",
    "Hopefulness and happiness happily make happier people.",
    "KELVIN sign K and the İstanbul dotted capital.",
    "Version 2.0.1 was released on 2025-06-20 at 10:30pm.",
    "Ünïcödé wörds with àccents ärë splït ïntö pïëcës.",
    "We booked bookings for booking the rooms in the cities.",
    "The archaeology and biology of theology: an apology.",
    "Turn on device_3 in the Kitchen, then turn it off.",
    "",
    "   ",
    "!!! ??? ...",
    "a b c d e f",
    "the the the the",
    "Electrical electricity electrician electric electrify.",
    "Computers compute computations computing computed results.",
    "Hello, world!",
    "HELLO WORLD",
    "hello   world\n\tagain",
]


def main():
  rng = random.Random(26)
  pairs = []
  # Fixed sentences against each other (a window, so the table stays readable).
  for i, a in enumerate(SENTENCES):
    for b in SENTENCES[i : i + 4]:
      pairs.append((a, b))
  # Random sentences built from the suffix words, with numbers and punctuation.
  punct = [",", ".", "!", "?", ";", " -", "'s", "...", " (x)", ""]
  while len(pairs) < 260:
    def sentence():
      n = rng.randint(1, 12)
      parts = []
      for _ in range(n):
        w = rng.choice(WORDS)
        if rng.random() < 0.15:
          w = w.upper() if rng.random() < 0.5 else w.capitalize()
        if rng.random() < 0.1:
          w = str(rng.randint(0, 2000))
        parts.append(w + rng.choice(punct))
      return " ".join(parts)
    target = sentence()
    prediction = sentence() if rng.random() < 0.6 else target.replace(rng.choice(target.split() or [" "]), rng.choice(WORDS), 1)
    pairs.append((target, prediction))
  rows = []
  for target, prediction in pairs:
    p, r, f = rouge1(target, prediction)
    rows.append({"target": target, "prediction": prediction, "precision": p, "recall": r, "fmeasure": f})
  stems = {w: STEMMER.stem(w) for w in sorted(set(WORDS + [t for s in SENTENCES for t in re.sub(r"[^a-z0-9]+", " ", s.lower()).split()]))}
  out = {
      "generator": "scripts/rouge-parity-table.py",
      "nltk": nltk.__version__,
      "mode": STEMMER.mode,
      "rows": rows,
      "stems": stems,
  }
  with open("spec/fixtures/evaluation/rouge-parity.json", "w", encoding="utf-8") as f:
    json.dump(out, f, ensure_ascii=False, indent=1)
    f.write("\n")
  print(f"{len(rows)} rows, {len(stems)} stems, nltk {nltk.__version__}, mode {STEMMER.mode}")


if __name__ == "__main__":
  main()
