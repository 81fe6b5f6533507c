"""What the reference and the catalogued mistakes do on an input, worked out once and shared by several runs.

kata grade passes one folder to every student's run (--shared-probes): these tests
check that an outcome kept there is read back instead of worked out again, that a run
waits for one another run is working out, and that anything not plain data is never
shared.
"""

from __future__ import annotations

import os
import threading
import time

from kata.judging.calls import Call
from kata.runner import probes
from kata.runner.diagnosis import FailingTest, diagnose


def counting(outcome, seconds: float = 0.01, delay: float = 0.0):
    """A probe that returns `outcome` after `delay` seconds, and the list of the times it was called."""
    calls = []

    def probe():
        calls.append(time.monotonic())
        time.sleep(delay)
        return outcome, seconds

    return probe, calls


def test_an_outcome_kept_by_one_run_is_read_back_by_the_next(tmp_path):
    key = probes.key_of("01_fixed_windows", "fixed_windows", "reference", ([1, 2, 3], 2), {})
    probe, calls = counting(("returned", [[1, 2], (3, "x"), {"k": b"v"}]), seconds=0.25)
    first = probes.outcome(tmp_path, key, probe, 0.3)
    second = probes.outcome(tmp_path, key, probe, 0.3)
    assert len(calls) == 1, "the second run worked the outcome out again instead of reading it back"
    assert second == first == (("returned", [[1, 2], (3, "x"), {"k": b"v"}]), 0.25)
    assert type(second[0][1][1]) is tuple and type(second[0][1][2]["k"]) is bytes


def test_each_kind_of_outcome_is_read_back_as_it_was_kept(tmp_path):
    for number, outcome in enumerate(
        [("raised", ("ValueError", "overlap must be below chunk_size")), ("did not finish", None), ("returned", [])]
    ):
        probe, _ = counting(outcome)
        key = probes.key_of("kata", number)
        probes.outcome(tmp_path, key, probe, 0.3)
        again, calls = counting(("returned", "not read back"))
        assert probes.outcome(tmp_path, key, again, 0.3)[0] == outcome and calls == []


def test_inputs_that_differ_only_in_their_types_have_different_names():
    names = {probes.key_of("kata", value) for value in ([1, 2], (1, 2), [True, 2], [1.0, 2], ["1", "2"])}
    assert len(names) == 5 and None not in names


def test_an_input_that_is_not_plain_data_is_not_shared():
    assert probes.key_of("kata", "fixed_windows", ([1, 2], object()), {}) is None
    assert probes.key_of("kata", "fixed_windows", (iter([1, 2]),), {}) is None


def test_an_outcome_that_is_not_plain_data_is_worked_out_by_each_run(tmp_path):
    key = probes.key_of("kata", "an object comes back")
    probe, calls = counting(("returned", object()))
    probes.outcome(tmp_path, key, probe, 0.3)
    probes.outcome(tmp_path, key, probe, 0.3)
    assert len(calls) == 2


def test_a_damaged_file_is_a_miss_and_is_worked_out_again(tmp_path):
    key = probes.key_of("kata", "damaged")
    (tmp_path / f"{key}.json").write_text('["returned", {"ints": "not base64!"}, 0.1]')
    probe, calls = counting(("returned", [1]))
    assert probes.outcome(tmp_path, key, probe, 0.3)[0] == ("returned", [1]) and len(calls) == 1


def test_a_file_nested_past_the_recursion_limit_is_a_miss(tmp_path):
    key = probes.key_of("kata", "nested")
    (tmp_path / f"{key}.json").write_text("[" * 100_000)
    probe, calls = counting(("returned", [1]))
    assert probes.outcome(tmp_path, key, probe, 0.3)[0] == ("returned", [1]) and len(calls) == 1


def test_a_fifo_in_place_of_a_file_is_a_miss_not_a_wait(tmp_path):
    key = probes.key_of("kata", "fifo")
    os.mkfifo(tmp_path / f"{key}.json")
    probe, calls = counting(("returned", [1]))
    assert probes.outcome(tmp_path, key, probe, 0.3)[0] == ("returned", [1]) and len(calls) == 1


def test_a_run_waits_for_the_outcome_another_run_is_working_out(tmp_path):
    key = probes.key_of("kata", "slow")
    slow, slow_calls = counting(("did not finish", None), seconds=0.3, delay=0.3)
    other = threading.Thread(target=probes.outcome, args=(tmp_path, key, slow, 0.3))
    other.start()
    while not slow_calls:  # the other run has claimed the work and is doing it
        time.sleep(0.005)
    second, second_calls = counting(("returned", "worked out twice"))
    assert probes.outcome(tmp_path, key, second, 0.3) == (("did not finish", None), 0.3)
    other.join()
    assert second_calls == []


def test_a_run_stops_waiting_for_a_run_that_never_answers(tmp_path, monkeypatch):
    monkeypatch.setattr(probes, "CLAIM_MARGIN_SECONDS", 0.1)
    key = probes.key_of("kata", "abandoned")
    (tmp_path / f"{key}.claim").touch()  # claimed by a run that ended before answering
    probe, calls = counting(("returned", [1]))
    started = time.monotonic()
    assert probes.outcome(tmp_path, key, probe, 0.05)[0] == ("returned", [1])
    assert len(calls) == 1 and time.monotonic() - started < 1.0


def failing_call(args: tuple, result) -> Call:
    call = Call("fixed_windows", args, {}, kata="01_fixed_windows")
    call.finished, call.result = True, result
    return call


def test_the_diagnosis_names_a_mistake_from_the_outcomes_another_run_kept(tmp_path):
    # The reference gives [[a, b, c], [c, d, e], [e, f, g]]; one more window is a known mistake.
    answer = [["a", "b", "c"], ["c", "d", "e"], ["e", "f", "g"], ["g"]]
    first = [
        mistake.id
        for mistake in diagnose(
            failing_call((list("abcdefg"), 3, 1), answer), FailingTest("test", shared_probes=tmp_path)
        ).matches
    ]
    kept = {path.name: path.stat().st_mtime_ns for path in tmp_path.iterdir()}
    second = [
        mistake.id
        for mistake in diagnose(
            failing_call((list("abcdefg"), 3, 1), answer), FailingTest("test", shared_probes=tmp_path)
        ).matches
    ]
    assert "redundant_tail_window" in first and second == first
    assert any(name.endswith(".json") for name in kept)
    assert {path.name: path.stat().st_mtime_ns for path in tmp_path.iterdir()} == kept, (
        "the second diagnosis worked the outcomes out again instead of reading them"
    )


def test_a_run_whose_probe_fails_lets_the_next_run_work_it_out_at_once(tmp_path):
    key = probes.key_of("kata", "interrupted")

    def interrupted():
        raise KeyboardInterrupt

    try:
        probes.outcome(tmp_path, key, interrupted, 5.0)
    except KeyboardInterrupt:
        pass
    probe, calls = counting(("returned", [1]))
    started = time.monotonic()
    assert probes.outcome(tmp_path, key, probe, 5.0)[0] == ("returned", [1])
    assert len(calls) == 1 and time.monotonic() - started < 1.0, "the next run waited for an answer that never came"
