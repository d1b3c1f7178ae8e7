"""What the loop rewrites need to know about a loop, and the code they build from it.

A Python loop in traced code is unrolled while tracing; a Python `if` or `while` on a traced value
inside it is the leak. Three rewrites remove it, each refusing (`CannotRewrite`, with a reason the
user can act on) rather than guessing:

- `vectorise`: a `for i in range(len(x))` loop whose iterations each read and write only element
  `i` of its arrays becomes whole-array statements (`x = jnp.where(x < 0, 0, x)`);
- `fori_loop_rewrite` / `while_loop_rewrite`: a loop whose iterations depend on each other becomes
  `lax.fori_loop` / `lax.while_loop`, with the names it carries as the state; a `break` on a
  traced value (the only way out of `while True:`) becomes a stop flag in that state;
- both turn the `if`s on traced values of the body into `jnp.where` selections (`Selection`).

The modules, each importing only those above it:

- `outcome`: `LoopRewrite`, what a rewrite gives back, and `CannotRewrite`;
- `names`: the names statements read and bind;
- `placement`: where a loop stands in its function (the code before and after it);
- `branches`: the `if`s of a loop body, and those that change per iteration;
- `bodies`: the `range(...)` header, `continue`/`break` as `if`/`else`, what a body may hold;
- `state`: the names a loop carries between iterations, and what a `lax` loop asks of them;
- `building`: code that reads as written by hand (precedence, substitution, comments);
- `conditions`: Python truth tests as array conditions;
- `selection`: `if`s on traced values as `jnp.where` assignments;
- `vectorisation` and `lax_loops`: the rewrites.

This package loads only when traced code has a loop with an `if` (the loop rules import it
lazily): keep it out of the modules every run imports.
"""

from tracerfix.loops.bodies import always_true, loop_breaks, traced_exit
from tracerfix.loops.branches import body_ifs, per_iteration_branches
from tracerfix.loops.lax_loops import (
    bounded_while_rewrite,
    collected_outputs,
    early_exit_rewrite,
    fori_loop_rewrite,
    scan_rewrite,
    while_loop_rewrite,
)
from tracerfix.loops.names import statements_in, target_names
from tracerfix.loops.outcome import CannotRewrite, LoopRewrite
from tracerfix.loops.selection import Selection
from tracerfix.loops.vectorisation import vectorise

__all__ = [
    "CannotRewrite",
    "LoopRewrite",
    "Selection",
    "always_true",
    "body_ifs",
    "bounded_while_rewrite",
    "collected_outputs",
    "early_exit_rewrite",
    "fori_loop_rewrite",
    "loop_breaks",
    "per_iteration_branches",
    "scan_rewrite",
    "statements_in",
    "target_names",
    "traced_exit",
    "vectorise",
    "while_loop_rewrite",
]
