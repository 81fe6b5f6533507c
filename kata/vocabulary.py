"""The words the reports print, each defined here once: a failed test's verdict, a kata's status."""


class Verdict:
    """The first line of a failed test's report: LeetCode's words, where it has them."""

    WRONG_ANSWER = "WRONG ANSWER"
    ERROR = "ERROR"  # the code raised
    DID_NOT_FINISH = "DID NOT FINISH"  # a call ran past its limit: a loop that does not advance
    TOO_SLOW = "TOO SLOW"  # a guard's call ran past its limit: work that grows too fast
    TOO_MUCH_MEMORY = "TOO MUCH MEMORY"
    NOT_STARTED = "NOT STARTED"  # the stub's NotImplementedError
    LIMITS = (DID_NOT_FINISH, TOO_SLOW, TOO_MUCH_MEMORY)  # a limit stopped the code
    ALL = (WRONG_ANSWER, ERROR, *LIMITS, NOT_STARTED)


class KataStatus:
    """Where a kata stands, for a learner (`kata list`) or a student (`kata grade`), in one word."""

    SOLVED = "solved"
    FAILING = "failing"  # finished, with wrong answers
    ERROR = "error"  # raised, or ended its worker
    TOO_SLOW = "too slow"  # ran past a time limit
    TOO_MUCH_MEMORY = "too much memory"  # ran past the memory limit
    NOT_STARTED = "not started"  # the stub, untouched
    CANNOT_RUN = "cannot run"  # a syntax error, a missing function, a crash on import
    NOT_SUBMITTED = "not submitted"  # graded: no file for the kata
    NOT_CHECKED = "not checked"  # kata list: no result for the current files, and none was asked for
    GRADED = (SOLVED, FAILING, ERROR, TOO_SLOW, TOO_MUCH_MEMORY, NOT_STARTED, CANNOT_RUN, NOT_SUBMITTED)  # best first
