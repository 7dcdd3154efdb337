"""The bindings against brute force written in Python (a plain mex recursion), every error
path, the interrupt, the lock released during a long computation, and the docstrings'
examples."""

import _thread
import doctest
import functools
import random
import threading
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import impartial
from impartial import Nimber, Outcome, Solver, fibonacci, nim, octal, wythoff


def mex(values):
    value = 0
    while value in values:
        value += 1
    return value


# --- the docstrings ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "module",
    [
        impartial,
        nim,
        fibonacci,
        wythoff,
        octal,
        impartial.take_away,
        impartial.lasker,
        impartial.welter,
        impartial.moore,
        impartial.staircase,
        impartial.euclid,
        impartial.cram,
        impartial.chomp,
        impartial.node_kayles,
        impartial.sprouts,
    ],
)
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0


# --- closed forms against brute force -----------------------------------------------------


@functools.lru_cache(maxsize=None)
def nim_by_definition(heaps, misere):
    """Who wins a Nim position (a sorted tuple), by the definition: P when every move leads
    to N; at the end, P in normal play and N in misère play."""
    options = {
        tuple(sorted(heaps[:i] + (k,) + heaps[i + 1 :]))
        for i, heap in enumerate(heaps)
        for k in range(heap)
    }
    if not options:
        return "N" if misere else "P"
    return "N" if any(nim_by_definition(option, misere) == "P" for option in options) else "P"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 6), max_size=4), st.booleans())
def test_nim_against_the_definition(heaps, misere):
    expected = nim_by_definition(tuple(sorted(heaps)), misere)
    assert nim.outcome(heaps, misere=misere) == (Outcome.P if expected == "P" else Outcome.N)
    moves = nim.winning_moves(heaps, misere=misere)
    best = nim.winning_move(heaps, misere=misere)
    leaving_p = set()
    for i, heap in enumerate(heaps):
        for k in range(heap):
            left = heaps[:i] + [k] + heaps[i + 1 :]
            if nim_by_definition(tuple(sorted(left)), misere) == "P":
                leaving_p.add((i, heap, k, heap - k))
    assert {move.to_tuple() for move in moves} == leaving_p
    # No winning move when the player to move loses — or, in misère play, when no heap is
    # left: the player to move has won already.
    assert (best is None) == (not leaving_p)
    if best is not None:
        assert moves[0] == best


def test_nim_at_the_edges():
    assert nim.outcome([]) == Outcome.P
    assert nim.winning_move([]) is None
    assert nim.nim_sum([2**128 - 1, 1]) == 2**128 - 2
    with pytest.raises(OverflowError):
        nim.nim_sum([2**128])
    with pytest.raises(OverflowError):
        nim.outcome([-1])


@functools.lru_cache(maxsize=None)
def fibonacci_by_definition(remaining, limit):
    if remaining == 0:
        return "P"
    takes = range(1, min(limit, remaining) + 1)
    return "N" if any(fibonacci_by_definition(remaining - t, 2 * t) == "P" for t in takes) else "P"


def test_fibonacci_against_the_definition():
    for remaining in range(1, 60):
        for limit in [None] + list(range(1, remaining + 2)):
            first = remaining - 1 if limit is None else limit
            expected = fibonacci_by_definition(remaining, first)
            assert fibonacci.outcome(remaining, limit) == getattr(Outcome, expected)
            moves = fibonacci.winning_moves(remaining, limit)
            wins = [
                t
                for t in range(1, min(first, remaining) + 1)
                if fibonacci_by_definition(remaining - t, 2 * t) == "P"
            ]
            assert [move.take for move in moves] == wins
            best = fibonacci.winning_move(remaining, limit)
            assert (best is None) == (not wins)
            if best is not None:
                assert best.to == (remaining - best.take, min(2 * best.take, remaining - best.take))


@functools.lru_cache(maxsize=None)
def wythoff_by_definition(x, y):
    options = [(x - k, y) for k in range(1, x + 1)]
    options += [(x, y - k) for k in range(1, y + 1)]
    options += [(x - k, y - k) for k in range(1, min(x, y) + 1)]
    return "N" if any(wythoff_by_definition(*o) == "P" for o in options) else "P"


def test_wythoff_against_the_definition():
    for x in range(25):
        for y in range(25):
            expected = wythoff_by_definition(x, y)
            assert wythoff.outcome(x, y) == getattr(Outcome, expected)
            moves = wythoff.winning_moves(x, y)
            assert all(wythoff_by_definition(*move.to) == "P" for move in moves)
            assert bool(moves) == (expected == "N")


