"""Independent oracles for the tests: plain, obviously correct, and never the reference solutions.

They are written differently from the references on purpose (boundaries first, then
chunks; dynamic programming instead of greedy), so that a bug shared with a reference
would be a coincidence rather than a copy.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from itertools import accumulate


def greedy_chunks(sizes, budget):
    """Kata 02's rule: a chunk closes when it is non-empty and the next size would push it past the budget.

    Returns the chunks as lists of indices, built from the list of indices where a chunk starts.
    """
    starts = []
    total = 0
    for index, size in enumerate(sizes):
        if index == 0 or total + size > budget:
            starts.append(index)
            total = 0
        total += size
    ends = starts[1:] + [len(sizes)]
    return [list(range(start, end)) for start, end in zip(starts, ends)]


def fewest_chunks(sizes, budget):
    """The fewest chunks of any in-order split where each chunk fits the budget or is one sentence.

    Dynamic programming over prefixes: best[j] is the fewest chunks for sizes[:j].
    O(n^2); meant for the short inputs of property tests.
    """
    n = len(sizes)
    best = [0] + [n + 1] * n
    for end in range(1, n + 1):
        total = 0
        for start in range(end - 1, -1, -1):
            total += sizes[start]
            if total > budget and start != end - 1:
                break
            best[end] = min(best[end], best[start] + 1)
    return best[n]


def words_of(text):
    """Kata 09's words: maximal runs of a-z and 0-9 in the lower-cased text, found one character at a time."""
    words, current = [], ""
    for character in text.lower():
        if "a" <= character <= "z" or "0" <= character <= "9":
            current += character
        elif current:
            words.append(current)
            current = ""
    return words + [current] if current else words


def bm25(query, chunks, k1=1.5, b=0.75):
    """Kata 09's BM25 scores, straight from the definition: every query word (repeats
    included) against every chunk, counting with list.count. Slow, and plainly right."""
    texts = [words_of(chunk) for chunk in chunks]
    n = len(texts)
    if n == 0:
        return []
    average = sum(len(words) for words in texts) / n
    scores = [0.0] * n
    for word in words_of(query):
        df = sum(1 for words in texts if word in words)
        idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
        for index, words in enumerate(texts):
            f = words.count(word)
            if f > 0:
                scores[index] += idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len(words) / average))
    return scores


def contains(outer, inner):
    """Whether the span outer = (start, end) holds the whole of the span inner."""
    return outer[0] <= inner[0] and inner[1] <= outer[1]


def small_to_big(doc, hits, children, parents, window, merge_ratio, max_tokens):
    """Kata 10's spans, the slow way: for each parent, mark each of its children that some hit's
    window covers, with the best rank that covers it, then read the marked stretches off.
    Returns (start, end, parent, rank) tuples, best first."""
    rank = {}
    for position, child in enumerate(hits):
        if child not in rank:
            rank[child] = position
    own_children = [[] for _ in parents]  # each parent's children, in order
    for index, child in enumerate(children):
        own_children[child[0]].append(index)
    spans = []
    for parent, (parent_start, parent_end) in enumerate(parents):
        own = own_children[parent]
        hit = [index for index in own if index in rank]
        if not hit:
            continue
        if len(hit) / len(own) >= merge_ratio:
            spans.append((parent_start, parent_end, parent, min(rank[index] for index in hit)))
            continue
        best = [None] * len(own)  # best[j]: the best rank of a hit whose window covers own[j]
        for j, index in enumerate(own):
            if index in rank:
                for k in range(len(own)):
                    if abs(k - j) <= window and (best[k] is None or rank[index] < best[k]):
                        best[k] = rank[index]
        k = 0
        while k < len(own):
            if best[k] is None:
                k += 1
                continue
            first = k
            while k + 1 < len(own) and best[k + 1] is not None:
                k += 1
            spans.append((children[own[first]][1], children[own[k]][2], parent, min(best[first : k + 1])))
            k += 1
    taken, total = [], 0
    for span in sorted(spans, key=lambda span: span[3]):
        words = len(doc[span[0] : span[1]].split())
        if total + words <= max_tokens:
            taken.append(span)
            total += words
    return taken


# Kata 06: a packer to hold answers to (its tokenizers are in tests.support.tokenizers).


def token_count(tokenizer, text):
    """Kata 06's count of a text: how many ids the tokenizer encodes it to."""
    return len(tokenizer.encode(text))


