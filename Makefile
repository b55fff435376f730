# nanoblas GNU Makefile. `make` configures with defaults if ./configure was not run.
# Layout: *.tmpl.c sources under blas/ and cblas/ are compiled once per precision (s d c z);
# kernels/<isa>/ is compiled with that ISA's flags only; everything else once.

.DEFAULT_GOAL := all
# CONFIG names the configuration: ./config.mk (native, the default) or another one that
# `./configure --builddir=DIR` wrote (DIR/config.mk + DIR/nb_config.h, which also sets BUILD and
# LIBDIR to DIR and lib-*): the aarch64 cross build lives in build-arm/ and lib-arm/ this way,
# beside the native build/ and lib/, and neither disturbs the other.
CONFIG ?= config.mk
CONFDIR := $(patsubst %/,%,$(dir $(CONFIG)))
CONF_INC := $(if $(filter .,$(CONFDIR)),,-I$(CONFDIR))
-include $(CONFIG)
config.mk:
	./configure

BUILD ?= build
LIBDIR ?= lib
# KBUILD: where the kernels' objects (kernels/) go, BUILD unless set. The kernels use no OpenMP
# (its pragmas and runtime calls live in the drivers and threading/), so make check's no-OpenMP
# build names the main build here (KBUILD=build) and compiles only the drivers again (with
# ILP64=no: the suffixed ILP64 library renames objects under BUILD only).
KBUILD ?= $(BUILD)
SAN ?=
OPT ?= -O2

# ASan's checks as calls instead of inline code: GCC compiles the unrolled micro-kernels twice as
# fast (dgemm_avx512.c 115 s -> 51 s; the whole sanitizer build of make check took 9 minutes),
# and every check stays. (-fno-sanitize-address-use-after-scope would save more, but GCC 12
# stops with an internal error on tri_loops.h with it.)
# In kernels/ UBSan's pointer-overflow check (a pointer sum that wraps the address space) is left
# out: it was 50 of the 65 s that UBSan added to dgemm_avx512.c (ASan alone 74 s, both 139 s, both
# less that check 89 s), and an out-of-bounds pointer there is ASan's to catch. The drivers keep
# it, with every other UBSan check.
ifeq ($(SAN),1)
SANFLAGS = -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
           --param=asan-instrumentation-with-call-threshold=0
KSANFLAGS = -fno-sanitize=pointer-overflow
# Line tables only (-g1): all that ASan's and UBSan's reports need (function, file, line), and
# the sanitizer build compiles in a third less time (dgemm_avx512.c 93 s -> 60 s).
DEBUG ?= -g1
endif
# Debug information of the objects; make check builds its test-only libraries (the sanitizer and
# aarch64 builds) with -g1.
DEBUG ?= -g

WARN = -Wall -Wextra
# Without OpenMP the `#pragma omp` lines are meant to be ignored: the code runs them as one thread.
ifeq ($(OPENMP_CFLAGS),)
WARN += -Wno-unknown-pragmas
endif
# -fcx-fortran-rules: complex * and / as the reference Fortran BLAS computes them (no C99 NaN
# recovery calls). No -ffast-math anywhere: NaN and Inf must propagate as the reference does.
# -fopenmp-simd: `omp simd` loops (kernels/generic/gemv_loops.h) vectorise in every build, with or
# without OpenMP; it links no runtime. -fno-trapping-math lets the compiler compute an FP value
# for every lane and then select (trsm's zero-skipping leaf updates); it changes no result, only
# which FP exception flags may be raised, which BLAS does not specify.
BASE_CFLAGS = -std=gnu11 $(OPT) $(DEBUG) -fPIC -fvisibility=hidden -fcx-fortran-rules -fopenmp-simd \
              -fno-trapping-math $(WARN) \
              $(CONF_INC) -I. -Iinclude -I$(BUILD) $(OPENMP_CFLAGS) $(SANFLAGS) $(OBJ_SANFLAGS) $(CFLAGS_USER) -MMD -MP
LDLIBS = -lm $(OPENMP_CFLAGS) $(SANFLAGS)

SRC_DIRS = arch blas cblas lapack threading
TMPL_SRCS := $(shell find $(SRC_DIRS) kernels/generic -name '*.tmpl.c' 2>/dev/null | sort)
PLAIN_SRCS := $(filter-out %.tmpl.c,$(shell find $(SRC_DIRS) kernels/generic -name '*.c' 2>/dev/null | sort))