def test_nimbers_against_the_definition():
    # The nim-product by its definition: the mex of a'b + ab' + a'b' over a' < a, b' < b.
    size = 16
    product = [[0] * size for _ in range(size)]
    for a in range(size):
        for b in range(size):
            product[a][b] = mex(
                {
                    product[x][b] ^ product[a][y] ^ product[x][y]
                    for x in range(a)
                    for y in range(b)
                }
            )
    for a in range(size):
        for b in range(size):
            assert Nimber(a) * Nimber(b) == Nimber(product[a][b])
            assert Nimber(a) + Nimber(b) == Nimber(a ^ b)
        if a:
            assert Nimber(a) * Nimber(a).inverse() == Nimber(1)
    with pytest.raises(ValueError):
        Nimber(0).inverse()
    with pytest.raises(ZeroDivisionError):
        Nimber(3) / Nimber(0)
    assert {Nimber(3), Nimber(3)} == {Nimber(3)}
    assert int(Nimber(2**128 - 1)) == 2**128 - 1


# --- the general method against a plain mex -----------------------------------------------


@settings(max_examples=100, deadline=None)
@given(st.sets(st.integers(1, 9), min_size=1, max_size=4), st.integers(0, 150))
def test_solver_against_a_plain_mex(takes, n):
    def options(heap):
        return [heap - t for t in takes if t <= heap]

    @functools.lru_cache(maxsize=None)
    def grundy(heap):
        return mex({grundy(option) for option in options(heap)})

    solver = Solver(options)
    assert solver.grundy(n).value == grundy(n)
    assert solver.outcome(n) == (Outcome.P if grundy(n) == 0 else Outcome.N)
    winning = solver.winning_moves(n)
    assert sorted(winning) == sorted(o for o in options(n) if grundy(o) == 0)
    assert solver.winning_move(n) == (winning[0] if winning else None)


def random_game(seed, size=40):
    """A random acyclic game: position i moves to some positions below it."""
    rng = random.Random(seed)
    return {i: [j for j in range(i) if rng.random() < 0.3] for i in range(size)}


@pytest.mark.parametrize("seed", range(20))
def test_misere_and_remoteness_against_the_definitions(seed):
    game = random_game(seed)

    @functools.lru_cache(maxsize=None)
    def misere_wins(p):
        return not game[p] or any(not misere_wins(q) for q in game[p])

    @functools.lru_cache(maxsize=None)
    def misere_grundy(p):
        return 1 if not game[p] else mex({misere_grundy(q) for q in game[p]})

    @functools.lru_cache(maxsize=None)
    def remoteness(p):
        if not game[p]:
            return 0
        losing = [remoteness(q) for q in game[p] if remoteness(q) % 2 == 0]
        if losing:
            return 1 + min(losing)
        return 1 + max(remoteness(q) for q in game[p])

    solver = Solver(lambda p: game[p])
    for p in game:
        assert solver.misere().outcome(p) == (Outcome.N if misere_wins(p) else Outcome.P)
        assert solver.misere().grundy(p).value == misere_grundy(p)
        assert solver.remoteness(p) == remoteness(p)
        winning = solver.misere().winning_moves(p)
        assert sorted(winning) == sorted(q for q in game[p] if not misere_wins(q))


def test_positions_of_any_hashable_kind():
    # Nim as tuples of heaps: the solver agrees with the closed form.
    def options(heaps):
        return {
            tuple(sorted(heaps[:i] + (k,) + heaps[i + 1 :]))
            for i, h in enumerate(heaps)
            for k in range(h)
        }

    solver = Solver(options)
    for heaps in [(1, 2, 3), (2, 3, 4), (0,), (), (5, 5, 1)]:
        assert solver.grundy(heaps).value == nim.nim_sum(list(heaps))
    assert solver.states > 0
    solver.clear()
    assert solver.states == 0


# --- every error path ---------------------------------------------------------------------


def test_errors_carry_the_rust_messages():
    with pytest.raises(impartial.CodeError) as error:
        octal.values("0.9", 10)
    assert isinstance(error.value, ValueError)
    assert "9" in str(error.value)
    with pytest.raises(impartial.SequenceError):
        octal.values("0.77", 2**40)


def test_an_error_of_the_options_function_is_raised_and_forgotten():
    failed = []

    def options(n):
        if n == 13 and not failed:
            failed.append(n)
            raise RuntimeError("thirteen")
        return [n - 1] if n else []

    solver = Solver(options)
    with pytest.raises(RuntimeError, match="thirteen"):
        solver.grundy(20)
    # Nothing stored while the options were missing answers afterwards.
    assert solver.grundy(20).value == 0  # a chain of even length
    assert solver.outcome(5) == Outcome.N


def test_unhashable_positions_cycles_and_limits():
    with pytest.raises(TypeError):
        Solver(lambda p: [[1]]).outcome(0)
    with pytest.raises(impartial.CycleError) as error:
        Solver(lambda p: [(p + 1) % 3]).outcome(0)
    assert isinstance(error.value, ValueError)
    with pytest.raises(impartial.SolveError, match="state limit"):
        Solver(lambda n: [n - 1] if n else [], max_states=100).outcome(10_000)
    with pytest.raises(TypeError):
        Solver(lambda n: 5).outcome(1)  # not an iterable


