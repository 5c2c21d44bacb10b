#!/usr/bin/env python3
"""Fit the pattern evaluation to real games and write its weights file.

    python -m pip install -e '.[train]'            # numpy and scipy, for this script only
    python scripts/train_patterns.py               # reads ../shared/data/games, writes the weights

Every position of every game (256,765 games: people's tournament games and Logistello's
self-play) is labelled, and one game in twenty, chosen by a hash of its moves, is held out for
validation, so no position of a validation game is trained on. Per game phase (a bucket of
4 empty squares), a ridge regression (scipy's LSQR with damping) fits one value per pattern
configuration (symmetric configurations tied, see ``othello.engine.patterns``) plus mobility,
parity and a constant. The script prints the validation error per phase, next to the hand-
made evaluation's, and writes ``src/othello/tables/patterns.bin``.

The labels (issue 24): the phases are fitted from the end of the game back, and a position is
labelled half with its game's final disc difference for the side to move (empty squares to the
winner) and half with the value the just-fitted later phase gives the position four moves
further along the same game (``--labels backed-up --ahead 4 --blend 0.5``, the defaults; the
last phase, 0-3 empties, keeps the results, which are nearly exact there). A result carries the
noise of every move still to be played (the same position's results scatter by 6-11 discs); a
value four moves on carries only those four moves' and the later fit's error. These tables
scored 54-56% against tables fitted to results alone (docs/benchmarks.md); ``--labels results``
fits to the results alone.

The replayed positions are cached (``--cache``), so later fits skip the replay.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import multiprocessing
import sys
import time
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.linalg import lsqr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from othello.core.bitboard import FULL, flips, legal_moves  # noqa: E402
from othello.engine.pattern_weights import EXTRA_FEATURES, PHASES, SCALE, phase_of, write_weights  # noqa: E402
from othello.engine.patterns import PATTERNS, Pattern, canonical, instances  # noqa: E402

GAMES = ROOT.parent / "shared" / "data" / "games"
SOURCES = ("wthor-1977-2025.txt.gz", "logistello-selfplay.txt.gz")
HELD_OUT = 20  # one game in this many is for validation


# ----- replaying the games ------------------------------------------------------------------


def replay(line: str) -> tuple[list[int], list[int], list[int]] | None:
    """The positions before each move of one game line, as (player, opponent, label) lists."""
    moves, _, result = line.strip().rpartition(" ")
    black, white = (int(x) for x in result.split("-"))
    final = black - white
    p, o = (1 << 28) | (1 << 35), (1 << 27) | (1 << 36)  # black to move
    black_to_move = True
    ps, os_, labels = [], [], []
    for k in range(0, len(moves), 2):
        sq = (int(moves[k + 1]) - 1) * 8 + "abcdefgh".index(moves[k])
        if not legal_moves(p, o) >> sq & 1:  # the side to move had to pass
            p, o, black_to_move = o, p, not black_to_move
        f = flips(p, o, sq)
        if not f:
            return None
        ps.append(p)
        os_.append(o)
        labels.append(final if black_to_move else -final)
        p, o, black_to_move = o ^ f, p | f | (1 << sq), not black_to_move
    return ps, os_, labels


def held_out(line: str) -> bool:
    digest = hashlib.blake2b(line.split(" ")[0].encode(), digest_size=4).digest()
    return int.from_bytes(digest, "little") % HELD_OUT == 0


def replay_chunk(lines: list[str]) -> tuple[np.ndarray, ...]:
    ps: list[int] = []
    os_: list[int] = []
    labels: list[int] = []
    valid: list[bool] = []
    for line in lines:
        game = replay(line)
        if game is None:
            continue
        ps += game[0]
        os_ += game[1]
        labels += game[2]
        valid += [held_out(line)] * len(game[0])
    return (
        np.array(ps, dtype=np.uint64),
        np.array(os_, dtype=np.uint64),
        np.array(labels, dtype=np.int8),
        np.array(valid, dtype=bool),
    )


def positions(cache: Path, jobs: int) -> dict[str, np.ndarray]:
    """Every position of every game, replayed once and cached."""
    if cache.exists():
        with np.load(cache) as data:
            return {k: data[k] for k in data.files}
    lines: list[str] = []
    for name in SOURCES:
        with gzip.open(GAMES / name, "rt") as f:
            lines += [ln for ln in f if ln.strip()]
    chunks = [lines[i : i + 5000] for i in range(0, len(lines), 5000)]
    t0 = time.perf_counter()
    with multiprocessing.Pool(jobs) as pool:
        parts = pool.map(replay_chunk, chunks)
    data = {
        "p": np.concatenate([c[0] for c in parts]),
        "o": np.concatenate([c[1] for c in parts]),
        "label": np.concatenate([c[2] for c in parts]),
        "valid": np.concatenate([c[3] for c in parts]),
    }
    print(
        f"replayed {len(lines):,d} games: {len(data['p']):,d} positions "
        f"in {time.perf_counter() - t0:.0f} s",
        flush=True,
    )
    cache.parent.mkdir(parents=True, exist_ok=True)
    np.savez(cache, **data)
    return data


# ----- features, as numpy arrays --------------------------------------------------------------


def cells(p: np.ndarray, o: np.ndarray, sq: int) -> np.ndarray:
    s = np.uint64(sq)
    one = np.uint64(1)
    digit: np.ndarray = ((p >> s) & one).astype(np.int32) + 2 * ((o >> s) & one).astype(np.int32)
    return digit


def canonical_table(pattern: Pattern) -> np.ndarray:
    return np.array([canonical(pattern, i) for i in range(pattern.size)], dtype=np.int32)


def pattern_indexes(p: np.ndarray, o: np.ndarray, pattern: Pattern) -> np.ndarray:
    """One row per position, one column per instance: each instance's configuration number."""
    cols = []
    for squares in instances(pattern):
        index = np.zeros(len(p), dtype=np.int32)
        for i, sq in enumerate(squares):
            index += cells(p, o, sq) * 3**i
        cols.append(index)
    return np.stack(cols, axis=1)