ISA_SETS :=
ifeq ($(HAVE_AVX2),yes)
ISA_SETS += avx2
endif
ifeq ($(HAVE_AVX512),yes)
ISA_SETS += avx512
endif
ifeq ($(HAVE_AMX),yes)
ISA_SETS += amx
endif
ifeq ($(HAVE_NEON),yes)
ISA_SETS += neon
endif
ifeq ($(HAVE_SVE),yes)
ISA_SETS += sve
endif
FLAGS_neon =
FLAGS_avx2 = $(FLAGS_AVX2)
FLAGS_avx512 = $(FLAGS_AVX512)
FLAGS_amx = $(FLAGS_AMX)
FLAGS_sve = $(FLAGS_SVE)
ISA_SRCS := $(foreach s,$(ISA_SETS),$(wildcard kernels/$(s)/*.c))
# aarch64 files whose name contains "bf16" hold FEAT_BF16 kernels (BFDOT/BFMMLA), run only where
# the hwcaps report bf16: they alone are compiled with the +bf16 extension on top of their set's.
ARM_BF16_SRCS := $(foreach f,$(filter kernels/neon/% kernels/sve/%,$(ISA_SRCS)),$(if $(findstring bf16,$(notdir $(f))),$(f)))
$(patsubst %.c,$(KBUILD)/%.o,$(filter kernels/neon/%,$(ARM_BF16_SRCS))): ISA_EXTRA_FLAGS = $(FLAGS_NEON_BF16)
$(patsubst %.c,$(KBUILD)/%.o,$(filter kernels/sve/%,$(ARM_BF16_SRCS))): ISA_EXTRA_FLAGS = $(FLAGS_SVE_BF16)

PRECS = s d c z
PREC_s = 1
PREC_d = 2
PREC_c = 3
PREC_z = 4
obj_dir = $(if $(filter kernels/%,$(1)),$(KBUILD),$(BUILD))
TMPL_OBJS := $(foreach p,$(PRECS),$(foreach f,$(TMPL_SRCS),$(call obj_dir,$(f))/t/$(f:.tmpl.c=_$(p).o)))
PLAIN_OBJS := $(foreach f,$(PLAIN_SRCS),$(call obj_dir,$(f))/$(f:.c=.o))
ISA_OBJS := $(patsubst %.c,$(KBUILD)/%.o,$(ISA_SRCS))
OBJS := $(TMPL_OBJS) $(PLAIN_OBJS) $(ISA_OBJS)
$(filter $(KBUILD)/kernels/% $(KBUILD)/t/kernels/%,$(OBJS)): OBJ_SANFLAGS = $(KSANFLAGS)

# Two integer widths (docs/ARCHITECTURE.md): the sources under WIDTH_DIRS see blasint (the BLAS
# integer of every interface) and are compiled twice, once more with -DNANOBLAS_ILP64 into
# $(BUILD)/ilp64/ for the ILP64 libraries (mk/ilp64.mk). Everything else (arch/, threading/,
# kernels/) is compiled once, with -DNB_WIDTH_NEUTRAL, under which blasint does not exist, and its
# objects go into both libraries.
WIDTH_DIRS = blas cblas lapack
BUILD64 = $(BUILD)/ilp64
WIDTH_OBJS := $(filter $(addprefix $(BUILD)/,$(WIDTH_DIRS:=/%)) $(addprefix $(BUILD)/t/,$(WIDTH_DIRS:=/%)),$(OBJS))
NEUTRAL_OBJS := $(filter-out $(WIDTH_OBJS),$(OBJS))
$(NEUTRAL_OBJS): WIDTH_FLAGS = -DNB_WIDTH_NEUTRAL
OBJS64_W := $(patsubst $(BUILD)/%,$(BUILD64)/%,$(WIDTH_OBJS))

SONAME = libnanoblas.so.0
SHLIB = $(LIBDIR)/$(SONAME)
STLIB = $(LIBDIR)/libnanoblas.a
# libopenblas.so.0 (and liblapack.so.3): mk/install.mk.
COMPAT = libnanoblas.so libblas.so.3 libcblas.so.3

.PHONY: all lib tests check check-full test bench install clean distclean show-config
all: lib show-config

lib: $(SHLIB) $(STLIB) $(addprefix $(LIBDIR)/,$(COMPAT))

# -z nodelete: dlclose must not unmap the library while its pool's workers (threading/pool.c),
# parked in their wait loop, still run its code.
$(SHLIB): $(OBJS)
	@mkdir -p $(LIBDIR)
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,-z,defs -Wl,-z,nodelete -o $@ $(OBJS) $(LDLIBS)

$(STLIB): $(OBJS)
	@mkdir -p $(LIBDIR)
	rm -f $@ && ar rcs $@ $(OBJS)

# libblas.so.3 and libcblas.so.3 name libopenblas.so.0 instead where it carries LAPACK
# (mk/install.mk), so that a program that loads both libblas.so.3 and liblapack.so.3 from LIBDIR
# maps one copy of nanoblas (one thread count, one configuration).
$(LIBDIR)/libnanoblas.so: $(SHLIB)
	ln -sf $(SONAME) $@

define tmpl_rule
$(foreach d,$(sort $(BUILD) $(KBUILD)),$(d)/t/%_$(1).o): %.tmpl.c $(CONFIG)
	@mkdir -p $$(@D)
	$$(CC) $$(BASE_CFLAGS) $$(WIDTH_FLAGS) -DNB_PREC=$(PREC_$(1)) -c $$< -o $$@
$(BUILD64)/t/%_$(1).o: %.tmpl.c $(CONFIG)
	@mkdir -p $$(@D)
	$$(CC) $$(BASE_CFLAGS) -DNANOBLAS_ILP64 -DNB_PREC=$(PREC_$(1)) -c $$< -o $$@
endef
$(foreach p,$(PRECS),$(eval $(call tmpl_rule,$(p))))

define isa_rule
$(KBUILD)/kernels/$(1)/%.o: kernels/$(1)/%.c $(CONFIG)
	@mkdir -p $$(@D)
	$$(CC) $$(BASE_CFLAGS) $$(WIDTH_FLAGS) $$(FLAGS_$(1)) $$(ISA_EXTRA_FLAGS) -c $$< -o $$@
endef
$(foreach s,$(ISA_SETS),$(eval $(call isa_rule,$(s))))

$(BUILD64)/%.o: %.c $(CONFIG)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) -DNANOBLAS_ILP64 -c $< -o $@

$(BUILD)/%.o: %.c $(CONFIG)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(WIDTH_FLAGS) -c $< -o $@
ifneq ($(KBUILD),$(BUILD))
$(KBUILD)/kernels/%.o: kernels/%.c $(CONFIG)
	@mkdir -p $(@D)
	$(CC) $(BASE_CFLAGS) $(WIDTH_FLAGS) -c $< -o $@
endif

# Test programs: tests/test_*.c, each one translation unit linked against the shared library.
TEST_SRCS := $(wildcard tests/test_*.c)
TEST_BINS := $(patsubst tests/%.c,$(BUILD)/tests/%,$(TEST_SRCS))
TEST_CFLAGS = -std=gnu11 -O1 -g $(WARN) $(CONF_INC) -I. -Iinclude -I$(BUILD) $(OPENMP_CFLAGS) $(SANFLAGS)
tests: $(TEST_BINS) $(BUILD)/nb_info

$(BUILD)/tests/%: tests/%.c $(wildcard tests/*.h) $(SHLIB) $(LIBDIR)/libnanoblas.so
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $< -o $@ -L$(LIBDIR) -lnanoblas -lm -lpthread $(SANFLAGS)

# nb_info prints nanoblas_get_config(): what the library detected and chose.
$(BUILD)/nb_info: tests/nb_info.c $(SHLIB) $(LIBDIR)/libnanoblas.so
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $< -o $@ -L$(LIBDIR) -lnanoblas $(SANFLAGS)

# `make` ends by showing what the library detected and chose on this machine.
show-config: lib $(BUILD)/nb_info
	@printf '\nnanoblas built: %s\n' "$(SHLIB)"
	@LD_LIBRARY_PATH=$(LIBDIR) $(BUILD)/nb_info

# The full test suite: installs missing test dependencies, builds, runs everything (the aarch64
# part too, when the cross toolchain and qemu are there).
check:
	./tests/run_all.sh

# Everything make check leaves out to fit CI's time: the LAPACK testers, netlib ILP64 testers and
# no-OpenMP tests on every set; under qemu, SVE at 256 bits, the generic set, and every case of
# the sampled runs (tests/run_all.sh, tests/run_arm.sh; about twice make check's time).
check-full:
	NB_CHECK_FULL=1 ./tests/run_all.sh

# aarch64 cross build: configured into build-arm/ on first use (./configure --host=aarch64-linux-gnu
# --builddir=build-arm), built into build-arm/ and lib-arm/; `make check-arm` runs its tests and the
# arm64 netlib testers under qemu-aarch64 (tests/run_arm.sh; FULL=1 for every run make check-full
# makes, QUICK=0 for full-size tests).
ARM_CONFIG = build-arm/config.mk
ARM_MAKE = $(MAKE) --no-print-directory CONFIG=$(ARM_CONFIG)
.PHONY: lib-arm tests-arm check-arm
$(ARM_CONFIG): configure $(wildcard kernels/neon kernels/sve)
	./configure --host=aarch64-linux-gnu --builddir=$(patsubst %/,%,$(dir $(ARM_CONFIG)))
lib-arm: $(ARM_CONFIG)
	+$(ARM_MAKE) lib
tests-arm: $(ARM_CONFIG)
	+$(ARM_MAKE) lib tests
check-arm:
	FULL=$(FULL) ./tests/run_arm.sh

test: check

# NumPy built from source with 64-bit integers against nanoblas's openblas64.pc, in .venv, and
# NumPy's linalg tests on it (tests/integration/run_numpy64.sh; minutes: not part of make check).
.PHONY: check-numpy64
check-numpy64: lib
	./tests/integration/run_numpy64.sh $(LIBDIR)

# LAPACK's testers alone (the lin and eig testers of Debian's liblapack-test on lib/libopenblas.so.0
# against the reference; also part of make check): every kernel set this machine runs.
.PHONY: check-lapack
check-lapack: lib $(BUILD)/nb_info
	@for s in $$(LD_LIBRARY_PATH=$(LIBDIR) $(BUILD)/nb_info --sets); do echo "== lapack testers [$$s]"; \
	  NANOBLAS_ARCH=$$s ./tests/netlib/run_lapack_testers.sh $(LIBDIR) tests/out/lapack-$$s || exit 1; done

# Benchmarks (bench/README.md). `make bench`: the headline comparison with OpenBLAS, BLIS and MKL
# (installed when absent), table + CSV + PNG plot in bench/out/; `make bench-full`: every group.
BENCH_BIN = $(BUILD)/bench/gemm_bench
BENCH_CFLAGS = -std=gnu11 -O2 -g $(WARN) -pthread

$(BENCH_BIN): bench/gemm_bench.c bench/gemm_bench_args.c bench/gemm_bench.h bench/bench_util.h bench/bench_libs.h bench/peak.c bench/peak.h bench/shapes.c bench/shapes.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) bench/gemm_bench.c bench/gemm_bench_args.c bench/peak.c bench/shapes.c -o $@ -ldl -lm

# The other Level 2/3 routines (gemv, ger, syrk, trsm, trmm, symm), run by bench-threads.
$(BUILD)/bench/blas_bench: bench/blas_bench.c bench/bench_util.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $< -o $@ -ldl

# The batched GEMM interfaces (batch, strided, compact, batch-reduce), run by bench-batch. LIBXSMM
# joins as a rival when pkg-config finds it (Debian's libxsmm-dev: static libraries only, linked
# in with its BLAS stub; every BLAS is still loaded with dlopen).
BATCH_XSMM_CFLAGS = $(shell pkg-config --exists libxsmm libxsmmnoblas 2>/dev/null && \
  echo "$(OPENMP_CFLAGS) -DBATCH_BENCH_LIBXSMM $$(pkg-config --cflags libxsmm)")
BATCH_XSMM_LIBS = $(shell pkg-config --exists libxsmm libxsmmnoblas 2>/dev/null && \
  echo "-Wl,--start-group $$(pkg-config --libs libxsmmnoblas) -Wl,--end-group")
BATCH_XSMM_SRC = $(if $(BATCH_XSMM_CFLAGS),bench/batch_xsmm.c)
$(BUILD)/bench/batch_bench: bench/batch_bench.c bench/batch_xsmm.c bench/batch_problems.h bench/bench_util.h bench/bench_libs.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(BATCH_XSMM_CFLAGS) bench/batch_bench.c $(BATCH_XSMM_SRC) -o $@ $(BATCH_XSMM_LIBS) -ldl -lm

# Every BLAS routine family, Level 1-3, against OpenBLAS, BLIS and MKL, one worker process per
# library (bench/blas_suite*.c), then the NumPy/SciPy workloads (bench/blas_numpy.py); run by
# bench-blas. QUICK=1: a short smoke run; NUMPY=0: without the NumPy rows.
SUITE_SRC = bench/blas_suite.c bench/blas_suite_ops.c bench/blas_suite_worker.c bench/blas_suite_stream.c bench/blas_suite_report.c
$(BUILD)/bench/blas_suite: $(SUITE_SRC) bench/blas_suite.h bench/bench_util.h bench/bench_libs.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $(SUITE_SRC) -o $@ -ldl -lm

.PHONY: bench-full bench-threads bench-bf16 bench-batch bench-blas bench-lapack
bench: lib $(BENCH_BIN)
	MODE=headline BENCH_BIN=$(BENCH_BIN) LIBDIR=$(LIBDIR) ./bench/run_bench.sh

bench-full: lib $(BENCH_BIN)
	MODE=full BENCH_BIN=$(BENCH_BIN) LIBDIR=$(LIBDIR) ./bench/run_bench.sh

bench-threads: lib $(BENCH_BIN) $(BUILD)/bench/blas_bench
	MODE=threads BENCH_BIN=$(BENCH_BIN) LIBDIR=$(LIBDIR) ./bench/run_bench.sh

bench-bf16: lib $(BENCH_BIN) $(BUILD)/bench/blas_bench
	MODE=bf16 BENCH_BIN=$(BENCH_BIN) LIBDIR=$(LIBDIR) ./bench/run_bench.sh

bench-batch: lib $(BENCH_BIN) $(BUILD)/bench/batch_bench
	MODE=batch BENCH_BIN=$(BENCH_BIN) LIBDIR=$(LIBDIR) ./bench/run_bench.sh

bench-blas: lib $(BUILD)/bench/blas_suite
	MODE=blas BENCH_BIN=$(BENCH_BIN) SUITE_BIN=$(BUILD)/bench/blas_suite LIBDIR=$(LIBDIR) \
	  QUICK=$(QUICK) NUMPY=$(NUMPY) ./bench/run_bench.sh

# LAPACK routine by routine (dgetrf ... dgebrd) in one dlopened library: where a NumPy row's time
# goes (bench/lapack_bench.c; built by bench-lapack, run by hand: bench/README.md).
$(BUILD)/bench/lapack_bench: bench/lapack_bench.c bench/bench_util.h bench/bench_libs.h
	@mkdir -p $(@D)
	$(CC) $(BENCH_CFLAGS) $< -o $@ -ldl -lm

# bench-lapack: the NumPy/SciPy and R LAPACK rows alone, each library with its own LAPACK
# (bench/run_bench.sh MODE=lapack; bench/README.md). QUICK=1: a short smoke run.
bench-lapack: lib $(BUILD)/bench/lapack_bench
	MODE=lapack LIBDIR=$(LIBDIR) QUICK=$(QUICK) ./bench/run_bench.sh

# HPL (Debian's hpcc over Open MPI) on nanoblas, OpenBLAS and MKL, NCPU x 1 and 1 x NCPU
# (bench/run_hpl.sh; HPL_N, HPL_NB, ROUNDS); check-mpi: the MPI part of make check alone
# (tests/mpi/, docs/MPI.md).
.PHONY: bench-hpl check-mpi
bench-hpl: lib
	LIBDIR=$(LIBDIR) ./bench/run_hpl.sh
check-mpi: lib
	./tests/mpi/check_affinity.sh $(LIBDIR) && ./tests/mpi/run_hpl.sh $(LIBDIR) && ./tests/mpi/run_scalapack.sh $(LIBDIR)

# libopenblas.so.0 with LAPACK, install, uninstall, Debian alternatives.
include mk/install.mk
# libnanoblas64.so.0 and the other ILP64 libraries.
include mk/ilp64.mk

clean:
	rm -rf build build-san build-noomp build-arm lib lib-san lib-noomp lib-arm

distclean: clean
	rm -f config.mk nb_config.h

-include $(OBJS:.o=.d) $(OBJS64_W:.o=.d)