def token_aware_plan(sections, max_tokens, tokenizer, separator):
    """Kata 06's chunks, planned first and written out second, differently from the reference.

    Returns, for each chunk, [the index of the section it starts with, the indices of the
    sections it holds, whether it is a piece of an oversized section, its text]. Raises
    ValueError when an oversized section has a character that alone counts more than max_tokens.
    """
    plan = []
    for index, section in enumerate(sections):
        if section == "":
            continue
        if token_count(tokenizer, section) > max_tokens:
            plan.extend([index, [index], True, piece] for piece in token_pieces(section, max_tokens, tokenizer))
            continue
        last = plan[-1] if plan else None
        if last is not None and not last[2]:
            candidate = separator.join(sections[i] for i in last[1] + [index])
            if token_count(tokenizer, candidate) <= max_tokens:
                last[1].append(index)
                last[3] = candidate
                continue
        plan.append([index, [index], False, section])
    return plan


def token_pieces(section, max_tokens, tokenizer):
    """Kata 06's pieces of an oversized section, by the definition of a cut between characters:
    the text of a run of ids and the text of the ids after it, put together, give back the rest of
    the section exactly (a cut inside a character turns the bytes on each side of it into U+FFFD,
    so the two texts would hold more characters than the rest). The run holds at most max_tokens
    ids and its text counts at most max_tokens alone; when no run qualifies, one character is cut."""
    pieces, rest = [], section
    ids = tokenizer.encode(rest)
    while rest:
        for size in range(min(max_tokens, len(ids)), 0, -1):
            text = tokenizer.decode(ids[:size])
            if text and text + tokenizer.decode(ids[size:]) == rest and token_count(tokenizer, text) <= max_tokens:
                ids = ids[size:]
                break
        else:
            text = rest[0]
            if token_count(tokenizer, text) > max_tokens:
                raise ValueError(f"the character {text!r} alone counts more than {max_tokens}")
            ids = tokenizer.encode(rest[1:])
        pieces.append(text)
        rest = rest[len(text) :]
    return pieces


def greedy_bounds(sizes, budget, cuts_before=()):
    """Kata 02's chunks as (start, end) pairs, fast enough for a guard's million sizes: with the prefix sums
    total[i] = sizes[0] + ... + sizes[i - 1], the chunk that starts at i runs to the last j with
    total[j] - total[i] <= budget (found by bisection), or holds sentence i alone if even that one does not fit;
    and never past the next index of `cuts_before` (sorted indices where a new chunk must start, as a topic
    boundary starts one in kata 08). Work in Python: a few steps per chunk; the sums and searches run in C."""
    total = [0, *accumulate(sizes)]
    stops = [*sorted(cuts_before), len(sizes)]
    bounds, start, stop = [], 0, 0
    while start < len(sizes):
        while stops[stop] <= start:
            stop += 1
        end = max(bisect_right(total, total[start] + budget, start + 1, stops[stop] + 1) - 1, start + 1)
        bounds.append((start, end))
        start = end
    return bounds


def greedy_chunks_fast(sizes, budget, cuts_before=()):
    """greedy_chunks for a large input: the indices of each chunk of greedy_bounds."""
    return [list(range(start, end)) for start, end in greedy_bounds(sizes, budget, cuts_before)]


def smallest_budget_keeping_the_count(sizes, max_tokens):
    """Kata 05's b*: the smallest budget from 1 to max_tokens under which greedy makes as many chunks as under
    max_tokens. A larger budget never makes more chunks, so the budgets that keep the count are those from b*
    up: a bisection over them, each step one count of greedy_bounds."""
    target = len(greedy_bounds(sizes, max_tokens))
    fewest_failing, keeping = 0, max_tokens  # the count rises at fewest_failing (0 makes every chunk fail)
    while keeping - fewest_failing > 1:
        middle = (fewest_failing + keeping) // 2
        if len(greedy_bounds(sizes, middle)) == target:
            keeping = middle
        else:
            fewest_failing = middle
    return keeping


def bm25_of_profiles(profiles, chunk_count, average, k1=1.5, b=0.75):
    """Kata 09's BM25 scores of chunks described by their profiles, for a large input: a chunk's profile is its
    number of words and, for each query word it holds, in the order in which the query first has them, the
    tuple (times in the query, f in the chunk, df); average is avgdl over all `chunk_count` chunks. The
    statement's sum, term by term in that order; chunks of equal profiles score the same, so each distinct
    profile is computed once."""
    score_of = {}
    for length, terms in set(profiles):
        score = 0.0
        for times, f, df in terms:
            idf = math.log(1 + (chunk_count - df + 0.5) / (df + 0.5))
            score += times * idf * f * (k1 + 1) / (f + k1 * (1 - b + b * length / average))
        score_of[length, terms] = score
    return list(map(score_of.__getitem__, profiles))
