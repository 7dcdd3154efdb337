"""First steps from Python: a closed form, a game of one's own, an octal game's values.

Run it with ``python examples/first_steps.py``; ``mypy --strict`` checks it against the
package's stubs.
"""

from __future__ import annotations

from impartial import HeapGame, Nimber, Outcome, Solver, fibonacci, nim, octal
from impartial.cram import Cram


def subtraction_options(heap: int) -> list[int]:
    """A subtraction game of one's own: take 1, 3 or 4 counters."""
    return [heap - take for take in (1, 3, 4) if take <= heap]


def main() -> None:
    best = nim.winning_move([3, 4, 5])
    assert best is not None
    print(f"Nim 3, 4, 5: {best}")

    move = fibonacci.winning_move(100)
    assert move is not None
    print(f"Fibonacci Nim from 100: {move}")

    solver = Solver(subtraction_options)
    values = [solver.grundy(heap) for heap in range(15)]
    print("S(1, 3, 4):", " ".join(str(value) for value in values))
    losing = [heap for heap in range(15) if solver.outcome(heap) == Outcome.P]
    print("the player to move loses from", losing)
    total: Nimber = values[5] + values[6]
    print(f"a heap of 5 beside a heap of 6 is worth {total}")

    kayles = octal.values("0.77", 1000)
    print(f"Kayles: {kayles!r}; G(10**9) = {kayles[10**9]}")
    quotient = HeapGame.octal("0.77").misere_quotient(1000)
    print(f"misère Kayles, rows 1, 4, 7: {quotient.outcome([1, 4, 7])}")

    board = Cram(4, 3)
    left = board.winning_move()
    print(f"Cram 4 × 3 is worth {board.grundy()}; a winning move leaves")
    print(left)


if __name__ == "__main__":
    main()