# --- a notebook's needs: the interrupt, the lock released, pictures -----------------------


def interrupt_after(seconds):
    timer = threading.Timer(seconds, _thread.interrupt_main)
    timer.start()
    return timer


def test_ctrl_c_stops_a_long_search_and_the_solver_stays_usable():
    solver = Solver(lambda n: [n - 1, n - 2] if n > 1 else [])
    timer = interrupt_after(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        solver.outcome(50_000_000)
    assert time.monotonic() - started < 0.3 + 1.0
    timer.join()
    assert [solver.grundy(n).value for n in range(8)] == [0, 0, 1, 2, 0, 1, 2, 0]


def test_ctrl_c_stops_a_long_sequence():
    timer = interrupt_after(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        octal.values("0.6", 50_000_000)
    assert time.monotonic() - started < 0.3 + 1.0
    timer.join()
    assert octal.values("0.6", 10).tolist()[:3] == [0, 0, 1]


def test_the_lock_is_released_while_a_sequence_is_computed():
    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1

    other = threading.Thread(target=count)
    other.start()
    started = time.monotonic()
    octal.values("0.6", 300_000)
    elapsed = time.monotonic() - started
    seen = ticks
    done.set()
    other.join()
    # Python counts about ten million a second; holding the lock would starve it.
    assert seen > 100_000 * elapsed, (seen, elapsed)


def test_a_sequence_draws_itself():
    kayles = octal.values("0.77", 200)
    picture = kayles._repr_svg_()
    assert picture.startswith("<svg") and picture.rstrip().endswith("</svg>")
    assert "0.77" in repr(kayles)


# --- octal games against their definition -------------------------------------------------


def octal_by_definition(digits, n_max):
    """G(0..n_max) of the octal game 0.d1d2...: digit d_k's bit 1 lets a move take k
    counters leaving no heap, bit 2 leaving one heap, bit 4 leaving two."""
    values = []
    for n in range(n_max + 1):
        reached = set()
        for k, digit in enumerate(digits, start=1):
            if k > n:
                break
            rest = n - k
            if digit & 1 and rest == 0:
                reached.add(0)
            if digit & 2 and rest > 0:
                reached.add(values[rest])
            if digit & 4 and rest > 1:
                for a in range(1, rest // 2 + 1):
                    reached.add(values[a] ^ values[rest - a])
        values.append(mex(reached))
    return values


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 7), min_size=1, max_size=4).filter(lambda d: d[-1] != 0))
def test_octal_against_the_definition(digits):
    code = "0." + "".join(map(str, digits))
    n = 300
    sequence = octal.values(code, n)
    assert [sequence[i] for i in range(n + 1)] == octal_by_definition(digits, n)
    assert sequence.tolist() == octal_by_definition(digits, n)[: len(sequence)]
    assert len(sequence) >= min(n + 1, len(sequence))
    if sequence.period is not None:
        preperiod, period = sequence.period
        far = 10**15 + 7
        base = preperiod + (far - preperiod) % period
        assert sequence[far] == sequence[base]


# --- the other closed forms against their definitions --------------------------------------


def outcome_by_definition(options):
    """Who wins each position, by the definition, for the game `options` lists."""

    @functools.lru_cache(maxsize=None)
    def wins(position):
        return any(not wins(option) for option in options(position))

    return lambda position: Outcome.N if wins(position) else Outcome.P


def test_take_away_against_the_definition():
    for k in (1, 3, 5):
        game = impartial.take_away.TakeAway(k)

        def options(state, k=k):
            remaining, limit = state
            return [(remaining - t, k * t) for t in range(1, min(limit, remaining) + 1)]

        outcome = outcome_by_definition(options)
        for remaining in range(1, 40):
            for limit in range(1, remaining + 1):
                assert game.outcome(remaining, limit) == outcome((remaining, limit))
                wins = [
                    move.take for move in game.winning_moves(remaining, limit)
                ]
                assert wins == [
                    t
                    for t in range(1, min(limit, remaining) + 1)
                    if outcome((remaining - t, k * t)) == Outcome.P
                ]
    with pytest.raises(impartial.TakeAwayError):
        impartial.take_away.TakeAway(0)


