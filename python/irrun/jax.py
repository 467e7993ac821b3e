"""irrun.jax: a JAX function checked against ir-run (docs/python.md, "JAX").

    import irrun.jax
    result = irrun.jax.check(f, x, w, dot_accumulation="f32", ulp=2)
    result.passed, result.outputs[0].max_ulp, result.outputs[0].worst
    irrun.jax.export(f, x, w, path="out/")   # module.mlir, inputs, XLA's outputs

check lowers f with jax.jit(f).lower(*args) (every argument kept), runs
the StableHLO text in ir-run on the same inputs, runs f on JAX's default
backend (XLA CPU here) and compares each output element by element: ir-run
is the expected side, the backend the actual one. Importing this module
imports jax; `import irrun` alone never does."""

import os as _os
import re as _re

import jax as _jax
import jax.numpy as _jnp
import numpy as _np

import irrun as _irrun

__all__ = ["lower", "check", "export", "Check", "Output"]


def _jitted(f):
    # keep_unused: the lowered main takes every argument, so the flattened
    # arguments are its inputs one for one
    return _jax.jit(f, keep_unused=True)


def _leaves(tree):
    return _jax.tree_util.tree_leaves(tree)


def _output_names(out):
    """Names of the flattened outputs: "result" for a single array, else
    the pytree paths ("[0]", "['logits']")."""
    paths = _jax.tree_util.tree_flatten_with_path(out)[0]
    if len(paths) == 1 and not paths[0][0]:
        return ["result"]
    return [_jax.tree_util.keystr(p) or "result" for p, _ in paths]


def lower(f, *args):
    """The StableHLO text of jax.jit(f) on args, with locations (the
    argument names JAX writes as loc("x"))."""
    return _jitted(f).lower(*args).as_text(debug_info=True)


def _inputs(args):
    """The flattened arguments as NumPy arrays of the dtypes JAX gives them
    (a Python float becomes float32 without jax_enable_x64)."""
    return [_np.asarray(_jax.device_get(_jnp.asarray(x))) for x in _leaves(args)]


class Output:
    """One output of a check: `name`, `report` (an irrun.Report, with
    `compared`, `differing`, `max_ulp`, `max_abs_error`, `max_rel_error`,
    `nan_mismatches`, `inf_mismatches`, `negzero_mismatches`, `worst`),
    `reference` (ir-run's array) and `backend` (the backend's)."""

    def __init__(self, name, report, reference, backend):
        self.name, self.report, self.reference, self.backend = name, report, reference, backend

    def __getattr__(self, key):  # the report's figures, as out.max_ulp
        if key.startswith("_") or key in ("name", "report", "reference", "backend"):
            raise AttributeError(key)
        return getattr(self.report, key)

    def __repr__(self):
        return "Output(%s: %r)" % (self.name, self.report)


def _figure(v):
    return "none" if v is None else "%.6g" % v


class Check:
    """What check returns: `outputs` (a list of Output), `passed` (every
    output within the rule), `program` (the StableHLO text), `text` (the
    printed report) and html(path) writing the page of docs/tensor-files.md.
    True when it passed."""

    def __init__(self, outputs, program, backend, rule_text):
        self.outputs, self.program, self.backend, self._rule = outputs, program, backend, rule_text

    @property
    def passed(self):
        return all(o.report.passed for o in self.outputs)

    def __bool__(self):
        return self.passed

    @property
    def text(self):
        lines = ["ir-run (reference) vs %s, rule %s" % (self.backend, self._rule)]
        for o in self.outputs:
            r = o.report
            lines.append("%s %s%s: %d compared, %d differ, max ULP %s, max abs error %s, max rel error %s, "
                         "NaN/Inf/-0 mismatches %d/%d/%d: %s" % (
                             o.name, r.element_type, list(r.shape), r.compared, r.differing,
                             "none" if r.max_ulp is None else r.max_ulp, _figure(r.max_abs_error),
                             _figure(r.max_rel_error), r.nan_mismatches, r.inf_mismatches, r.negzero_mismatches,
                             "PASS" if r.passed else "FAIL"))
            for d in r.worst[:5]:
                lines.append("    worst %s: ir-run %s (%s), %s %s (%s), ULP %s" % (
                    list(d.index), d.expected_value, d.expected_bits, self.backend, d.actual_value, d.actual_bits,
                    d.ulp if d.ulp is not None else "none (%s)" % d.ulp_undefined))
        return "\n".join(lines)

    def html(self, path=None, title=None):
        """The HTML page of the outputs' reports; written to `path` when
        given. Returns the text."""
        page = _irrun.document([o.report for o in self.outputs], form="html",
                               labels=[o.name for o in self.outputs],
                               title=title or "ir-run vs %s" % self.backend)
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(page)
        return page

    def __repr__(self):
        return "Check(passed=%s, outputs=%r)" % (self.passed, self.outputs)


