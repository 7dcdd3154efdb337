"""Answers about the question asked, at the package's edges: a certificate checked as the
answer to the caller's question, positions of another game refused, huge heaps answered
lazily, sequences that behave as Python sequences, every class usable from another thread,
re-entrant questions refused by one error, and one exception hierarchy."""

import concurrent.futures
import inspect
import time

import pytest

import impartial
from impartial import HeapGame, Nimber, Outcome, Solver, octal
from impartial.chomp import Chomp
from impartial.cram import Cram
from impartial.node_kayles import NodeKayles
from impartial.sprouts import Sprouts, SproutsPosition


def test_a_check_answers_the_question_asked(tmp_path):
    # A 4 × 3 sub-board of a 4 × 4 board: *1, where the 4 × 4 board is *0.
    path = tmp_path / "sub.proof"
    game = Cram(4, 4)
    sub = game.position(0x0FFF)
    assert game.prove_grundy(path, sub) == Nimber(1)
    assert game.grundy() == Nimber(0)
    with pytest.raises(impartial.CertificateError, match="about"):
        Cram(4, 4).check(path)
    assert Cram(4, 4).check(path, sub) == Nimber(1)
    # The poison square alone, for a bar of 4 × 5: P, where the bar is N.
    path = tmp_path / "poison.proof"
    chomp = Chomp(4, 5)
    poison = chomp.diagram([1])
    assert chomp.prove_outcome(path, poison) == Outcome.P
    with pytest.raises(impartial.CertificateError, match="about"):
        Chomp(4, 5).check(path)
    assert Chomp(4, 5).check(path, poison) == Outcome.P
    # The empty board of 4 × 3: *0, where the board is *1.
    path = tmp_path / "empty.proof"
    small = Cram(4, 3)
    assert small.prove_grundy(path, small.position(0)) == Nimber(0)
    with pytest.raises(impartial.CertificateError):
        Cram(4, 3).check(path)
    # Misère play: a misère certificate asked of normal play is refused, and asked of
    # misère play answers its outcome.
    path = tmp_path / "misere.proof"
    misere = small.prove_outcome(path, misere=True)
    with pytest.raises(impartial.CertificateError, match="misère"):
        Cram(4, 3).check(path)
    assert Cram(4, 3).check(path, misere=True) == misere
    # A certificate of normal play asked of misère play is refused too.
    path = tmp_path / "normal.proof"
    small.prove_outcome(path)
    with pytest.raises(impartial.CertificateError, match="misère"):
        Cram(4, 3).check(path, misere=True)


@pytest.mark.skipif(not hasattr(__import__("os"), "devnull"), reason="no devices")
def test_a_device_that_never_ends_is_refused():
    import os

    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero")
    started = time.monotonic()
    with pytest.raises(impartial.CertificateError, match="does not start"):
        Cram(4, 3).check("/dev/zero")
    assert time.monotonic() - started < 5


def test_positions_of_another_game_are_refused():
    # The bits of a 2 × 2 start, read on an 8 × 8 board, were a strip of four (*2).
    with pytest.raises(impartial.GameError, match="2 × 2 board, not of the 8 × 8"):
        Cram(8, 8).grundy(Cram(2, 2).start())
    with pytest.raises(impartial.GameError):
        Cram(4, 3).grundy(Cram(8, 8).start())
    with pytest.raises(impartial.GameError):
        Cram(4, 3).prove_grundy("unused.proof", Cram(8, 8).start())
    with pytest.raises(impartial.GameError, match="another graph"):
        NodeKayles.cycle(5).outcome(NodeKayles.path(5).start())
    with pytest.raises(impartial.GameError):
        Chomp(2, 2).grundy(Chomp(3, 3).start())
    # A diagram is a diagram of any bar it fits in, with the same moves and value.
    assert Chomp(5, 5).grundy(Chomp(2, 2).start()) == Chomp(2, 2).grundy()
    assert Cram(2, 2).grundy(Cram(2, 2).start()) == Nimber(0)
    with pytest.raises(impartial.GameError, match="start for each number of spots"):
        Sprouts().outcome()
    from impartial.hackenbush import GreenHackenbush

    stalk = GreenHackenbush(3, [(0, 1), (1, 2)])
    with pytest.raises(impartial.GameError, match="another graph"):
        GreenHackenbush(3, [(0, 1), (0, 2)]).grundy(stalk.start())


def test_winning_moves_of_a_huge_heap_come_lazily():
    kayles = HeapGame.octal("0.77").tabulated(1000)
    heaps = [10**15, 3]
    started = time.monotonic()
    moves = kayles.winning_moves(heaps)
    first = [next(moves) for _ in range(5)]
    assert time.monotonic() - started < 1.0
    for move in first:
        after = [h for i, h in enumerate(heaps) if i != move.heap] + list(move.leaves)
        assert kayles.outcome(after) == Outcome.P
    assert kayles.winning_move(heaps) == first[0]
    quotient = HeapGame.octal("0.77").misere_quotient(1000)
    started = time.monotonic()
    best = quotient.winning_move([10**15, 3, 10**15 + 1])
    assert time.monotonic() - started < 1.0
    if best is not None:
        after = [h for i, h in enumerate([10**15, 3, 10**15 + 1]) if i != best.heap]
        assert quotient.outcome(after + list(best.leaves)) == Outcome.P
    # A P-position has none, and the iterator ends.
    assert list(kayles.winning_moves([5, 5])) == []