def test_a_wythoff_against_the_definition():
    for a in (1, 2, 3):
        game = impartial.wythoff.AWythoff(a)

        def options(pair, a=a):
            x, y = pair
            found = [(x - k, y) for k in range(1, x + 1)] + [(x, y - k) for k in range(1, y + 1)]
            found += [
                (x - k, y - l)
                for k in range(1, x + 1)
                for l in range(1, y + 1)
                if abs(k - l) < a
            ]
            return found

        outcome = outcome_by_definition(options)
        for x in range(12):
            for y in range(12):
                assert game.outcome(x, y) == outcome((x, y)), (a, x, y)
                for move in game.winning_moves(x, y):
                    assert move.to in options((x, y)) and outcome(move.to) == Outcome.P
    with pytest.raises(ValueError):
        impartial.wythoff.AWythoff(0)


def sorted_options(heaps, moves_of_heap):
    found = set()
    for i, heap in enumerate(heaps):
        for left in moves_of_heap(heap):
            found.add(tuple(sorted(heaps[:i] + tuple(left) + heaps[i + 1 :])))
    return found


def lasker_heap_moves(heap):
    yield from ([k] for k in range(heap))
    yield from ([a, heap - a] for a in range(1, heap // 2 + 1))


@functools.lru_cache(maxsize=None)
def lasker_by_definition(position):
    return mex(
        {lasker_by_definition(option) for option in sorted_options(position, lasker_heap_moves)}
    )


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 8), max_size=3))
def test_lasker_against_the_definition(heaps):
    grundy = lasker_by_definition
    position = tuple(sorted(heaps))
    assert impartial.lasker.grundy(heaps).value == grundy(position)
    for move in impartial.lasker.winning_moves(heaps):
        rest = heaps[: move.heap] + heaps[move.heap + 1 :]
        left = [move.to] if move.kind == "take" else list(move.into)
        assert grundy(tuple(sorted(rest + left))) == 0
    assert bool(impartial.lasker.winning_moves(heaps)) == (grundy(position) != 0)


@settings(max_examples=200, deadline=None)
@given(st.sets(st.integers(0, 8), max_size=4))
def test_welter_against_the_definition(squares):
    @functools.lru_cache(maxsize=None)
    def grundy(coins):
        options = {
            tuple(sorted((set(coins) - {c}) | {d}))
            for c in coins
            for d in range(c)
            if d not in coins
        }
        return mex({grundy(option) for option in options})

    position = tuple(sorted(squares))
    assert impartial.welter.grundy(list(squares)).value == grundy(position)
    moves = impartial.welter.winning_moves(list(squares))
    for move in moves:
        assert grundy(tuple(sorted((squares - {move.from_}) | {move.to}))) == 0
    assert bool(moves) == (grundy(position) != 0)
    with pytest.raises(ValueError):
        impartial.welter.grundy([1, 1])


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 3), st.lists(st.integers(0, 4), max_size=4))
def test_moore_against_the_definition(k, heaps):
    import itertools

    def options(position):
        found = set()
        places = range(len(position))
        for count in range(1, k + 1):
            for chosen in itertools.combinations(places, count):
                for takes in itertools.product(*(range(1, position[i] + 1) for i in chosen)):
                    left = list(position)
                    for i, take in zip(chosen, takes):
                        left[i] -= take
                    found.add(tuple(left))
        return found

    outcome = outcome_by_definition(options)
    position = tuple(heaps)
    assert impartial.moore.outcome(k, heaps) == outcome(position)
    for move in impartial.moore.winning_moves(k, heaps):
        left = list(heaps)
        for take in move.takes:
            left[take.heap] = take.to
        assert outcome(tuple(left)) == Outcome.P


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 4), max_size=5))
def test_staircase_against_the_definition(steps):
    def options(position):
        found = []
        for i in range(1, len(position)):
            for coins in range(1, position[i] + 1):
                left = list(position)
                left[i] -= coins
                left[i - 1] += coins
                found.append(tuple(left))
        return found

    outcome = outcome_by_definition(options)
    assert impartial.staircase.outcome(steps) == outcome(tuple(steps))
    for move in impartial.staircase.winning_moves(steps):
        left = list(steps)
        left[move.step] -= move.coins
        left[move.step - 1] += move.coins
        assert outcome(tuple(left)) == Outcome.P


