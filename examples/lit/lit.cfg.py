# lit configuration: runs interpret_X-style tests with ir-run in place of
# `stablehlo-translate --interpret` (docs/lit.md).
#
#   lit examples/lit                          # ir-run from build/ir-run
#   lit examples/lit --param irrun=/usr/local/bin/ir-run --param exec_root=/tmp/lit
#   lit path/to/own/suite                     # this file copied there: ir-run from PATH
#
# Substitutions in RUN lines:
#   %interpret           ir-run --interpret
#   stablehlo-translate  ir-run, so RUN lines copied from the StableHLO
#                        suite (`stablehlo-translate --interpret ...`) run
#                        unchanged
# The FileCheck and `not` tools come from --param llvm_bin=DIR, else PATH, else
# Debian's llvm-19-tools (/usr/lib/llvm-19/bin).
import hashlib
import os
import shutil
import tempfile

import lit.formats

config.name = "ir-run-interpret"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
# In ir-run's tree (examples/lit) the defaults are the tree's build/; a copy
# of this file beside another suite finds ir-run on PATH and keeps lit's
# scratch files in the temporary directory, never in or above the suite.
top = os.path.dirname(os.path.dirname(config.test_source_root))
in_tree = os.path.isfile(os.path.join(top, "include", "irrun.h")) and \
    os.path.isfile(os.path.join(top, "examples", "lit", "lit.cfg.py"))

# lit's scratch files (Output/, timings): --param exec_root, else the build
# tree, else one directory per suite under the temporary directory
exec_root = lit_config.params.get("exec_root")
if not exec_root:
    if in_tree:
        exec_root = os.path.join(top, "build", "lit")
    else:
        suite = hashlib.sha256(config.test_source_root.encode()).hexdigest()[:16]
        exec_root = os.path.join(tempfile.gettempdir(), "ir-run-lit-%d" % os.getuid(), suite)
config.test_exec_root = os.path.abspath(exec_root)

# ir-run: --param irrun, else the tree's build/ir-run, else the one on PATH
irrun = lit_config.params.get("irrun")
tried = []
if not irrun and in_tree:
    tried.append(os.path.join(top, "build", "ir-run"))
    if os.access(tried[-1], os.X_OK):
        irrun = tried[-1]
if not irrun:
    tried.append("ir-run on PATH")
    irrun = shutil.which("ir-run")
if not irrun:
    lit_config.fatal("no ir-run (looked for %s): build it (make), put it on PATH, or pass --param irrun=PATH" %
                     " and ".join(tried))
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
