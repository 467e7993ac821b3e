"""XLA CPU's time on a bench/models program (make bench's model rows, issue
38): compiles the StableHLO text as it is with jax's CPU backend, runs it on
the inputs bench_models.c wrote and prints the best wall and the best CPU time
(of the whole process, every thread) of REPS runs, in ms.

    xla.py PROGRAM.mlir THREADS REPS FILE:TYPE:DIMS...

FILE holds the raw little-endian elements; TYPE is the MLIR element type
(bf16, f8E4M3FN, f32 ...), DIMS like 128x512. THREADS: the process is held
to that many CPUs before jax starts, so XLA's thread pool has that many."""

import os
import sys
import time


def main(argv):
    program, threads, reps = argv[1], int(argv[2]), int(argv[3])
    cpus = sorted(os.sched_getaffinity(0))
    os.sched_setaffinity(0, set(cpus[:threads]))
    import jax
    import ml_dtypes
    import numpy as np
    from jax.extend import backend

    dtypes = {"bf16": ml_dtypes.bfloat16, "f8E4M3FN": ml_dtypes.float8_e4m3fn, "f16": np.float16,
              "f32": np.float32, "f64": np.float64}
    args = []
    for spec in argv[4:]:
        path, ty, dims = spec.split(":")
        shape = tuple(int(d) for d in dims.split("x"))
        args.append(np.fromfile(path, dtype=dtypes[ty]).reshape(shape))
    cpu = backend.get_backend("cpu")
    with open(program, encoding="utf-8") as f:
        text = f.read()
    from jax._src.lib import xla_client
    exe = cpu.compile_and_load(text, cpu.devices()[:1], xla_client.CompileOptions())
    bufs = [jax.device_put(a, cpu.devices()[0]) for a in args]
    best, best_cpu = None, None
    for _ in range(reps + 1):  # the first run warms up
        t, c = time.perf_counter(), time.process_time()
        out = exe.execute(bufs)
        for o in out:
            o.block_until_ready()
        c, t = time.process_time() - c, time.perf_counter() - t
        best = t if best is None or t < best else best
        best_cpu = c if best_cpu is None or c < best_cpu else best_cpu
    print("%.4f %.4f" % (best * 1e3, best_cpu * 1e3))


if __name__ == "__main__":
    main(sys.argv)