def test_euclid_against_the_definition():
    def options(pair):
        x, y = max(pair), min(pair)
        if y == 0:
            return []
        return [(x - m * y, y) for m in range(1, x // y + 1)]

    outcome = outcome_by_definition(options)
    for x in range(1, 40):
        for y in range(1, 40):
            assert impartial.euclid.outcome(x, y) == outcome((x, y)), (x, y)
            for move in impartial.euclid.winning_moves(x, y):
                assert outcome(move.to) == Outcome.P


# --- heap games by their rules --------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(0, 7), min_size=1, max_size=3).filter(lambda d: d[-1] != 0),
    st.lists(st.integers(0, 60), max_size=4),
)
def test_heap_games_closed_form_against_the_definition(digits, heaps):
    code = "0." + "".join(map(str, digits))
    values = octal_by_definition(digits, 60)
    game = impartial.HeapGame.octal(code).tabulated(60)
    total = 0
    for heap in heaps:
        total ^= values[heap]
    assert game.grundy(heaps).value == total
    assert game.outcome(heaps) == (Outcome.P if total == 0 else Outcome.N)
    moves = list(game.winning_moves(heaps))
    assert bool(moves) == (total != 0)
    for move in moves:
        assert heaps[move.heap] == move.from_
        after = total ^ values[move.from_]
        for leaf in move.leaves:
            after ^= values[leaf]
        assert after == 0, (code, heaps, move)


def test_subtraction_and_codes_against_the_solver():
    takes = [2, 3, 7]
    solver = Solver(lambda n: [n - t for t in takes if t <= n])
    sequence = impartial.HeapGame.subtraction(takes).values(200)
    assert [sequence[n] for n in range(201)] == [solver.grundy(n).value for n in range(201)]
    # Grundy's game: split a heap into two unequal heaps.
    def grundy_options(heaps):
        return {
            tuple(sorted(heaps[:i] + (a, h - a) + heaps[i + 1 :]))
            for i, h in enumerate(heaps)
            for a in range(1, (h + 1) // 2)
        }

    grundys = Solver(grundy_options)
    sequence = impartial.HeapGame.code("4!.0").values(40)
    assert [sequence[n] for n in range(41)] == [grundys.grundy((n,)).value for n in range(41)]
    with pytest.raises(impartial.CodeError):
        impartial.HeapGame.code("4?.x")
    with pytest.raises(ValueError):
        impartial.HeapGame.subtraction([])


def test_misere_quotients_against_the_solver():
    kayles = impartial.HeapGame.octal("0.77")
    quotient = kayles.misere_quotient(1000)

    def options(heaps):
        found = set()
        for i, h in enumerate(heaps):
            rest = heaps[:i] + heaps[i + 1 :]
            for take in (1, 2):
                for a in range(0, h - take + 1):
                    b = h - take - a
                    if a <= b:
                        found.add(tuple(sorted(rest + tuple(x for x in (a, b) if x))))
        return found

    solver = Solver(options)
    rng = random.Random(7)
    for _ in range(200):
        heaps = tuple(sorted(rng.randint(1, 9) for _ in range(rng.randint(0, 3))))
        assert quotient.outcome(list(heaps)) == solver.misere().outcome(heaps), heaps
        move = quotient.winning_move(list(heaps))
        if move is not None:
            left = list(heaps)
            left[move.heap : move.heap + 1] = move.leaves
            assert solver.misere().outcome(tuple(sorted(left))) == Outcome.P
    assert quotient.order == 40


def test_pictures_for_a_notebook():
    picture = wythoff.map(25)
    assert picture._repr_svg_() == picture.svg
    assert picture.svg.startswith("<svg") and "Wythoff" in picture.svg
    pairs = impartial.HeapGame.octal("0.77").pair_map(30)
    assert pairs.svg.startswith("<svg")
    with pytest.raises(ValueError):
        wythoff.map(10**9)


# --- the frontier games ---------------------------------------------------------------------


def cram_options(columns, rows):
    def options(free):
        found = []
        for cell in range(columns * rows):
            if not free >> cell & 1:
                continue
            x = cell % columns
            if x + 1 < columns and free >> (cell + 1) & 1:
                found.append(free & ~(1 << cell) & ~(1 << (cell + 1)))
            if cell + columns < columns * rows and free >> (cell + columns) & 1:
                found.append(free & ~(1 << cell) & ~(1 << (cell + columns)))
        return found

    return options


@pytest.mark.parametrize("columns, rows", [(2, 2), (3, 2), (3, 3), (4, 3), (4, 4), (5, 2)])
def test_cram_against_a_plain_search(columns, rows):
    from impartial.cram import Cram

    plain = Solver(cram_options(columns, rows))
    game = Cram(columns, rows)
    full = (1 << (columns * rows)) - 1
    assert game.grundy() == plain.grundy(full)
    rng = random.Random(columns * 10 + rows)
    for _ in range(30):
        bits = rng.getrandbits(columns * rows)
        position = game.position(bits)
        assert position.bits == bits
        assert game.grundy(position) == plain.grundy(bits)
        left = game.winning_move(position)
        if left is None:
            assert plain.outcome(bits) == Outcome.P
        else:
            assert left.bits in cram_options(columns, rows)(bits)
            assert plain.outcome(left.bits) == Outcome.P
    with pytest.raises(ValueError):
        game.position(1 << (columns * rows))


def test_chomp_and_node_kayles_against_plain_searches():
    from impartial.chomp import Chomp
    from impartial.node_kayles import NodeKayles

    def chomp_options(lengths):
        found = set()
        for row, length in enumerate(lengths):
            for column in range(length):
                if (row, column) == (0, 0):
                    continue
                left = tuple(min(l, column) if r >= row else l for r, l in enumerate(lengths))
                found.add(tuple(l for l in left if l))
        return found

    plain = Solver(chomp_options)
    for rows, columns in [(2, 3), (3, 3), (3, 4), (4, 5)]:
        game = Chomp(rows, columns)
        start = tuple([columns] * rows)
        # Eating the poison ends the game: a bar of one square is lost for the player to move.
        assert game.grundy() == plain.grundy(start)
        left = game.winning_move()
        assert left is not None and plain.outcome(tuple(left.lengths)) == Outcome.P

    def kayles_options(edges, vertices):
        neighbours = {v: {v} for v in range(vertices)}
        for a, b in edges:
            neighbours[a].add(b)
            neighbours[b].add(a)

        def options(in_play):
            return [
                in_play - frozenset(neighbours[v]) for v in in_play
            ]

        return options

    rng = random.Random(5)
    for _ in range(20):
        vertices = rng.randint(1, 10)
        edges = [(a, b) for a in range(vertices) for b in range(a + 1, vertices) if rng.random() < 0.3]
        game = NodeKayles(vertices, edges)
        plain = Solver(kayles_options(edges, vertices))
        assert game.grundy() == plain.grundy(frozenset(range(vertices)))
    assert [NodeKayles.path(n).grundy().value for n in range(1, 30)] == octal_by_definition(
        [1, 3, 7], 30
    )[1:30]


def test_sprouts_against_the_published_outcomes():
    from impartial.sprouts import Sprouts, SproutsPosition

    game = Sprouts()
    # Applegate, Jacobson and Sleator (1991): P, P, N, N, N, P, P for 1 to 7 spots.
    outcomes = [game.outcome(SproutsPosition.start(n)) for n in range(1, 8)]
    assert outcomes == [getattr(Outcome, o) for o in "PPNNNPP"]
    left = game.winning_move(SproutsPosition.start(3))
    assert left is not None and game.outcome(left) == Outcome.P
    with pytest.raises(ValueError):
        SproutsPosition("not glop")


def test_certificates_of_every_frontier_game_are_checked_and_forgeries_refused(tmp_path):
    from impartial.chomp import Chomp
    from impartial.cram import Cram
    from impartial.node_kayles import NodeKayles
    from impartial.sprouts import Sprouts, SproutsPosition

    games = [
        (lambda: Cram(4, 3), None),
        (lambda: Cram(5, 3), None),
        (lambda: Chomp(3, 4), None),
        (lambda: NodeKayles.grid(3, 3), None),
        (lambda: NodeKayles(5, [(0, 1), (1, 2), (2, 0), (3, 4)]), None),
        (Sprouts, SproutsPosition.start(5)),
        (Sprouts, SproutsPosition.start(6)),
    ]
    for index, (make, position) in enumerate(games):
        game = make()
        at = () if position is None else (position,)
        outcome_file = tmp_path / f"{index}-outcome.proof"
        value_file = tmp_path / f"{index}-value.proof"
        # The proofs answer as the searches do, and a fresh game checks them by the rules.
        assert game.prove_outcome(outcome_file, *at) == make().outcome(*at)
        assert game.prove_grundy(str(value_file), *at) == make().grundy(*at)
        assert make().check(outcome_file, *at) == make().outcome(*at)
        assert make().check(value_file, *at) == make().grundy(*at)

    # The file names the ruleset itself, as the command line's `impartial check` reads it.
    Cram(4, 3).prove_outcome(tmp_path / "named.proof")
    assert b"Cram { width: 4, height: 3, .. }" in (tmp_path / "named.proof").read_bytes()

    # Any flipped byte is refused with the checker's message, never a wrong claim.
    good = (tmp_path / "named.proof").read_bytes()
    for at in range(len(good)):
        forged = bytearray(good)
        forged[at] ^= 0x10
        (tmp_path / "forged.proof").write_bytes(bytes(forged))
        with pytest.raises(impartial.CertificateError, match="damaged|about|claim|position|length"):
            Cram(4, 3).check(tmp_path / "forged.proof")
    # Another ruleset, another board: refused by name.
    with pytest.raises(impartial.CertificateError, match="about Cram"):
        Cram(3, 4).check(tmp_path / "named.proof")
    with pytest.raises(impartial.CertificateError):
        Sprouts().check(tmp_path / "named.proof", SproutsPosition.start(3))
    # A file that is not there, or a folder that cannot be written to: an OSError.
    with pytest.raises(OSError):
        Cram(4, 3).check(tmp_path / "missing.proof")
    with pytest.raises(OSError):
        Cram(4, 3).prove_outcome(tmp_path / "no" / "such" / "folder.proof")


def test_misere_certificates_are_checked(tmp_path):
    from impartial.cram import Cram
    from impartial.node_kayles import NodeKayles
    from impartial.sprouts import Sprouts, SproutsPosition

    # OEIS A164950 (Lemoine and Viennot): the first player wins misère Sprouts of 1, 5 and 6
    # spots and loses 2, 3 and 4; with no spot, the player to move has already won.
    for spots, first_wins in [(0, True), (1, True), (2, False), (3, False), (4, False), (5, True), (6, True)]:
        path = tmp_path / f"misere-{spots}.proof"
        outcome = Sprouts().prove_outcome(path, SproutsPosition.start(spots), misere=True)
        assert outcome == (Outcome.N if first_wins else Outcome.P), spots
        start = SproutsPosition.start(spots)
        assert Sprouts().check(path, start, misere=True) == outcome
        # The same file asked of normal play answers nothing: it is of misère play.
        with pytest.raises(impartial.CertificateError, match="misère"):
            Sprouts().check(path, start)
    # Misère Node Kayles: a single vertex, or two joined, is one move, the last (a loss);
    # two apart are two moves, and the player to move leaves the other the last.
    for index, (vertices, edges, expected) in enumerate(
        [(1, [], Outcome.P), (2, [(0, 1)], Outcome.P), (2, [], Outcome.N)]
    ):
        path = tmp_path / f"kayles-{index}.proof"
        assert NodeKayles(vertices, edges).prove_outcome(path, misere=True) == expected
        assert NodeKayles(vertices, edges).check(path, misere=True) == expected
    path = tmp_path / "cram.proof"
    outcome = Cram(4, 3).prove_outcome(path, misere=True)
    assert Cram(4, 3).check(path, misere=True) == outcome
    forged = bytearray(path.read_bytes())
    forged[len(forged) // 2] ^= 0x10
    path.write_bytes(bytes(forged))
    with pytest.raises(impartial.CertificateError, match="damaged"):
        Cram(4, 3).check(path, misere=True)


def test_ctrl_c_stops_a_frontier_search():
    from impartial.cram import Cram

    game = Cram(9, 5)  # about a minute
    timer = interrupt_after(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        game.grundy()
    assert time.monotonic() - started < 0.3 + 1.0
    timer.join()
    assert Cram(3, 3).grundy().value == 0


def test_the_lock_is_released_during_a_frontier_search():
    from impartial.cram import Cram

    ticks = 0
    done = threading.Event()

    def count():
        nonlocal ticks
        while not done.is_set():
            ticks += 1

    other = threading.Thread(target=count)
    other.start()
    started = time.monotonic()
    Cram(7, 5).grundy()
    elapsed = time.monotonic() - started
    seen = ticks
    done.set()
    other.join()
    assert seen > 100_000 * elapsed, (seen, elapsed)


def kayles_row_options(heaps):
    found = set()
    for i, h in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for take in (1, 2):
            for a in range(0, h - take + 1):
                b = h - take - a
                if a <= b:
                    found.add(tuple(sorted(rest + tuple(x for x in (a, b) if x))))
    return found


def test_a_game_that_falls_apart_is_searched_by_its_parts():
    def components(heaps):
        return [(h,) for h in heaps] if len(heaps) > 1 else None

    split = Solver(kayles_row_options, components=components)
    whole = Solver(kayles_row_options)
    kayles = octal.values("0.77", 40)
    rng = random.Random(11)
    for _ in range(60):
        heaps = tuple(sorted(rng.randint(1, 12) for _ in range(rng.randint(1, 4))))
        value = 0
        for h in heaps:
            value ^= kayles[h]
        assert split.grundy(heaps).value == value == whole.grundy(heaps).value
        assert split.outcome(heaps) == whole.outcome(heaps)
        left = split.winning_move(heaps)
        assert (left is None) == (value == 0)
        if left is not None:
            assert left in kayles_row_options(heaps) and whole.grundy(left).value == 0

    def failing(heaps):
        raise LookupError("no parts today")

    with pytest.raises(LookupError, match="no parts today"):
        Solver(kayles_row_options, components=failing).grundy((3, 4))


def test_green_hackenbush_against_a_plain_search():
    from impartial.hackenbush import GreenHackenbush

    rng = random.Random(3)
    for _ in range(40):
        vertices = rng.randint(1, 5)
        edges = [(rng.randrange(vertices), rng.randrange(vertices)) for _ in range(rng.randint(0, 6))]
        game = GreenHackenbush(vertices, edges)

        def standing(cut):
            # The edges still joined to the ground (vertex 0) once `cut` are gone.
            alive = [i for i in range(len(edges)) if i not in cut]
            reached = {0}
            changed = True
            while changed:
                changed = False
                for i in alive:
                    a, b = edges[i]
                    if (a in reached) != (b in reached):
                        reached |= {a, b}
                        changed = True
            return frozenset(i for i in alive if edges[i][0] in reached and edges[i][1] in reached)

        plain = Solver(lambda left: [standing(set(range(len(edges))) - left | {e}) for e in left])
        start = standing(set())
        assert game.grundy() == plain.grundy(start), edges
        move = game.winning_move()
        if move is None:
            assert plain.outcome(start) == Outcome.P
        else:
            after = game.start().cut(move.edge)
            assert frozenset(after.edges) == standing(set(range(len(edges))) - start | {move.edge})
            assert plain.outcome(frozenset(after.edges)) == Outcome.P
    with pytest.raises(ValueError):
        GreenHackenbush(2, [(0, 5)])


def coin_options(rule):
    """The positions one move of `rule` leaves, by the rules as Winning Ways states them: the
    move is named by its last coin, turned from heads to tails; coin 0 is a dummy in every
    rule but Mock Turtles."""

    def options(heads):
        found = []
        for c in heads:
            rest = heads - {c}
            if rule in ("twins", "turning_turtles"):
                # One or two coins (Twins: exactly two, coin 0 the dummy partner).
                found.append(rest)
                found.extend(rest ^ {d} for d in range(1, c))
            elif rule == "mock_turtles":
                found.append(rest)
                found.extend(rest ^ {d} for d in range(c))
                found.extend(rest ^ {d, e} for d in range(c) for e in range(d + 1, c))
            else:
                # The ruler: a run of consecutive coins ending at c.
                found.extend(rest ^ frozenset(range(d, c)) for d in range(1, c + 1))
        return found

    return options


@pytest.mark.parametrize("rule", ["twins", "turning_turtles", "mock_turtles", "ruler"])
def test_coin_turning_games_against_their_definitions(rule):
    options = coin_options(rule)

    @functools.lru_cache(maxsize=None)
    def grundy(heads):
        return mex({grundy(option) for option in options(heads)})

    lowest = 0 if rule == "mock_turtles" else 1
    rng = random.Random(rule)
    for _ in range(80):
        heads = sorted(rng.sample(range(lowest, 11), rng.randint(0, 4)))
        value = grundy(frozenset(heads))
        assert impartial.coins.grundy(rule, heads).value == value, (rule, heads)
        assert impartial.coins.outcome(rule, heads) == (Outcome.P if value == 0 else Outcome.N)
        moves = impartial.coins.winning_moves(rule, heads)
        assert bool(moves) == (value != 0)
        for move in moves:
            # Coin 0, a dummy where it is one, may be turned over too; it is worth nothing.
            left = frozenset(move.leaves) - ({0} if lowest else set())
            assert left in options(frozenset(heads)) and grundy(left) == 0
    with pytest.raises(ValueError):
        impartial.coins.grundy("ruler", [1, 1])
    with pytest.raises(ValueError):
        impartial.coins.grundy("no such rule", [1])


def test_every_public_function_and_class_has_a_runnable_example():
    import inspect

    modules = [impartial] + [
        getattr(impartial, name)
        for name in impartial.__all__
        if inspect.ismodule(getattr(impartial, name))
    ]
    missing = []
    for module in modules:
        for name in dir(module):
            item = getattr(module, name)
            if name.startswith("_") or inspect.ismodule(item):
                continue
            if getattr(item, "__module__", None) != module.__name__:
                continue
            if isinstance(item, type) and issubclass(item, Exception):
                continue
            if ">>>" not in (item.__doc__ or ""):
                missing.append(f"{module.__name__}.{name}")
    assert missing == []
    assert len(modules) > 15


def test_ctrl_c_stops_a_misere_quotient_between_heaps():
    dawson = impartial.HeapGame.octal("0.07")  # heaps past 30 take seconds each
    timer = interrupt_after(0.5)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        dawson.misere_quotient(40)
    assert time.monotonic() - started < 0.5 + 1.5
    timer.join()
    assert dawson.misere_quotient(10).heaps == 10


def test_ctrl_c_stops_a_tabulation():
    timer = interrupt_after(0.3)
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        impartial.HeapGame.octal("0.6").tabulated(50_000_000)
    assert time.monotonic() - started < 0.3 + 1.0
    timer.join()


@pytest.mark.parametrize("offset", [0, 2**20 - 50, 2**20, 2**40, -(2**40), 2**70])
def test_int_positions_anywhere_are_numbered_alike(offset):
    # Small ints go through a table, other ints of 64 bits through a map, the rest through
    # Python's dict: the answers must not depend on which.
    takes = (1, 3, 4)
    solver = Solver(lambda n: [n - t for t in takes if t <= n - offset])
    plain = Solver(lambda n: [n - t for t in takes if t <= n])
    assert [solver.grundy(offset + n).value for n in range(100)] == [
        plain.grundy(n).value for n in range(100)
    ]
    assert solver.winning_move(offset + 5) == offset + 2
