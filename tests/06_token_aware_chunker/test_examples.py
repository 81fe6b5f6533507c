"""The examples printed in problems/06_token_aware_chunker/README.md, in the same order."""

import pytest

from kata.judging.checks import check_raises, check_returns
from kata.judging.guards import progress_guard
from kata.katas.toy_tokenizer import ToyTokenizer

pytestmark = pytest.mark.examples

tokenizer = ToyTokenizer()


def test_a_separator_that_merges_costs_nothing(chunk_sections):
    check_returns(
        chunk_sections, ["the cat", "sat on", "the mat"], 4, tokenizer, expected=["the cat", "sat on\nthe mat"]
    )


def test_a_join_can_count_more_than_its_parts(chunk_sections):
    check_returns(chunk_sections, ["hot tea", "ice"], 4, tokenizer, expected=["hot tea", "ice"])


@progress_guard()
def test_an_oversized_section_is_cut_between_characters(chunk_sections):
    check_returns(
        chunk_sections, ["the cat", "🦜🦜🦜", "is hot"], 4, tokenizer, expected=["the cat", "🦜", "🦜", "🦜", "is hot"]
    )


@progress_guard()
def test_an_oversized_section_is_cut_on_token_boundaries(chunk_sections):
    check_returns(chunk_sections, ["café au lait", "the"], 3, tokenizer, expected=["café a", "u l", "ait", "the"])


def test_empty_sections_are_skipped_and_the_separator_can_be_named(chunk_sections):
    check_returns(chunk_sections, ["the cat", "", "the mat"], 8, tokenizer, separator=" ", expected=["the cat the mat"])


def test_no_sections_give_no_chunks(chunk_sections):
    check_returns(chunk_sections, [], 8, tokenizer, expected=[])


@progress_guard()
def test_a_budget_of_zero_is_rejected(chunk_sections):
    check_raises(chunk_sections, ["the cat"], 0, tokenizer, error=ValueError, mentions=["max_tokens", 0])


@progress_guard()
def test_a_separator_that_fills_the_budget_is_rejected(chunk_sections):
    check_raises(chunk_sections, ["the cat"], 1, tokenizer, error=ValueError, mentions=["separator", repr("\n")])


@progress_guard()
def test_a_character_wider_than_the_budget_is_rejected(chunk_sections):
    check_raises(chunk_sections, ["a🦜"], 2, tokenizer, error=ValueError, mentions=["sections[0]", "🦜", "offset 1"])


@progress_guard()
def test_a_section_that_is_not_a_str_is_rejected(chunk_sections):
    check_raises(chunk_sections, ["the", 5], 8, tokenizer, error=TypeError, mentions=["sections[1]", "5"])