_INNER = np.uint64(0x7E7E7E7E7E7E7E7E)
_FULL = np.uint64(FULL)


def np_legal_moves(p: np.ndarray, o: np.ndarray) -> np.ndarray:
    """``bitboard.legal_moves`` on arrays of positions."""
    empty = ~(p | o) & _FULL
    moves = np.zeros_like(p)
    for shift, mask in ((1, _INNER), (8, _FULL), (7, _INNER), (9, _INNER)):
        s = np.uint64(shift)
        om = o & mask
        for left in (True, False):
            t = om & ((p << s) if left else (p >> s))
            for _ in range(5):
                t |= om & ((t << s) if left else (t >> s))
            moves |= (t << s) if left else (t >> s)
    legal: np.ndarray = moves & empty
    return legal


def popcount(x: np.ndarray) -> np.ndarray:
    bits = np.unpackbits(x.view(np.uint8).reshape(-1, 8), axis=1)
    counts: np.ndarray = bits.sum(axis=1).astype(np.int32)
    return counts


def extras(p: np.ndarray, o: np.ndarray, empties: np.ndarray) -> np.ndarray:
    """The hand features fitted beside the patterns: mobility, parity, a constant."""
    mobility = popcount(np_legal_moves(p, o)) - popcount(np_legal_moves(o, p))
    parity = (empties & 1).astype(np.int32)
    return np.stack([mobility, parity, np.ones_like(parity)], axis=1).astype(np.float64)


