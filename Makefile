# ir-run build. `make` builds build/ir-run; `make check` runs every test;
# `make check SAN=1` does the same in an address/undefined sanitizer build;
# `make check TSAN=1` runs the multi-process tests in a thread sanitizer
# build (build-tsan).
CC ?= cc
PREFIX ?= /usr/local
SAN ?=
TSAN ?=
BUILD := build$(if $(SAN),-san)$(if $(TSAN),-tsan)

YAML_CFLAGS := $(shell pkg-config --cflags yaml-0.1 2>/dev/null)
YAML_LIBS := $(shell pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml)
# The unit tests' flags are asked for when first used, in a recipe that runs
# after deps (on a fresh machine deps installs pkg-config and check, and
# Debian's check needs more than -lcheck); the eval makes that happen once.
CHECK_CFLAGS = $(eval CHECK_CFLAGS := $(shell pkg-config --cflags check 2>/dev/null))$(CHECK_CFLAGS)
CHECK_LIBS = $(eval CHECK_LIBS := $(shell pkg-config --libs check 2>/dev/null || echo -lcheck))$(CHECK_LIBS)

WARN := -Wall -Wextra -Werror
comma := ,
SANFLAGS := -fsanitize=address$(comma)undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
TSANFLAGS := -fsanitize=thread -fno-omit-frame-pointer
OPT := $(if $(SAN),-O1 $(SANFLAGS),$(if $(TSAN),-O1 $(TSANFLAGS),-O2))
# -ffp-contract=off: the reference rounds after every multiply and every add,
# so the compiler must never fuse them. One set of objects makes both
# libraries: position-independent, and with hidden symbols so that
# libirrun.so exports only include/irrun.h (IRRUN_API).
CFLAGS_ALL := -std=c11 $(WARN) $(OPT) -g -ffp-contract=off -fPIC -fvisibility=hidden -D_DEFAULT_SOURCE -pthread \
	-Iinclude -Isrc -I$(BUILD)/gen $(YAML_CFLAGS) $(CFLAGS)
LDLIBS_ALL := $(YAML_LIBS) -lm -pthread $(if $(SAN),$(SANFLAGS)) $(if $(TSAN),$(TSANFLAGS)) $(LDFLAGS)

# the version is include/irrun.h's; the soname carries the major number
version_part = $(shell sed -n 's/^\#define IRRUN_VERSION_$(1) //p' include/irrun.h)
VERSION := $(call version_part,MAJOR).$(call version_part,MINOR).$(call version_part,PATCH)
SONAME := libirrun.so.$(call version_part,MAJOR)
SHLIB := $(BUILD)/libirrun.so.$(VERSION)

