"""The network protocol trusts nothing: every hostile line is refused with its fault, every
message this side sends reads back as itself, the code cannot be guessed in the tries a host
allows, and a flood is cut off by the rate."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import othello
from othello.app.network import codes, protocol
from othello.app.network.protocol import (
    MAX_LINE,
    Bye,
    Challenge,
    Chat,
    Clocks,
    DrawAnswer,
    DrawOffer,
    Fault,
    Flag,
    Hello,
    Kind,
    Move,
    Ping,
    ProtocolError,
    RateLimit,
    Refusal,
    Refused,
    Resign,
    UndoAnswer,
    UndoAsk,
    Welcome,
    encode,
    parse,
)
from othello.core.board import Board

START = Board().to_string().encode()
EVERY_KIND = [
    Challenge(1, "0" * 32),
    Hello(1, "Ada", "f" * 64),
    Refused(Refusal.WRONG_CODE),
    Welcome("Bo", "white", Board().to_string(), ("f5", "d6", "pa"), "5+3", 300_000, 1, True),
    Move(3, "c3", 1234),
    Move(7, "pa", 0),
    Clocks(4, 1000, 2000),
    Flag("black"),
    UndoAsk(5),
    UndoAnswer(5, False),
    DrawOffer(9),
    DrawAnswer(9, True),
    Resign(12),
    Chat("good game! 良い対局 ♟"),
    Ping(),
    Bye("quit"),
]


def test_every_kind_has_an_example_here() -> None:
    assert {protocol.KINDS[type(m)] for m in EVERY_KIND} == set(Kind)  # type: ignore[index]


@pytest.mark.parametrize("message", EVERY_KIND, ids=lambda m: type(m).__name__)
def test_every_message_reads_back_as_itself(message: protocol.Message) -> None:
    line = encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1 and len(line) <= MAX_LINE
    assert parse(line) == message


def fault(line: bytes) -> Fault:
    with pytest.raises(ProtocolError) as caught:
        parse(line)
    return caught.value.fault


HOSTILE: list[tuple[bytes, Fault]] = [
    (b"x" * (MAX_LINE + 1), Fault.TOO_LONG),
    (b'{"t":"chat","text":"' + b"a" * MAX_LINE + b'"}', Fault.TOO_LONG),
    (b"\xff\xfe{}", Fault.NOT_TEXT),
    (b'{"t":"chat","text":"\xed\xa0\x80"}', Fault.NOT_TEXT),  # a surrogate in UTF-8
    (b"", Fault.NOT_JSON),
    (b"   \n", Fault.NOT_JSON),
    (b"garbage", Fault.NOT_JSON),
    (b'{"t":"move"', Fault.NOT_JSON),
    (b"[" * 1500, Fault.TOO_LONG),
    (b"[" * 1000 + b"]" * 1000, Fault.NOT_JSON),  # nested too deep, or not: never a crash
    (b'{"t":"move","ply":1,"square":"f5","ms":NaN}', Fault.NOT_JSON),
    (b'{"t":"move","ply":1,"square":"f5","ms":Infinity}', Fault.NOT_JSON),
    (b'{"t":"move","ply":1,"square":"f5","ms":1.5}', Fault.NOT_JSON),
    (b"[1,2]", Fault.NOT_OBJECT),
    (b'"move"', Fault.NOT_OBJECT),
    (b"17", Fault.NOT_OBJECT),
    (b"null", Fault.NOT_OBJECT),
    (b"{}", Fault.UNKNOWN_KIND),
    (b'{"t":"pickle"}', Fault.UNKNOWN_KIND),
    (b'{"t":["move"]}', Fault.UNKNOWN_KIND),
    (b'{"t":"move","ply":1,"square":"f5"}', Fault.BAD_FIELDS),
    (b'{"t":"move","ply":1,"square":"f5","ms":1,"extra":2}', Fault.BAD_FIELDS),
    (b'{"t":"move","ply":1,"square":"f5","ms":1,"t":"chat"}', Fault.BAD_FIELDS),
    (b'{"t":"move","ply":-1,"square":"f5","ms":1}', Fault.BAD_VALUE),
    (b'{"t":"move","ply":999999999999999999999,"square":"f5","ms":1}', Fault.BAD_VALUE),
    (b'{"t":"move","ply":true,"square":"f5","ms":1}', Fault.BAD_VALUE),
    (b'{"t":"move","ply":"1","square":"f5","ms":1}', Fault.BAD_VALUE),
    (b'{"t":"move","ply":1,"square":"z9","ms":1}', Fault.BAD_VALUE),
    (b'{"t":"move","ply":1,"square":"f55","ms":1}', Fault.BAD_VALUE),
    (b'{"t":"move","ply":1,"square":64,"ms":1}', Fault.BAD_VALUE),
    (b'{"t":"move","ply":1,"square":"f5","ms":-5}', Fault.BAD_VALUE),
    (b'{"t":"move","ply":1,"square":"f5","ms":36000000001}', Fault.BAD_VALUE),
    (b'{"t":"chat","text":"a\\nb"}', Fault.BAD_VALUE),
    (b'{"t":"chat","text":"\\u001b[31mred"}', Fault.BAD_VALUE),
    (b'{"t":"chat","text":"\\u202eevil"}', Fault.BAD_VALUE),
    (b'{"t":"chat","text":"\\ud800"}', Fault.BAD_VALUE),
    (b'{"t":"chat","text":' + json.dumps("a" * 201).encode() + b"}", Fault.BAD_VALUE),
    (b'{"t":"chat","text":null}', Fault.BAD_VALUE),
    (b'{"t":"hello","version":1,"name":"x","proof":"F' + b"f" * 63 + b'"}', Fault.BAD_VALUE),
    (b'{"t":"hello","version":1,"name":"x","proof":"ff"}', Fault.BAD_VALUE),
    (b'{"t":"flag","colour":"red"}', Fault.BAD_VALUE),
    (b'{"t":"refused","reason":"because"}', Fault.BAD_VALUE),
    (b'{"t":"bye","reason":"crash"}', Fault.BAD_VALUE),
    (b'{"t":"undo_answer","ply":2,"granted":1}', Fault.BAD_VALUE),
    (
        b'{"t":"welcome","name":"a","colour":"white","start":"' + b"-" * 64 + b'X",'
        b'"moves":[],"clock":"","black_ms":0,"white_ms":0,"help":false}',
        Fault.BAD_VALUE,
    ),
    (
        b'{"t":"welcome","name":"a","colour":"white","start":"' + START + b'",'
        b'"moves":["f5",{"a":1}],"clock":"","black_ms":0,"white_ms":0,"help":false}',
        Fault.BAD_VALUE,
    ),
    (
        b'{"t":"welcome","name":"a","colour":"white","start":"' + START + b'",'
        b'"moves":[],"clock":"5+3; rm -rf","black_ms":0,"white_ms":0,"help":false}',
        Fault.BAD_VALUE,
    ),
]


@pytest.mark.parametrize(("line", "expected"), HOSTILE)
def test_a_hostile_line_is_refused_with_its_fault(line: bytes, expected: Fault) -> None:
    got = fault(line)
    if line.startswith(b"[" * 1000):
        assert got in (Fault.NOT_JSON, Fault.NOT_OBJECT)
    else:
        assert got == expected


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=MAX_LINE + 10))
def test_any_bytes_are_a_message_or_a_protocol_error(line: bytes) -> None:
    try:
        message = parse(line)
    except ProtocolError:
        return
    assert type(message) in protocol.KINDS


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["t", "ply", "square", "ms", "text", "name", "x"]),
        st.one_of(
            st.sampled_from([k.value for k in Kind]),
            st.integers(),
            st.text(max_size=30),
            st.booleans(),
            st.none(),
            st.lists(st.integers(), max_size=3),
        ),
    )
)
def test_any_json_object_is_a_checked_message_or_refused(value: dict[str, object]) -> None:
    line = json.dumps(value).encode()
    try:
        message = parse(line)
    except ProtocolError:
        return
    assert encode(message) and parse(encode(message)) == message


def test_this_side_never_sends_what_the_peer_would_refuse() -> None:
    with pytest.raises(ValueError):
        encode(Chat("a\nb"))
    with pytest.raises(ValueError):
        encode(Move(1, "z9", 0))
    with pytest.raises(ValueError):
        encode(Chat("x" * 1000))


def test_a_flood_is_cut_off_and_a_person_never_is() -> None:
    now = [0.0]
    limit = RateLimit(lambda: now[0], burst=30, per_second=10.0)
    assert all(limit.take() for _ in range(30))
    assert not limit.take()  # the 31st line at the same instant
    person = RateLimit(lambda: now[0], burst=30, per_second=10.0)
    for _ in range(1000):  # a line every half second, for ever
        now[0] += 0.5
        assert person.take()


def test_a_clock_going_back_gives_no_extra_lines() -> None:
    now = [100.0]
    limit = RateLimit(lambda: now[0], burst=2, per_second=1.0)
    assert limit.take() and limit.take()
    now[0] = 0.0
    assert not limit.take()


# ----- the code --------------------------------------------------------------------------


def test_codes_are_random_long_and_readable() -> None:
    made = {codes.new_code() for _ in range(200)}
    assert len(made) == 200
    for code in made:
        assert len(code) == codes.LENGTH and set(code) <= set(codes.ALPHABET)
    assert len(codes.ALPHABET) ** (codes.LENGTH - codes.TAG) > 2**48
    assert not set("01OILU") & set(codes.ALPHABET)


def test_a_typed_code_forgives_case_spaces_and_dashes_and_nothing_else() -> None:
    code = "K7QM3XTAR9WE"
    assert codes.shown(code) == "K7QM-3XTA-R9WE"
    assert codes.typed(" k7qm-3xta r9we ") == code
    assert codes.typed("K7QM-3XTA-R9W") is None
    assert codes.typed("K7QM-3XTA-R9WEE") is None
    assert codes.typed("K7QM-3XTA-R9W0") is None  # 0 is no character of a code
    assert codes.typed("") is None


def test_the_proof_answers_only_its_own_nonce_and_code() -> None:
    code, nonce = codes.new_code(), codes.new_nonce()
    answer = codes.proof(code, nonce)
    assert codes.proves(code, nonce, answer)
    assert not codes.proves(code, codes.new_nonce(), answer)
    assert not codes.proves(codes.new_code(), nonce, answer)
    assert code not in answer and len(answer) == 64


def test_the_doorkeeper_closes_after_a_few_wrong_codes() -> None:
    code, nonce = codes.new_code(), codes.new_nonce()
    keeper = codes.Doorkeeper(code, tries=3)
    assert keeper.admits(nonce, codes.proof(code, nonce))  # the right code costs nothing
    for _ in range(3):
        assert not keeper.admits(nonce, codes.proof("WRONGWRONG22", nonce))
    assert keeper.closed
    assert not keeper.admits(nonce, codes.proof(code, nonce))  # not even the right one now


def test_codes_are_compared_in_constant_time() -> None:
    source = (Path(codes.__file__)).read_text(encoding="utf-8")
    assert "compare_digest" in source and "secrets" in source
    assert "random" not in {
        alias.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Import)
        for alias in node.names
    }


def test_the_network_uses_nothing_the_standalone_app_leaves_out() -> None:
    import build_app  # scripts/

    left_out = set(build_app.EXCLUDED)
    folder = Path(othello.__file__).parent / "app" / "network"
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else []
            )
            for name in names:
                assert not any(name == gone or name.startswith(gone + ".") for gone in left_out), (
                    f"{path.name} imports {name}, which the app leaves out"
                )