def design(p: np.ndarray, o: np.ndarray, empties: np.ndarray) -> csr_matrix:
    """The sparse design matrix: a column per canonical configuration of every pattern (an
    instance adds 1 to its configuration's column), then the extra features."""
    columns, offset = [], 0
    for pattern, table in zip(PATTERNS, CANONICAL, strict=True):
        columns.append(table[pattern_indexes(p, o, pattern)] + offset)
        offset += pattern.size
    index = np.concatenate(columns, axis=1)
    n, k = index.shape
    rows = np.repeat(np.arange(n), k)
    patterns = csr_matrix(
        (np.ones(n * k), (rows, index.ravel())), shape=(n, offset + len(EXTRA_FEATURES))
    )
    extra = extras(p, o, empties)
    extra_rows = np.repeat(np.arange(n), extra.shape[1])
    extra_cols = np.tile(np.arange(offset, offset + extra.shape[1]), n)
    return patterns + csr_matrix((extra.ravel(), (extra_rows, extra_cols)), shape=patterns.shape)


# ----- the fit ------------------------------------------------------------------------------


def black_to_move(p: np.ndarray, o: np.ndarray) -> np.ndarray:
    """Whether Black is to move in each cached position (the games are stored one after the
    other, each from the start). A pass is seen as the mover's discs overlapping the
    previous mover's: after a move without a pass, the new side to move is the other one."""
    starts = popcount(p | o) == 4
    same_side = np.zeros(len(p), dtype=bool)
    same_side[1:] = (p[1:] & p[:-1]) != 0
    alternations = np.cumsum(~same_side & ~starts)
    at_start = np.maximum.accumulate(np.where(starts, alternations, 0))
    return np.asarray(((alternations - at_start) % 2) == 0)


def game_ids(p: np.ndarray, o: np.ndarray) -> np.ndarray:
    return np.cumsum(popcount(p | o) == 4)


def backed_up(
    values: np.ndarray, ahead: int, black: np.ndarray, games: np.ndarray, result: np.ndarray
) -> np.ndarray:
    """Each position's label from the value of the position ``ahead`` moves on in the same
    game (turned to the side to move's point of view), or its result when the game ends
    sooner. ``values`` holds NaN where no later value is known yet."""
    n = len(values)
    later = np.arange(n) + ahead
    ok = later < n
    ok[ok] &= games[later[ok]] == games[np.arange(n)[ok]]
    out: np.ndarray = result.astype(np.float64)
    idx = np.flatnonzero(ok)
    v = values[later[idx]]
    known = ~np.isnan(v)
    idx, v = idx[known], v[known]
    same = black[idx] == black[later[idx]]
    out[idx] = np.where(same, v, -v)
    return out


def fit_phase(x: csr_matrix, y: np.ndarray, damp: float) -> np.ndarray:
    solution = lsqr(x, y, damp=damp, atol=1e-6, btol=1e-6, iter_lim=400)
    return np.asarray(solution[0])


OLD_EVALUATE = """
import sys
import numpy as np
from othello.engine.evaluation import evaluate
p, o = np.load(sys.argv[1]), np.load(sys.argv[2])
np.save(sys.argv[3], np.array([evaluate(int(a), int(b)) for a, b in zip(p, o)], dtype=np.float64))
"""


def old_evaluation(old_src: Path, p: np.ndarray, o: np.ndarray) -> np.ndarray:
    """The earlier evaluation's scores of these positions, in discs (see above)."""
    import os
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        files = [Path(tmp) / name for name in ("p.npy", "o.npy", "v.npy")]
        np.save(files[0], p)
        np.save(files[1], o)
        env = dict(os.environ, PYTHONPATH=str(old_src))
        subprocess.run([sys.executable, "-c", OLD_EVALUATE, *map(str, files)], env=env, check=True)
        scores: np.ndarray = np.load(files[2]) / SCALE
        return scores