LIB_SRC := $(wildcard src/types/*.c src/core/*.c src/ir/*.c src/bytecode/*.c src/check/*.c src/chlo/*.c src/quant/*.c src/refine/*.c src/util/*.c src/parallel/*.c src/kernels/math/*.c src/kernels/complex/*.c src/kernels/dot/*.c src/kernels/chlo/*.c src/kernels/quant/*.c src/kernels/reduce/*.c src/kernels/*.c src/sort/*.c src/runtime/*.c src/exec/*.c src/interp/*.c src/io/*.c src/api/*.c)
CLI_SRC := $(wildcard src/cli/*.c)
GEN_C := $(if $(wildcard grammar/parser.y),$(BUILD)/gen/parser.c) \
	$(if $(wildcard grammar/lexer.l),$(BUILD)/gen/lexer.c)
LIB_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRC)) $(GEN_C:.c=.o)
CLI_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(CLI_SRC))
LIB := $(BUILD)/libirrun.a
BIN := $(BUILD)/ir-run

UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))
BENCH_SRC := $(wildcard bench/*.c)

.PHONY: chlo-upstream real-world export-roundtrip bytecode-testdata bytecode-vhlo bytecode-write bytecode-mlir bytecode-large dynamic-testdata quant-testdata all deps example ops-doc verify-mathf32 verify-complexf32 verify-powf32 verify-atan2f32 verify-chain-split check check-unit check-scripts check-verify-tools check-install check-python check-jax check-san check-tsan bench install uninstall clean fuzz fuzz-build coverage

all: deps $(BIN) $(SHLIB)

example: all
	./$(BIN) examples/quickstart.mlir
	./$(BIN) --dot-accumulation=f32 examples/quickstart.mlir

deps:
	@sh tools/deps.sh

# Everything compiled waits for deps, which may be installing bison, flex
# and the libraries: with -j they would otherwise start together. The
# prerequisite is order-only, so it never makes a file out of date.
$(BUILD)/gen/parser.c: grammar/parser.y | deps
	@mkdir -p $(dir $@)
	bison -Wall -Werror --defines=$(BUILD)/gen/parser.h -o $@ $<

$(BUILD)/gen/lexer.c: grammar/lexer.l $(BUILD)/gen/parser.c | deps
	@mkdir -p $(dir $@)
	flex -Cf --header-file=$(BUILD)/gen/lexer.h -o $@ $<

# generated scanners and parsers are not held to -Wextra
$(BUILD)/gen/%.o: $(BUILD)/gen/%.c | deps
	$(CC) $(CFLAGS_ALL) -Wno-unused-function -Wno-sign-compare -Wno-unused-parameter -Isrc/ir -MMD -MP -c -o $@ $<

$(BUILD)/obj/%.o: %.c $(GEN_C) | deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -MMD -MP -c -o $@ $<

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(SHLIB): $(LIB_OBJ)
	$(CC) $(CFLAGS_ALL) -shared -Wl,-soname,$(SONAME) -o $@ $(LIB_OBJ) $(LDLIBS_ALL)
	ln -sf $(notdir $@) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libirrun.so

$(BIN): $(CLI_OBJ) $(LIB)
	$(CC) $(CFLAGS_ALL) -o $@ $(CLI_OBJ) $(LIB) $(LDLIBS_ALL)

$(BUILD)/tests/%: tests/unit/%.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) $(CHECK_CFLAGS) -o $@ $< $(LIB) $(CHECK_LIBS) $(LDLIBS_ALL) -pthread

# the fuzz harnesses with an ordinary main: compiled by every `make check`
# and used by tests/fuzz_regressions.sh to replay what the fuzzers found
FUZZ_REPLAY := $(patsubst tests/fuzz/%.c,$(BUILD)/tests/replay_%,$(wildcard tests/fuzz/fuzz_*.c))

$(BUILD)/tests/replay_%: tests/fuzz/%.c tests/fuzz/replay_main.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< tests/fuzz/replay_main.c $(LIB) $(LDLIBS_ALL)

# docs/ops.md from the op table: `make ops-doc` rewrites it, tests/ops_doc.sh
# fails when it is stale
OPS_DOC := $(BUILD)/tests/ops_doc

$(OPS_DOC): tools/ops_doc.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< $(LIB) $(LDLIBS_ALL)

ops-doc: $(OPS_DOC)
	./$(OPS_DOC) >docs/ops.md.tmp && mv docs/ops.md.tmp docs/ops.md

# what the four verify tools below share: their options, threads, per-path
# statistics and report lines
VERIFY_HARNESS := tools/verify_harness.c tools/verify_harness.h

# the exhaustive proof of the fast f32 exp, log, tanh, sin, cos, tan, expm1, log1p
# and cbrt (src/kernels/math/kern_mathf32.c): all 2^32 operands on every vector path
# against glibc, a few minutes per function on two threads; not part of check. VERIFY_ARGS="-t 4 exp" picks threads and functions.
VERIFY_MATHF32 := $(BUILD)/tools/verify_mathf32

$(VERIFY_MATHF32): tools/verify_mathf32.c $(VERIFY_HARNESS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< tools/verify_harness.c $(LIB) $(LDLIBS_ALL)

verify-mathf32: deps $(VERIFY_MATHF32)
	./$(VERIFY_MATHF32) $(VERIFY_ARGS)

# the check of the fast complex<f32> kernels of tests/unit/complexf32_ops.h
# (src/kernels/complex/kern_c64_div_sqrt_exp.c, kern_c64_expm1_recip.c, kern_c64_log.c,
# kern_c64_pow.c,
# kern_c64_trig.c): 2^32 random operands of many kinds per
# operation on every vector path against the definition; not part of check.
# VERIFY_ARGS="-t 4 -n 1000000 sqrt" picks threads, draws and operations.
VERIFY_COMPLEXF32 := $(BUILD)/tools/verify_complexf32

$(VERIFY_COMPLEXF32): tools/verify_complexf32.c tests/unit/complexf32_operands.h tests/unit/complexf32_ops.h $(VERIFY_HARNESS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< tools/verify_harness.c $(LIB) $(LDLIBS_ALL)

verify-complexf32: deps $(VERIFY_COMPLEXF32)
	./$(VERIFY_COMPLEXF32) $(VERIFY_ARGS)

# the check of the fast f32 / bf16 / f16 power (src/kernels/math/kern_powf32.c): all
# 2^32 operand pairs of bf16 and of f16 and 2^32 random f32 pairs on every
# vector path against glibc; tens of minutes on two threads, not part of check.
# VERIFY_ARGS="-t 4 -n 1e8 f32" picks threads, f32 pairs and formats.
VERIFY_POWF32 := $(BUILD)/tools/verify_powf32

$(VERIFY_POWF32): tools/verify_powf32.c $(VERIFY_HARNESS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< tools/verify_harness.c $(LIB) $(LDLIBS_ALL)

verify-powf32: deps $(VERIFY_POWF32)
	./$(VERIFY_POWF32) $(VERIFY_ARGS)

# the proof of the fast f32 / bf16 / f16 atan2 (src/kernels/math/kern_atan2f32.c):
# all 2^32 bf16 pairs, all 2^32 f16 pairs and 2^32 f32 pairs on every vector
# path against glibc; not part of check. VERIFY_ARGS="-s 64 -n 100000000" samples.
VERIFY_ATAN2F32 := $(BUILD)/tools/verify_atan2f32

$(VERIFY_ATAN2F32): tools/verify_atan2f32.c $(VERIFY_HARNESS) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< tools/verify_harness.c $(LIB) $(LDLIBS_ALL)

verify-atan2f32: deps $(VERIFY_ATAN2F32)
	./$(VERIFY_ATAN2F32) $(VERIFY_ARGS)

# the check behind the REF chains' rounding by splitting
# (src/kernels/dot/kern_dot_simd.h): every positive normal binary32 for each
# significand width of a chain format, a few seconds per width; not part of check.
# VERIFY_ARGS="-s 7" checks every 7th pattern.
VERIFY_CHAIN_SPLIT := $(BUILD)/tools/verify_chain_split
$(VERIFY_CHAIN_SPLIT): tools/verify_chain_split.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $<

verify-chain-split: deps $(VERIFY_CHAIN_SPLIT)
	./$(VERIFY_CHAIN_SPLIT) $(VERIFY_ARGS)

# the bench is compiled (not run) so that a change of a kernel's interface
# cannot leave it broken; the verify tools run on a small sample for the
# same reason (their full runs take hours)
check: deps $(BIN) $(if $(TSAN),check-tsan,$(FUZZ_REPLAY) $(OPS_DOC) $(BUILD)/bench check-unit check-scripts check-install check-python check-verify-tools)
	@echo "== make check: every test passed"

check-verify-tools: $(VERIFY_MATHF32) $(VERIFY_COMPLEXF32) $(VERIFY_POWF32) $(VERIFY_ATAN2F32) $(VERIFY_CHAIN_SPLIT)
	@echo "== the verify tools on small samples"
	@./$(VERIFY_MATHF32) -t 2 -s 65521 >$(BUILD)/tools/mathf32.out || { cat $(BUILD)/tools/mathf32.out; exit 1; }
	@./$(VERIFY_COMPLEXF32) -t 2 -n 65536 >$(BUILD)/tools/complexf32.out || { cat $(BUILD)/tools/complexf32.out; exit 1; }
	@./$(VERIFY_POWF32) -t 2 -n 65536 -s 4096 >$(BUILD)/tools/powf32.out || { cat $(BUILD)/tools/powf32.out; exit 1; }
	@./$(VERIFY_ATAN2F32) -t 2 -n 65536 -s 4096 >$(BUILD)/tools/atan2f32.out || { cat $(BUILD)/tools/atan2f32.out; exit 1; }
	@./$(VERIFY_CHAIN_SPLIT) -s 4099 >$(BUILD)/tools/chain_split.out || { cat $(BUILD)/tools/chain_split.out; exit 1; }
	@echo "the verify tools: no difference on the samples"

# the thread sanitizer build runs the tests whose programs have threads:
# the C API's two modules in two threads, and the process grids
check-tsan: $(BIN) $(BUILD)/tests/test_api
	@echo "== $(BUILD)/tests/test_api (thread sanitizer)"
	@CK_FORK=no TSAN_OPTIONS="halt_on_error=1 exitcode=66" ./$(BUILD)/tests/test_api
	@echo "== tests/collectives.sh (thread sanitizer)"
	@IRRUN=$(BIN) TSAN_OPTIONS="halt_on_error=1 exitcode=66" sh tests/collectives.sh

# The kernels with a vector path run once more on the portable loops
# (IRRUN_ISA=generic, docs/threads.md).
ISA_UNITS := $(filter %/test_generic %/test_kernels %/test_conv %/test_dot_paths %/test_mathf32 %/test_recip %/test_int64 %/test_complexf32 %/test_powf32 %/test_atan2f32 %/test_chlo_native,$(UNIT_BIN))

check-unit: $(UNIT_BIN)
	@set -e; for t in $(UNIT_BIN); do echo "== $$t"; IRRUN_TESTDATA=$${IRRUN_TESTDATA:-tests/vectors} CK_FORK=no ./$$t; done
	@set -e; for t in $(ISA_UNITS); do echo "== IRRUN_ISA=generic $$t"; IRRUN_ISA=generic IRRUN_TESTDATA=$${IRRUN_TESTDATA:-tests/vectors} CK_FORK=no ./$$t; done

check-scripts: $(BIN)
	@set -e; for s in tests/*.sh; do [ -f "$$s" ] || continue; echo "== $$s"; IRRUN=$(BIN) REPLAY_DIR=$(BUILD)/tests sh $$s; done

# installs into a scratch prefix and builds examples/embed against it with
# pkg-config, as a user of the library would
check-install: all
	@echo "== install into $(BUILD)/stage and build examples/embed"
	@rm -rf $(BUILD)/stage
	@$(MAKE) --no-print-directory install PREFIX=$(abspath $(BUILD))/stage >/dev/null
	@for f in bin/ir-run include/irrun.h share/man/man1/ir-run.1 share/bash-completion/completions/ir-run; do \
	    [ -f $(BUILD)/stage/$$f ] || { echo "install left out $$f"; exit 1; }; done
	@CC="$(CC)" EXTRA_CFLAGS="$(if $(SAN),$(SANFLAGS))" sh tests/install/embed.sh $(abspath $(BUILD))/stage
	@$(MAKE) --no-print-directory uninstall PREFIX=$(abspath $(BUILD))/stage >/dev/null
	@left=$$(find $(BUILD)/stage ! -type d | head -1); [ -z "$$left" ] || { echo "uninstall left $$left"; exit 1; }

check-python: all
	@echo "== tests/python (the irrun package over $(SHLIB))"
	@IRRUN=$(BIN) IRRUN_LIBRARY=$(abspath $(SHLIB)) PYTHON_ENV=$(abspath $(BUILD))/python-env SAN="$(SAN)" CC="$(CC)" sh tests/python/run.sh

# irrun.jax and examples/jax against XLA CPU (docs/python.md, "JAX"); not
# part of check: pip installs jax[cpu] into $(BUILD)/jax-env first
check-jax: all
	@IRRUN=$(BIN) IRRUN_LIBRARY=$(abspath $(SHLIB)) JAX_ENV=$(abspath $(BUILD))/jax-env sh tests/python/jax.sh

check-san:
	$(MAKE) check SAN=1

$(BUILD)/bench: $(BENCH_SRC) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -O3 -march=native -o $@ $(BENCH_SRC) $(LIB) $(LDLIBS_ALL)

# ir-run on a collection of real exported programs (JAX, IREE, torch-xla
# exports with their inputs and the outputs their platform computed; not in
# this repository): how many are read, run and match (tools/real_world.py).
# Not part of check. REAL_WORLD=DIR names the collection.
# StableHLO's testdata/dynamic (388 files), read from a stablehlo git
# directory: parse, check, print back, run at two shapes (tools/dynamic_testdata.py).
STABLEHLO_GIT ?= /work/.mirror/openxla+stablehlo/repo
dynamic-testdata: all
	@if [ -d "$(STABLEHLO_GIT)" ]; then python3 tools/dynamic_testdata.py --ir-run $(BIN) --repo $(STABLEHLO_GIT); \
	else echo "dynamic-testdata: no stablehlo git directory at $(STABLEHLO_GIT) (make dynamic-testdata STABLEHLO_GIT=DIR)"; fi

REAL_WORLD ?= ../shared/real-world
real-world: all
	@if [ -d "$(REAL_WORLD)" ]; then python3 tools/real_world.py --ir-run $(BIN) $(REAL_WORLD); \
	else echo "real-world: no collection at $(REAL_WORLD) (make real-world REAL_WORLD=DIR)"; fi

# --emit=ir read back by MLIR (jaxlib's bindings stand in for stablehlo-opt):
# the collection above and tests/roundtrip, tests/parse/ok
# (tools/export_roundtrip.py, docs/syntax.md "Read back by MLIR"); needs a
# python with jax (pip install jax[cpu]); not part of check
JAX_PYTHON ?= python3
export-roundtrip: all
	@$(JAX_PYTHON) tools/export_roundtrip.py --ir-run $(BIN) $(REAL_WORLD)

# stablehlo/testdata/quantized and tests/interpret/quantized_ops.mlir of a
# StableHLO clone against REF's outputs (tools/quant_testdata.sh; neither
# ships with this repository)
STABLEHLO_GIT ?= /work/.mirror/openxla+stablehlo/repo
QUANT_REF_OUT ?= ../shared/stablehlo-ref-out/quant
quant-testdata: all
	@if [ -d "$(STABLEHLO_GIT)" ] && [ -d "$(QUANT_REF_OUT)" ]; then sh tools/quant_testdata.sh $(STABLEHLO_GIT) $(QUANT_REF_OUT) $(BIN); \
	else echo "quant-testdata: set STABLEHLO_GIT=DIR and QUANT_REF_OUT=DIR"; fi

# StableHLO portable artifacts (MLIR bytecode at two VHLO targets) with REF's
# output, not in this repository (tools/bytecode_testdata.sh, docs/bytecode.md).
BYTECODE_DATA ?= ../shared/bytecode
bytecode-testdata: all
	@if [ -d "$(BYTECODE_DATA)" ]; then sh tools/bytecode_testdata.sh $(BYTECODE_DATA) $(BIN); \
	else echo "bytecode-testdata: no artifacts at $(BYTECODE_DATA) (make bytecode-testdata BYTECODE_DATA=DIR)"; fi

# the .mlir.bc files of StableHLO's stablehlo/tests/vhlo (every VHLO version)
# against their .mlir sources, function by function (tools/bytecode_vhlo.py)
STABLEHLO_GIT ?= ../.mirror/openxla+stablehlo/repo
BC_TEXT := $(BUILD)/tools/bc_text
$(BC_TEXT): tools/bc_text.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< $(LIB) $(LDLIBS_ALL)

bytecode-vhlo: all $(BC_TEXT)
	python3 tools/bytecode_vhlo.py $(STABLEHLO_GIT) $(BIN) $(BC_TEXT)

# (issue 36) --emit=bytecode against MLIR: jaxlib's StableHLO bindings as
# stablehlo-translate read ir-run's artifacts and write their own for ir-run,
# for tests/interpret and the shared programs; and the vhlo .mlir.bc files
# against jaxlib (tools/bytecode_mlir.py, docs/bytecode.md "Writing"). Not
# in check: needs jax (pip install jax[cpu]) in JAX_PYTHON's environment.
JAX_PYTHON ?= python3
# every chunk of the test programs written at current and at its oldest
# target and read back (make check takes every 10th: tests/bytecode_write.sh)
bytecode-write: all
	IRRUN=$(BIN) BYTECODE_EVERY=1 sh tests/bytecode_write.sh

bytecode-mlir: all $(BC_TEXT)
	$(JAX_PYTHON) tools/bytecode_mlir.py $(BIN) $(BC_TEXT) --stablehlo $(STABLEHLO_GIT) \
	    $(if $(wildcard $(BYTECODE_DATA)),--data $(BYTECODE_DATA)) tests/interpret/*.mlir

# a generated 100 MB artifact (one large constant): ir-run's CPU time and
# peak memory against cat's (tools/bc_big.py, docs/bytecode.md)
bytecode-large: all
	python3 tools/bc_big.py --measure $(BIN)

bench: deps $(BIN) $(BUILD)/bench
	./$(BUILD)/bench

# ---- the StableHLO repository's chlo test data and interpret suites (docs/chlo.md;
# not in check: neither ships with ir-run). STABLEHLO_GIT: its git directory;
# CHLO_REF_OUT: REF's outputs of the test data.
STABLEHLO_GIT ?= /work/.mirror/openxla+stablehlo/repo
CHLO_REF_OUT ?= /work/shared/stablehlo-ref-out/chlo
chlo-upstream: $(BIN)
	sh tools/chlo_testdata.sh $(STABLEHLO_GIT) $(CHLO_REF_OUT) $(BIN)

# ---- libFuzzer harnesses (tests/fuzz/, docs/testing.md) ------------------------
# A clang build of the library with -fsanitize=fuzzer-no-link,address,undefined
# in build-fuzz/; each harness runs FUZZ_SECONDS on a corpus seeded from
# tests/ and examples/. Without clang (or its libFuzzer) this says so and
# succeeds: the fuzzers are extra checks, not a build dependency.
FUZZ_SECONDS ?= 30
FUZZ_CC ?= clang
FUZZ_HARNESSES := $(patsubst tests/fuzz/%.c,%,$(wildcard tests/fuzz/fuzz_*.c))

fuzz:
	@if ! sh tests/fuzz/have_libfuzzer.sh $(FUZZ_CC); then \
	    echo "fuzz: SKIP: $(FUZZ_CC) with libFuzzer not found (apt-get install clang)"; exit 0; fi; \
	$(MAKE) --no-print-directory fuzz-build && \
	sh tests/fuzz/run.sh build-fuzz $(FUZZ_SECONDS) $(FUZZ_HARNESSES)

fuzz-build:
	$(MAKE) --no-print-directory BUILD=build-fuzz CC=$(FUZZ_CC) \
	    OPT="-O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" \
	    build-fuzz/libirrun.a
	@set -e; for h in $(FUZZ_HARNESSES); do \
	    echo "  CC build-fuzz/$$h"; \
	    $(FUZZ_CC) -std=c11 $(WARN) -g -O1 -D_DEFAULT_SOURCE -Iinclude -Isrc -Ibuild-fuzz/gen $(YAML_CFLAGS) \
	        -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	        -o build-fuzz/$$h tests/fuzz/$$h.c build-fuzz/libirrun.a $(YAML_LIBS) -lm -pthread; \
	done

# ---- coverage of src/ by the make check tests (docs/testing.md) ----------------
coverage:
	@command -v gcovr >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y gcovr >/dev/null 2>&1; } || \
	    { echo "coverage: gcovr missing: apt-get install -y gcovr"; exit 1; }
	find build-cov -name '*.gcda' -delete 2>/dev/null || true
	@# (gcovr -o replaces its output file: never point it at /dev/null)
	$(MAKE) --no-print-directory check BUILD=build-cov OPT="-O0 --coverage" LDFLAGS=--coverage
	@echo "== line and branch coverage of src/"
	@for d in types ir io interp cli util; do \
	    printf '%-8s ' "$$d"; \
	    gcovr -r . --object-directory build-cov -f "src/$$d/" -s -o build-cov/coverage-$$d.txt 2>/dev/null | \
	        awk '/^lines:/ {l=$$2} /^branches:/ {b=$$2} END {printf "lines %s  branches %s\n", l, b}'; \
	done
	@printf '%-8s ' total; gcovr -r . --object-directory build-cov -f src/ -s -o build-cov/coverage.txt 2>/dev/null | \
	    awk '/^lines:/ {l=$$2} /^branches:/ {b=$$2} END {printf "lines %s  branches %s\n", l, b}'

# ---- install: the command, both libraries, the header, pkg-config, man page ----
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR)
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/ir-run
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/libirrun.a
	install -m 755 $(SHLIB) $(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB))
	ln -sf $(notdir $(SHLIB)) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libirrun.so
	install -m 644 include/irrun.h $(DESTDIR)$(INCLUDEDIR)/irrun.h
	@# irrun.pc names the prefix given to this install, so it is made here
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	    -e 's|@VERSION@|$(VERSION)|' tools/irrun.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/irrun.pc
	chmod 644 $(DESTDIR)$(LIBDIR)/pkgconfig/irrun.pc
	@if [ -f docs/ir-run.1 ]; then \
	    install -d $(DESTDIR)$(MANDIR)/man1 && install -m 644 docs/ir-run.1 $(DESTDIR)$(MANDIR)/man1/ir-run.1; fi
	install -d $(DESTDIR)$(BASHCOMPDIR)
	install -m 644 tools/ir-run.bash $(DESTDIR)$(BASHCOMPDIR)/ir-run

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/ir-run $(DESTDIR)$(LIBDIR)/libirrun.a $(DESTDIR)$(LIBDIR)/libirrun.so \
	    $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/$(notdir $(SHLIB)) $(DESTDIR)$(INCLUDEDIR)/irrun.h \
	    $(DESTDIR)$(LIBDIR)/pkgconfig/irrun.pc $(DESTDIR)$(MANDIR)/man1/ir-run.1 $(DESTDIR)$(BASHCOMPDIR)/ir-run

clean:
	rm -rf build build-san build-tsan build-fuzz build-cov

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d)
