"""Impartial combinatorial games: who wins, the Sprague-Grundy value and the winning move,
computed by the Rust crate ``impartial``.

The same questions under the same names everywhere: ``outcome`` (an ``Outcome``, ``P`` or
``N``), ``grundy`` (a ``Nimber``), ``winning_move`` and ``winning_moves``.

>>> import impartial
>>> impartial.nim.winning_move([3, 4, 5])
NimMove(heap=0, from_=3, to=1, take=2)
>>> solver = impartial.Solver(lambda n: [n - t for t in (1, 2) if t <= n])
>>> solver.grundy(5)
Nimber(2)

Modules: ``nim`` (normal and misère play), ``fibonacci`` (Fibonacci Nim), ``take_away``
(any multiplier), ``wythoff`` (and a-Wythoff), ``lasker``, ``welter``, ``moore``,
``staircase``, ``euclid``, ``hackenbush`` (Green Hackenbush), ``coins`` (coin-turning
games), ``octal`` (the values of octal games, by the heap-sequence
engine). ``HeapGame`` gives any octal, hexadecimal or take-and-break code and any
subtraction set its values, its closed form from them and its misère quotient. ``Solver``
is the general method on a game written in Python; ``cram``, ``chomp``, ``node_kayles``
and ``sprouts`` the games searched at the frontier, by the decomposing search.
"""

import sys as _sys

from ._impartial import (
    BusyError,
    CertificateError,
    CodeError,
    CycleError,
    GameError,
    HeapGame,
    HeapGameValues,
    HeapMove,
    ImpartialError,
    Misere,
    Nimber,
    Outcome,
    Picture,
    Quotient,
    SequenceError,
    Solver,
    SolveError,
    TakeAwayError,
    WinningMoves,
    chomp,
    coins,
    cram,
    euclid,
    hackenbush,
    fibonacci,
    lasker,
    moore,
    nim,
    node_kayles,
    octal,
    sprouts,
    staircase,
    take_away,
    welter,
    wythoff,
)

# The native submodules, importable by their own names (`import impartial.nim`).
for _module in (
    nim,
    fibonacci,
    take_away,
    wythoff,
    lasker,
    welter,
    moore,
    staircase,
    euclid,
    octal,
    hackenbush,
    coins,
    cram,
    chomp,
    node_kayles,
    sprouts,
):
    _sys.modules[_module.__name__] = _module
del _module

__all__ = [
    "BusyError",
    "CertificateError",
    "CodeError",
    "CycleError",
    "GameError",
    "HeapGame",
    "HeapGameValues",
    "HeapMove",
    "ImpartialError",
    "Misere",
    "Nimber",
    "Outcome",
    "Picture",
    "Quotient",
    "SequenceError",
    "Solver",
    "SolveError",
    "TakeAwayError",
    "WinningMoves",
    "chomp",
    "coins",
    "cram",
    "euclid",
    "hackenbush",
    "fibonacci",
    "lasker",
    "moore",
    "nim",
    "node_kayles",
    "octal",
    "sprouts",
    "staircase",
    "take_away",
    "welter",
    "wythoff",
]