CANONICAL: list[np.ndarray] = []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, default=Path("/tmp/othello-train/positions.npz"))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--damp", type=float, default=3.0, help="ridge damping (in discs)")
    parser.add_argument(
        "--compare-old",
        type=int,
        default=20000,
        help="validation positions per phase scored by the old evaluation",
    )
    parser.add_argument(
        "--old-src",
        type=Path,
        default=None,
        help="src/ of a checkout with the earlier evaluation, to compare with",
    )
    parser.add_argument("--dry-run", action="store_true", help="fit and report, write nothing")
    parser.add_argument(
        "--labels",
        choices=("results", "backed-up"),
        default="backed-up",
        help="fit to each game's result, or to later positions' fitted values (see above)",
    )
    parser.add_argument("--ahead", type=int, default=4, help="backed-up: moves ahead")
    parser.add_argument(
        "--blend", type=float, default=0.5, help="backed-up: the result's share of a label"
    )
    parser.add_argument(
        "--out", type=Path, default=ROOT / "src" / "othello" / "tables", help="folder written"
    )
    args = parser.parse_args()

    CANONICAL.extend(canonical_table(pattern) for pattern in PATTERNS)
    data = positions(args.cache, args.jobs)
    p, o, label, valid = data["p"], data["o"], data["label"], data["valid"]
    empties = (64 - popcount(p) - popcount(o)).astype(np.int32)
    phase = np.array([phase_of(int(n)) for n in range(65)])[empties]
    results = label.astype(np.float64)
    backed = args.labels == "backed-up"
    values = np.full(len(p), np.nan)  # each position's value under the phases fitted so far
    black, games = (black_to_move(p, o), game_ids(p, o)) if backed else (None, None)
    print(f"{len(p):,d} positions, {int(valid.sum()):,d} held out", flush=True)
    weights = []
    rng = np.random.default_rng(14)
    print("mean absolute error in discs on held-out games, against the labels fitted to and")
    print("against the results; 'old' = the --old-src evaluation on a sample of those positions")
    print("phase  empties     train   valid   new:label  result   old:label  result")
    for ph in range(PHASES):
        t0 = time.perf_counter()
        y = results
        if backed and ph > 0:
            assert black is not None and games is not None
            later = backed_up(values, args.ahead, black, games, label)
            y = args.blend * results + (1 - args.blend) * later
        chosen_rows = np.flatnonzero(phase == ph)
        xa = design(p[chosen_rows], o[chosen_rows], empties[chosen_rows])
        held = valid[chosen_rows]
        w = fit_phase(xa[~held], y[chosen_rows][~held], args.damp)
        weights.append(w)
        values[chosen_rows] = xa @ w
        test = chosen_rows[held]
        predicted = values[test]
        mae = float(np.mean(np.abs(predicted - y[test]))) if len(test) else 0.0
        mae_result = float(np.mean(np.abs(predicted - results[test]))) if len(test) else 0.0
        # the old evaluation is slow (pure Python), so it scores a random sample
        sample = test[rng.permutation(len(test))[: args.compare_old]]
        old = old_result = float("nan")
        if args.old_src is not None and len(sample):
            scores = old_evaluation(args.old_src, p[sample], o[sample])
            old = float(np.mean(np.abs(scores - y[sample])))
            old_result = float(np.mean(np.abs(scores - results[sample])))
        lo, hi = ph * 4, ph * 4 + 3
        print(
            f"{ph:5d}  {lo:2d}-{hi:2d}  {int((~held).sum()):8,d} {len(test):7,d}  "
            f"{mae:9.2f} {mae_result:7.2f}  {old:9.2f} {old_result:7.2f}"
            f"   ({time.perf_counter() - t0:.0f} s)",
            flush=True,
        )
    np.savez(args.cache.with_name(f"weights-{args.labels}.npz"), *weights)  # the raw fit
    if not args.dry_run:
        args.out.mkdir(parents=True, exist_ok=True)
        path = write_weights(args.out, weights, CANONICAL)
        print(f"wrote {path} ({path.stat().st_size:,d} bytes)")


if __name__ == "__main__":
    main()
