"""The figures of the Python package, in one run (BENCHMARKS.md, "From Python"):

1. a game written in Python — a subtraction game, take 1, 3 or 4 — solved by `Solver` and by
   a plain memoized mex (`functools.cache`), every heap to N, and the ratio;
2. octal 0.6 to 10**6 heaps through the package and through the command line (`impartial
   octal 0.6 --n 1e6`, if the binary is given), and the ratio;
3. the time of `import impartial` in a fresh interpreter (best of five);

    python bench/bench.py [--cli PATH_TO_impartial]
"""

import argparse
import functools
import subprocess
import sys
import threading
import time

import impartial

TAKES = (1, 3, 4)


def options(heap):
    return [heap - take for take in TAKES if take <= heap]


def plain_memo():
    @functools.cache
    def grundy(heap):
        values = {grundy(option) for option in options(heap)}
        value = 0
        while value in values:
            value += 1
        return value

    return grundy


def plain_every(n):
    # Heap by heap, so that the recursion stays shallow: the plain memo at its fastest.
    grundy = plain_memo()
    return [grundy(heap) for heap in range(n + 1)]


def ours_every(n):
    solver = impartial.Solver(options)
    return [solver.grundy(heap).value for heap in range(n + 1)]


def plain_one(n):
    # One question, top-down, as the memo is written: n frames deep.
    sys.setrecursionlimit(4 * n + 1000)
    return plain_memo()(n)


def ours_one(n):
    return impartial.Solver(options).grundy(n).value


def best_of(runs, function, *args):
    best = None
    result = None
    for _ in range(runs):
        started = time.perf_counter()
        result = function(*args)
        elapsed = time.perf_counter() - started
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", help="the impartial binary, for the octal comparison")
    parser.add_argument("--n", type=int, default=200_000)
    parser.add_argument("--deep", type=int, default=100_000)
    arguments = parser.parse_args()

    n = arguments.n
    plain_time, plain_values = best_of(3, plain_every, n)
    our_time, our_values = best_of(3, ours_every, n)
    assert plain_values == our_values
    print(f"subtraction game (1, 3, 4), every heap to {n}, a question each:")
    print(f"  functools.cache mex  {plain_time:.3f} s")
    print(f"  impartial.Solver     {our_time:.3f} s   ({plain_time / our_time:.2f}x as fast)")
    deep = arguments.deep
    # A deep recursion needs a large C stack: on a thread of its own.
    threading.stack_size(512 << 20)
    results = {}
    worker = threading.Thread(target=lambda: results.update(plain=best_of(3, plain_one, deep)))
    worker.start()
    worker.join()
    plain_time, plain_value = results["plain"]
    our_time, our_value = best_of(3, ours_one, deep)
    assert plain_value == our_value
    print(f"the same game, one question from heap {deep}, top-down:")
    print(f"  functools.cache mex  {plain_time:.3f} s")
    print(f"  impartial.Solver     {our_time:.3f} s   ({plain_time / our_time:.2f}x as fast)")

    octal_time, sequence = best_of(3, impartial.octal.values, "0.6", 10**6)
    print(f"octal 0.6 to 10**6 heaps: impartial.octal.values {octal_time:.3f} s", end="")
    if arguments.cli:
        cli_time, _ = best_of(
            3,
            lambda: subprocess.run(
                [arguments.cli, "octal", "0.6", "--n", "1e6", "-q"],
                check=True,
                stdout=subprocess.DEVNULL,
            ),
        )
        print(f", command line {cli_time:.3f} s ({octal_time / cli_time:.2f}x its time)")
    else:
        print()
    print(f"  G(10**6) = {sequence[10**6]}")

    imports = []
    for _ in range(5):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-I", "-c", "import impartial"], check=True)
        imports.append(time.perf_counter() - started)
    baseline = []
    for _ in range(5):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-I", "-c", "pass"], check=True)
        baseline.append(time.perf_counter() - started)
    print(
        f"import impartial: {1000 * (min(imports) - min(baseline)):.1f} ms "
        f"(a fresh interpreter: {1000 * min(baseline):.1f} ms before it)"
    )


if __name__ == "__main__":
    main()
