"""Random jitted programs with Python control flow on traced values, for the lowering's tests.

Each program is one function `f(x, y)` (`x` a float32 vector of 4, `y` a float32 scalar) decorated
with `@jax.jit`, whose state is a scalar `a`, a vector `b`, a dict `d`, a list `l` and a tuple `t`,
changed by nested `if`/`elif`/`else`, `while`, `for` over `range(...)`, over `x` and over
`enumerate(x)`, with `break`, `continue` and `return` (of the state or of a constant) at any
depth, a loop's `else`, and masked updates behind an `if jnp.any(mask):` guard. Every loop ends: a `while`
counts its steps in a counter of its own, bumped first thing in the body.

Programs are text and seeds make them reproducible: `program(seed)`.
"""

from __future__ import annotations

import random

HEADER = "import jax\nimport jax.numpy as jnp\n\n\n@jax.jit\ndef f(x, y):\n"
SETUP = [
    "a = y * 1.0",
    "b = x + 0.0",
    'd = {"p": y * 0.5, "q": x * 1.0}',
    "l = [x * 0.5, y + 1.0]",
    "t = (y - 1.0, x.sum())",
]
FINAL = 'a + b.sum() + d["p"] + d["q"].sum() + l[0].sum() + l[1] + t[0] + t[1]'

ASSIGNMENTS = [
    "a = a * 0.5 + b.sum() * 0.25",
    "b = b * 0.9 + a",
    "b = jnp.sin(b) + 0.1",
    'd["p"] = d["p"] + a * 0.3',
    'd["q"] = d["q"] - b * 0.2',
    "l[0] = l[0] + b * 0.1",
    "l[1] = l[1] * 0.5 - a",
    "t = (t[1] * 0.5, t[0] + a)",
    "a, b = b.mean(), b - a * 0.1",
    "tmp = a - 0.2\na = tmp * tmp - 0.5",
]
TESTS = [
    "a > 0.3 and b[2] < 1.0",
    "not b.sum() > 2.0",
    "a < -0.5 or t[1] > 1.0",
    "a > 0.3",
    "b.sum() < 1.0",
    'd["p"] > a',
    "l[1] < 0.0",
    "t[0] > t[1] * 0.1",
    "b[0] > b[1]",
]


# With `history`: a list of the iterates (`h`), appended to in loops over `range`, whose first and
# last entries the result reads (an optimiser's recorded path).
HISTORY_SETUP = "h = [a]"
HISTORY_FINAL = " + h[0] + h[-1]"


class Generator:
    def __init__(self, seed: int, history: bool = False) -> None:
        self.random = random.Random(seed)
        self.counters = 0
        self.index_names = 0
        self.history = history

    def choice(self, options):
        return self.random.choice(options)

    def block(self, depth: int, loop: bool, size: int | None = None) -> list[str]:
        size = size if size is not None else self.random.randint(1, 3)
        lines: list[str] = []
        for _ in range(size):
            lines += self.statement(depth, loop)
            if lines and lines[-1].strip().split(" ")[0] in ("return", "break", "continue"):
                break
        return lines

    def statement(self, depth: int, loop: bool) -> list[str]:
        kinds = ["assign", "assign"]
        if self.random.random() < 0.2:
            kinds += ["masked"]
        if depth < 3:
            kinds += ["if", "if", "while", "for"]
        if loop:
            kinds += ["jump"]
        kinds += ["return"] if self.random.random() < 0.15 else []
        kind = self.choice(kinds)
        if kind == "assign":
            return self.choice(ASSIGNMENTS).split("\n")
        if kind == "return":
            # A constant returned from inside the control flow (a search's "not found").
            return [f"return {self.final()}" if self.random.random() < 0.75 else "return -1.0"]
        if kind == "masked":
            # Masked updates behind a guard that only shortcuts them.
            return ["m = b > a", "if jnp.any(m):", "    b = b.at[m].set(b[m] * 0.5 - a)"]
        if kind == "jump":
            return [f"if {self.choice(TESTS)}:", "    " + self.choice(["break", "continue"])]
        if kind == "if":
            lines = [f"if {self.choice(TESTS)}:", *_indent(self.block(depth + 1, loop))]
            for _ in range(self.random.choice([0, 0, 1, 2])):
                lines += [f"elif {self.choice(TESTS)}:", *_indent(self.block(depth + 1, loop))]
            if self.random.random() < 0.6:
                lines += ["else:", *_indent(self.block(depth + 1, loop))]
            return lines
        if kind == "while" and loop is False and self.random.random() < 0.3:
            # `while True:` that only a traced `break` ends, after at most three steps.
            self.counters += 1
            counter = f"n{self.counters}"
            return [
                f"{counter} = 0",
                "while True:",
                f"    {counter} = {counter} + 1",
                f"    if {counter} > 3 or ({self.choice(TESTS)}):",
                "        break",
                *_indent(self.block(depth + 1, True)),
            ]
        if kind == "while":
            self.counters += 1
            counter = f"n{self.counters}"
            return [
                f"{counter} = 0",
                f"while {counter} < 3 and ({self.choice(TESTS)}):",
                f"    {counter} = {counter} + 1",
                *_indent(self.block(depth + 1, True)),
                *self.loop_else(),
            ]
        self.index_names += 1
        index = f"i{self.index_names}"
        header = self.choice([f"for {index} in range(3):", f"for {index} in range(1, 4):", "for c in x:",
                              f"for {index}, c in enumerate(x):", "for c, e in zip(x, b):"])
        body = self.block(depth + 1, True)
        if index in header and self.random.random() < 0.4:
            body = [f"b = b.at[{index}].set(b[{index}] * 0.5 + a)", *body]
        if "e in" in header:
            body = ["a = a + e * c * 0.1", *body]
        if "c in" in header and self.random.random() < 0.5:
            body = ["a = a + c * 0.1", *body]
        if self.history and index in header and "enumerate" not in header and self.random.random() < 0.7:
            body = ["h.append(a)", *body]
        return [header, *_indent(body), *self.loop_else()]

    def final(self) -> str:
        return FINAL + (HISTORY_FINAL if self.history else "")

    def loop_else(self) -> list[str]:
        """Sometimes an `else`, run when the loop ends without `break`."""
        if self.random.random() >= 0.2:
            return []
        return ["else:", *_indent(self.choice(ASSIGNMENTS).split("\n"))]


def _indent(lines: list[str]) -> list[str]:
    return ["    " + line for line in lines]


def program(seed: int, history: bool = False) -> str:
    generator = Generator(seed, history)
    body = [*SETUP, *([HISTORY_SETUP] if history else [])]
    body += generator.block(0, False, size=generator.random.randint(2, 4))
    body.append(f"return {generator.final()}")
    return HEADER + "".join(f"    {line}\n" for line in body)
