"""The notice queue alone: plain texts and times, no window, no pygame.

How many notices the strip fits at once is the drawing side's business; here it is a function
the test chooses (two at a time, or one).
"""

from __future__ import annotations

import subprocess
import sys

from othello.gui.model.notices import FADE_SECONDS, TOAST_SECONDS, Notice, Notices


def two_fit(notices: list[Notice]) -> int:
    return min(2, len(notices))


def one_fits(notices: list[Notice]) -> int:
    return min(1, len(notices))


def texts(notices: Notices) -> list[str]:
    return [t.text for t in notices.shown()]


def test_a_notice_shows_for_its_time_from_when_it_first_shows() -> None:
    notices = Notices(two_fit)
    notices.add("Saved.")
    notices.expire(10.0)
    assert texts(notices) == ["Saved."] and notices.toasts[0].until == 10.0 + TOAST_SECONDS
    notices.expire(10.0 + TOAST_SECONDS - 0.01)
    assert texts(notices) == ["Saved."]
    notices.expire(10.0 + TOAST_SECONDS)
    assert notices.toasts == [] and texts(notices) == []


def test_notices_that_do_not_fit_together_wait_their_turn() -> None:
    notices = Notices(one_fits)
    notices.add("first")
    notices.add("second")
    notices.expire(0.0)
    assert texts(notices) == ["first"]
    assert notices.toasts[1].until is None  # its clock has not started
    notices.expire(TOAST_SECONDS)
    assert texts(notices) == ["second"] and notices.toasts[0].until == 2 * TOAST_SECONDS


def test_two_that_fit_show_together_and_a_third_waits() -> None:
    notices = Notices(two_fit)
    for text in ("one", "two", "three"):
        notices.add(text)
    notices.expire(1.0)
    assert texts(notices) == ["one", "two"]
    assert [t.until for t in notices.toasts] == [1.0 + TOAST_SECONDS] * 2 + [None]


def test_the_same_words_are_renewed_not_repeated() -> None:
    notices = Notices(two_fit)
    notices.answer("The computer is still thinking.")
    notices.expire(0.0)
    for _ in range(8):
        notices.answer("The computer is still thinking.")
    assert [t.text for t in notices.toasts] == ["The computer is still thinking."]
    assert notices.toasts[0].until is None  # its full time again, from the next frame
    notices.expire(4.0)
    assert notices.toasts[0].until == 4.0 + TOAST_SECONDS
    notices.add("A problem with the settings file.")
    notices.add("A problem with the settings file.")
    assert len(notices.toasts) == 2


def test_a_new_answer_replaces_the_earlier_answers_only() -> None:
    notices = Notices(two_fit)
    notices.add("A problem with the settings file.")
    for square in ("a1", "b1", "h8"):
        notices.answer(f"{square} is not a legal move.")
    assert [t.text for t in notices.toasts] == [
        "h8 is not a legal move.",
        "A problem with the settings file.",
    ]


def test_an_answer_shows_at_once_ahead_of_waiting_notices() -> None:
    notices = Notices(one_fits)
    for number in range(3):
        notices.add(f"Settings notice {number}")
    notices.expire(0.0)
    assert texts(notices) == ["Settings notice 0"]
    notices.answer("h8 is not a legal move.")
    notices.expire(2.0)
    assert texts(notices) == ["h8 is not a legal move."]  # the same frame, not 16 s later
    notices.expire(2.0 + TOAST_SECONDS)  # the answer's time is up: the notice it put back
    assert texts(notices) == ["Settings notice 0"]
    notices.expire(2.0 + TOAST_SECONDS + TOAST_SECONDS - 0.1)  # ... gets its full time again
    assert texts(notices) == ["Settings notice 0"]


def test_answers_go_when_the_position_changes_and_other_notices_stay() -> None:
    notices = Notices(two_fit)
    notices.answer("Hint: d3 is best (+2).")
    notices.add("A problem worth keeping")
    notices.drop_answers()
    assert [t.text for t in notices.toasts] == ["A problem worth keeping"]


def test_the_banner_comes_first_counts_as_one_and_ends_at_its_time() -> None:
    seen: list[list[Notice]] = []

    def fit(items: list[Notice]) -> int:
        seen.append(items)
        return two_fit(items)

    notices = Notices(fit)
    notices.announce("White has no legal move and passes", until=3.0)
    notices.add("one")
    notices.add("two")
    notices.expire(0.0)
    assert texts(notices) == ["one"]
    assert seen[-1] == [Notice("White has no legal move and passes", banner=True), Notice("one")]
    notices.expire(2.99)
    assert notices.banner is not None
    notices.expire(3.0)
    assert notices.banner is None and texts(notices) == ["one", "two"]
    notices.announce("Black has no legal move and passes", until=10.0)
    notices.clear_banner()
    assert notices.banner is None


def test_the_strip_fades_a_notice_out_over_its_last_half_second() -> None:
    notices = Notices(two_fit)
    notices.announce("White has no legal move and passes", until=100.0)
    notices.add("Saved.")
    assert [n.alpha for n in notices.strip(0.0)] == [255, 255]  # not shown yet: full time ahead
    notices.expire(0.0)
    strip = notices.strip(TOAST_SECONDS - FADE_SECONDS)
    assert strip == [
        Notice("White has no legal move and passes", banner=True),
        Notice("Saved.", alpha=255),
    ]
    assert notices.strip(TOAST_SECONDS - FADE_SECONDS / 2)[1].alpha == 127
    assert notices.strip(TOAST_SECONDS)[1].alpha == 0


def test_the_notices_need_no_pygame() -> None:
    code = "import sys, othello.gui.model.notices; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_a_message_seen_before_a_pass_does_not_come_back_after_it() -> None:
    """Issue 51, item 14: "Pasted a game of 58 moves..." was back in the strip for its whole
    time once the computer's pass had been announced; a message the banner pushes out after
    it was seen is done with, and one not seen yet still waits its turn."""
    notices = Notices(one_fits)
    notices.answer("Pasted a game of 58 moves.", lasting=True)
    notices.expire(0.0)
    assert texts(notices) == ["Pasted a game of 58 moves."]
    notices.add("not seen yet")
    notices.expire(4.0)
    notices.announce("The computer has no legal move and passes", until=7.0)
    notices.expire(4.0)
    assert texts(notices) == []  # the banner alone fits
    notices.expire(7.0)
    assert texts(notices) == ["not seen yet"]
    notices.expire(7.0 + TOAST_SECONDS)
    assert notices.toasts == []
