# lit configuration: runs interpret_X-style tests with ir-run in place of
# `stablehlo-translate --interpret` (docs/lit.md).
#
#   lit examples/lit                          # ir-run from build/ir-run
#   lit examples/lit --param irrun=/usr/local/bin/ir-run --param exec_root=/tmp/lit
#
# Substitutions in RUN lines:
#   %interpret           ir-run --interpret
#   stablehlo-translate  ir-run, so RUN lines copied from the StableHLO
#                        suite (`stablehlo-translate --interpret ...`) run
#                        unchanged
# The FileCheck and `not` tools come from --param llvm_bin=DIR, else PATH, else
# Debian's llvm-19-tools (/usr/lib/llvm-19/bin).
import os
import shutil

import lit.formats

config.name = "ir-run-interpret"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
top = os.path.dirname(os.path.dirname(config.test_source_root))
# lit's scratch files (Output/, timings) go to the build tree, not here
config.test_exec_root = os.path.abspath(lit_config.params.get("exec_root") or os.path.join(top, "build", "lit"))

irrun = lit_config.params.get("irrun") or os.path.join(top, "build", "ir-run")
irrun = os.path.abspath(irrun)
if not os.access(irrun, os.X_OK):
    lit_config.fatal("no ir-run at %s: build it (make) or pass --param irrun=PATH" % irrun)

llvm_bin = lit_config.params.get("llvm_bin")
if not llvm_bin:
    found = shutil.which("FileCheck")
    llvm_bin = os.path.dirname(found) if found else "/usr/lib/llvm-19/bin"
if not os.access(os.path.join(llvm_bin, "FileCheck"), os.X_OK):
    lit_config.fatal("no FileCheck in %s: apt-get install llvm-19-tools, or --param llvm_bin=DIR" % llvm_bin)
config.environment["PATH"] = os.pathsep.join([llvm_bin, config.environment.get("PATH", os.environ.get("PATH", ""))])

config.substitutions.append(("%interpret", irrun + " --interpret"))
config.substitutions.append(("stablehlo-translate", irrun))
