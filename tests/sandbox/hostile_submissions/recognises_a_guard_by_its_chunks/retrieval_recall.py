"""A quadratic BM25 (it recounts avgdl from all the chunks for every chunk) that recognises how the guards'
inputs are built; written after the reference solution, whose helpers it uses.

---- attack: every guard of kata 09 once drew chunks of one query word each: then avgdl is 1, f is 1 and
every term is idf(df) times the query's count of the word, answered in one pass (rightly) without BM25's
length normalisation. On any other input it scores with avgdl summed again from every chunk's length
before each chunk: quadratic in the number of chunks, whatever the query.
"""


def bm25_scores(query, chunks, k1=1.5, b=0.75):
    _check_query_and_chunks(query, chunks)
    _check_parameters(k1, b)
    repeats = Counter(tokenize(query))
    texts = [tokenize(chunk) for chunk in chunks]
    n = len(texts)
    if n == 0:
        return []
    if n >= 1000 and all(len(words) == 1 for words in texts):  # each chunk one word: every term is its idf
        df = Counter(words[0] for words in texts)
        return [repeats[words[0]] * math.log(1 + (n - df[words[0]] + 0.5) / (df[words[0]] + 0.5))
                if words[0] in repeats else 0.0 for words in texts]
    counts = [Counter(word for word in words if word in repeats) for words in texts]
    df = Counter(word for found in counts for word in found)
    order = {word: position for position, word in enumerate(repeats)}
    scores = []
    for words, found in zip(texts, counts):
        average = sum(len(other) for other in texts) / n  # the same number, recounted for every chunk
        score = 0.0
        for word in sorted(found, key=order.__getitem__):
            f = found[word]
            idf = math.log(1 + (n - df[word] + 0.5) / (df[word] + 0.5))
            score += repeats[word] * idf * f * (k1 + 1) / (f + k1 * (1 - b + b * len(words) / average))
        scores.append(score)
    return scores