def _rule_text(ulp, atol, rtol):
    parts = [("ulp <= %d" % ulp) if ulp is not None else None, ("atol %g" % atol) if atol is not None else None,
             ("rtol %g" % rtol) if rtol is not None else None]
    return ", ".join(p for p in parts if p) or "exact"


def check(f, *args, dot_accumulation=None, ulp=None, atol=None, rtol=None, nan=None, signed_zero=None, inf=None,
          max_while_iterations=0, verbose=True, html=None):
    """Runs f on JAX's backend and its lowering in ir-run on `args` and
    compares every output (ir-run the expected side). dot_accumulation as
    irrun.run: None/"ref" (REF's rounding after every step), "f32" (dots
    summed in f32, the way XLA accumulates narrow dots), "f64",
    "algorithm". ulp/atol/rtol/nan/signed_zero/inf: the rule of
    irrun.compare (exact without one). Prints the report unless verbose is
    False; writes the HTML page to `html` when given. Returns a Check."""
    jitted = _jitted(f)
    program = jitted.lower(*args).as_text(debug_info=True)
    module = _irrun.load_text(program, name="jax.jit(%s)" % getattr(f, "__name__", "f"))
    reference = module.run(_inputs(args), dot_accumulation=dot_accumulation,
                           max_while_iterations=max_while_iterations)
    out = jitted(*args)
    backend = [_np.asarray(_jax.device_get(y)) for y in _leaves(out)]
    names = _output_names(out)
    results = module.entry().results
    if len(backend) != len(reference):
        raise _irrun.Error(_irrun._capi.BAD_INPUT, "the backend gave %d outputs, the program has %d" % (
            len(backend), len(reference)))
    outputs = []
    for k, (ref, got) in enumerate(zip(reference, backend)):
        rep = _irrun.compare(ref, got.reshape(ref.shape) if got.size == ref.size else got,
                             type=results[k].element_type, ulp=ulp, atol=atol, rtol=rtol, nan=nan,
                             signed_zero=signed_zero, inf=inf)
        outputs.append(Output(names[k] if k < len(names) else "result %d" % k, rep, ref, got))
    platform = _jax.devices()[0].platform
    result = Check(outputs, program, "XLA %s" % platform.upper(), _rule_text(ulp, atol, rtol) + (
        ", dot_accumulation=%s" % dot_accumulation if dot_accumulation else ", REF rounding"))
    if html is not None:
        result.html(html)
    if verbose:
        print(result.text)
    return result


def _file_name(name, k):
    n = _re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_.")
    return n or "arg%d" % k


def export(f, *args, path):
    """Writes what the command line needs to rerun a check into the
    directory `path` (made if missing): module.mlir (the lowering, with
    locations), one .npy per input (named after the argument's loc name,
    else argK), xla_outputK.npy (the backend's outputs) and run.sh, the
    ir-run command comparing them with an HTML report. Returns the
    command as a list of words."""
    _os.makedirs(path, exist_ok=True)
    jitted = _jitted(f)
    program = jitted.lower(*args).as_text(debug_info=True)
    with open(_os.path.join(path, "module.mlir"), "w", encoding="utf-8") as fh:
        fh.write(program)
    module = _irrun.load_text(program, name="module.mlir")
    names = module.entry().arg_names
    cmd = ["ir-run", "module.mlir"]
    used = set()
    for k, a in enumerate(_inputs(args)):
        base = _file_name(names[k], k)
        if base in used:
            base = "arg%d" % k
        used.add(base)
        _np.save(_os.path.join(path, base + ".npy"), a)
        cmd += ["--input", "%d=%s.npy" % (k, base)]
    for k, y in enumerate(_leaves(jitted(*args))):
        _np.save(_os.path.join(path, "xla_output%d.npy" % k), _np.asarray(_jax.device_get(y)))
        cmd += ["--expect", "%d=xla_output%d.npy" % (k, k)]
    cmd += ["--report", "html", "--report-file", "report.html"]
    with open(_os.path.join(path, "run.sh"), "w", encoding="utf-8") as fh:
        fh.write("#!/bin/sh\n# rerun the check: ir-run's results against XLA's (exit 1 when they differ)\n"
                 "cd \"$(dirname \"$0\")\" && %s \"$@\"\n" % " ".join(
                     ["${IRRUN:-ir-run}"] + cmd[1:]))
    return cmd