def test_sequences_behave_as_sequences():
    kayles = octal.values("0.77", 1000)
    assert len(kayles) == 1001  # G(0) to G(1000), as asked: the period answers past 182
    values = list(kayles)
    assert len(values) == 1001
    assert values == kayles.tolist()
    assert values[-1] == kayles[-1] == kayles[1000]
    assert kayles[-1001] == kayles[0]
    with pytest.raises(IndexError):
        kayles[-1002]
    assert (100 in kayles) is False and (8 in kayles) is True
    assert kayles[10**18] == kayles[76]  # by the period, past the end
    # An arithmetic period climbs past the values computed (0.08 computes 32 values and
    # answers the rest by its saltus): membership held to the list, past both ends.
    climbing = HeapGame.hexadecimal("0.08").values(1000)
    listed = list(climbing)
    assert len(listed) == 1001
    for value in range(-2, 300):
        assert (value in climbing) == (value in listed), value
    # Without a period, the values computed, and no further.
    short = octal.values("0.6", 50)
    assert len(short) == 51 == len(list(short))
    with pytest.raises(IndexError):
        short[51]


def test_every_public_class_works_from_another_thread(tmp_path):
    def each():
        solver = Solver(lambda n: [n - t for t in (1, 2) if t <= n])
        cram = Cram(4, 3)
        path = tmp_path / f"{time.monotonic_ns()}.proof"
        kayles = HeapGame.octal("0.77")
        return [
            solver.grundy(7),
            solver.misere().outcome(4),
            cram.grundy(),
            cram.prove_grundy(path),
            Cram(4, 3).check(path),
            Chomp(3, 4).outcome(),
            NodeKayles.path(5).grundy(),
            Sprouts().outcome(SproutsPosition.start(4)),
            kayles.tabulated(200).winning_move([5, 7]),
            kayles.misere_quotient(200).outcome([1, 4]),
            list(kayles.values(100))[-1],
            list(kayles.tabulated(200).winning_moves([1, 2])),
            impartial.nim.winning_move([3, 4, 5]),
        ]

    here = each()
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        assert pool.submit(each).result() == here
    # Objects made on one thread, asked on others, one at a time and several at once.
    cram, solver = Cram(5, 3), Solver(lambda n: [n - t for t in (1, 3, 4) if t <= n])
    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        futures = [pool.submit(cram.grundy) for _ in range(4)]
        futures += [pool.submit(solver.grundy, n) for n in range(200, 204)]
        answers = [future.result() for future in futures]
    assert answers[:4] == [cram.grundy()] * 4
    assert answers[4:] == [solver.grundy(n) for n in range(200, 204)]


@pytest.mark.parametrize(
    "module",
    [
        impartial,
        impartial.nim,
        impartial.fibonacci,
        impartial.wythoff,
        impartial.octal,
        impartial.take_away,
        impartial.lasker,
        impartial.welter,
        impartial.moore,
        impartial.staircase,
        impartial.euclid,
        impartial.hackenbush,
        impartial.coins,
        impartial.cram,
        impartial.chomp,
        impartial.node_kayles,
        impartial.sprouts,
    ],
)
def test_every_docstring_example_runs_on_another_thread(module):
    # Every public class has a runnable example (test_impartial checks it); each example,
    # run on a thread that is not the one that imported the package, makes and uses its
    # objects there.
    import doctest

    def examples():
        return doctest.testmod(module, optionflags=doctest.ELLIPSIS)

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        result = pool.submit(examples).result()
    assert result.attempted > 0
    assert result.failed == 0


def test_a_question_from_inside_an_answer_raises_one_error():
    solver = None

    def options_asking_misere(n):
        solver.misere().outcome(0)
        return [n - 1] if n else []

    def options_asking_grundy(n):
        solver.grundy(0)
        return [n - 1] if n else []

    for options in (options_asking_misere, options_asking_grundy):
        solver = Solver(options)
        with pytest.raises(impartial.BusyError):
            solver.grundy(3)
        # Usable after: the error is not a broken solver.
        solver = Solver(lambda n: [n - 1] if n else [])
        assert solver.grundy(3) == Nimber(1)


def test_one_exception_hierarchy():
    errors = [
        item
        for name, item in inspect.getmembers(impartial)
        if isinstance(item, type) and issubclass(item, Exception)
    ]
    assert {error.__name__ for error in errors} >= {
        "ImpartialError",
        "GameError",
        "CodeError",
        "SequenceError",
        "TakeAwayError",
        "CertificateError",
        "SolveError",
        "CycleError",
        "BusyError",
    }
    for error in errors:
        assert issubclass(error, impartial.ImpartialError), error
        assert error.__module__ == "impartial", error
    assert issubclass(impartial.CycleError, impartial.SolveError)
    assert issubclass(impartial.CycleError, ValueError)
    assert issubclass(impartial.SolveError, RuntimeError)
    assert issubclass(impartial.GameError, ValueError)
    with pytest.raises(impartial.ImpartialError):
        Solver(lambda n: [n]).grundy(0)  # a cycle
    with pytest.raises(impartial.CodeError):
        HeapGame.octal("0.9")
