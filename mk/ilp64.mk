# Included by the Makefile after mk/install.mk: the ILP64 libraries (64-bit BLAS integers), built
# by plain `make` beside the LP64 ones (docs/ARCHITECTURE.md, "Two integer widths").
#   libnanoblas64.so.0, libnanoblas64.a     every routine under its suffixed name (dgemm_64_,
#                                           cblas_dgemm64_, openblas_get_config64_): OpenBLAS's
#                                           INTERFACE64=1 SYMBOLSUFFIX=64_ convention
#   libopenblas64_.so.0                     the same plus the reference LAPACK, suffixed too
#                                           (dgesv_64_): what openblas64.pc names (NumPy, SciPy)
#   libopenblas64.so.0, libblas64.so.3, libcblas64.so.3, liblapack64.so.3
#                                           Debian's convention: the unsuffixed names with 64-bit
#                                           integers, with Debian's 64-bit reference LAPACK
#   alternatives/libblas64.so.3, alternatives/liblapack64.so.3
#                                           what scripts/nanoblas-alternatives registers
# The objects: OBJS64 = the width-dependent objects compiled with -DNANOBLAS_ILP64 (build/ilp64/)
# + the width-neutral ones of the LP64 build, shared. The suffixed names are the same objects with
# every exported symbol renamed by objcopy (definitions and references alike, so a call to
# xerbla_ becomes a call to xerbla_64_, which a program's own xerbla_64_ overrides).

OBJS64 := $(OBJS64_W) $(NEUTRAL_OBJS)
SONAME64 = libnanoblas64.so.0
SHLIB64 = $(LIBDIR)/$(SONAME64)
STLIB64 = $(LIBDIR)/libnanoblas64.a
OPENBLAS64_LIB = $(LIBDIR)/libopenblas64.so.0
OPENBLAS64S_LIB = $(LIBDIR)/libopenblas64_.so.0
ALT_BLAS64 = $(ALT_DIR)/libblas64.so.3
ALT_LAPACK64 = $(ALT_DIR)/liblapack64.so.3

# Debian's liblapack64-dev: the 64-bit-integer reference LAPACK (unsuffixed names), PIC archive.
LAPACK64_PIC ?= $(if $(TARGET_MULTIARCH),$(wildcard /usr/lib/$(TARGET_MULTIARCH)/liblapack64_pic.a))
ifneq ($(LAPACK64_PIC),)
GFORTRAN_LIB := $(firstword $(filter /%,$(shell $(CC) -print-file-name=libgfortran.so; \
                                               $(CC) -print-file-name=libgfortran.so.5)))
endif
HAVE_LAPACK64 := $(if $(and $(LAPACK64_PIC),$(GFORTRAN_LIB)),yes,no)

# The exported symbols of the width-dependent and neutral objects (default visibility, defined),
# each mapped to its suffixed name: NAME -> NAME64_ (dgemm_ -> dgemm_64_, cblas_dgemm ->
# cblas_dgemm64_). Written only when it changes, so that a rebuild of one object does not
# rename every other one again.
SUFFIX_MAP = $(BUILD64)/suffix64.map
$(SUFFIX_MAP): $(OBJS64)
	@mkdir -p $(@D)
	for o in $(OBJS64); do $(CROSS_TOOL)readelf -sW $$o; done | \
	  awk '($$5 == "GLOBAL" || $$5 == "WEAK") && $$6 == "DEFAULT" && $$7 != "UND" && $$8 != "" {print $$8}' | \
	  sed 's/@.*//' | sort -u | awk '{print $$1 " " $$1 "64_"}' > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; touch $@; else mv $@.tmp $@; fi

OBJS64_SFX := $(patsubst $(BUILD)/%,$(BUILD)/ilp64s/%,$(OBJS64))
$(BUILD)/ilp64s/%.o: $(BUILD)/%.o $(SUFFIX_MAP)
	@mkdir -p $(@D)
	$(CROSS_TOOL)objcopy --redefine-syms=$(SUFFIX_MAP) $< $@

# ILP64=no on the command line: the LP64 libraries alone (make check's no-OpenMP and sanitizer
# builds use it).
ILP64 ?= yes
ifneq ($(ILP64),no)
lib: lib64
tests: tests64
endif
.PHONY: lib64
lib64: $(SHLIB64) $(STLIB64) $(LIBDIR)/libnanoblas64.so $(OPENBLAS64_LIB) $(LIBDIR)/libblas64.so.3 \
       $(LIBDIR)/libcblas64.so.3 $(ALT_BLAS64)

$(SHLIB64): $(OBJS64_SFX)
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-soname,$(SONAME64) -Wl,-z,defs -Wl,-z,nodelete -o $@ $(OBJS64_SFX) $(LDLIBS)

$(STLIB64): $(OBJS64_SFX)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $(OBJS64_SFX)

$(LIBDIR)/libnanoblas64.so: $(SHLIB64)
	ln -sf $(SONAME64) $@

# $(call link_library64,SONAME): $@ from OBJS64 (unsuffixed) and the 64-bit LAPACK where there is one.
link_library64 = $(CC) -shared -Wl,-soname,$(1) -Wl,-z,defs -Wl,-z,nodelete -o $@ $(OBJS64) $(LAPACK64_LINK) $(LDLIBS)

ifeq ($(HAVE_LAPACK64),yes)
LAPACK64_FILTERED = $(BUILD64)/lapack/liblapack64_nb.a
LAPACK64_LINK = -Wl,--whole-archive $(LAPACK64_FILTERED) -Wl,--no-whole-archive $(GFORTRAN_LIB)
lib64: $(LIBDIR)/liblapack64.so.3 $(ALT_LAPACK64) $(OPENBLAS64S_LIB)

# As for LP64 (mk/install.mk): the members that define a symbol of ours (xerbla_, lsame_, and
# the LAPACK routines nanoblas implements itself) leave a copy of the archive. The names are the
# LP64 library's: both widths export the same ones.
$(LAPACK64_FILTERED): $(LAPACK64_PIC) $(SHLIB)
	@mkdir -p $(@D)
	rm -f $@ $@.tmp && cp $(LAPACK64_PIC) $@.tmp
	clash=$$($(CROSS_TOOL)nm -D --defined-only $(SHLIB) | awk '{print $$3}' | sort -u > $@.ours && \
	  $(CROSS_TOOL)nm -A -g --defined-only $@.tmp 2>/dev/null | \
	  awk 'NR==FNR {ours[$$1]=1; next} ($$3 in ours) {n=split($$1,p,":"); print p[n-1]}' $@.ours - | \
	  sort -u) && \
	echo "LAPACK64 members replaced by nanoblas's:" $$clash && \
	{ test -z "$$clash" || $(CROSS_TOOL)ar d $@.tmp $$clash; } && rm -f $@.ours && mv $@.tmp $@

$(OPENBLAS64_LIB): $(OBJS64) $(LAPACK64_FILTERED)
	@mkdir -p $(@D)
	$(call link_library64,libopenblas64.so.0)

$(LIBDIR)/liblapack64.so.3 $(LIBDIR)/libblas64.so.3 $(LIBDIR)/libcblas64.so.3: $(OPENBLAS64_LIB)
	ln -sf libopenblas64.so.0 $@

$(ALT_BLAS64): $(OBJS64) $(LAPACK64_FILTERED)
	@mkdir -p $(@D)
	$(call link_library64,libblas64.so.3)

$(ALT_LAPACK64): $(ALT_BLAS64)
	$(CC) -shared -nostdlib -Wl,-soname,liblapack64.so.3 -Wl,--no-as-needed -o $@ $(ALT_BLAS64)

# The suffixed library with LAPACK (OpenBLAS's libopenblas64_.so): the filtered archive with every
# global symbol it defines or calls among the BLAS's and its own (names ending in '_', not the
# gfortran module procedures __*_MOD_*) suffixed like ours.
LAPACK64_SFX = $(BUILD64)/lapack/liblapack64_sfx.a
$(LAPACK64_SFX): $(LAPACK64_FILTERED) $(SUFFIX_MAP)
	rm -f $@ $@.map
	{ $(CROSS_TOOL)nm -g --defined-only $(LAPACK64_FILTERED) 2>/dev/null | \
	  awk 'NF == 3 && $$3 ~ /_$$/ && $$3 !~ /^_/ {print $$3 " " $$3 "64_"}'; cat $(SUFFIX_MAP); } | \
	  sort -u > $@.map
	$(CROSS_TOOL)objcopy --redefine-syms=$@.map $(LAPACK64_FILTERED) $@

$(OPENBLAS64S_LIB): $(OBJS64_SFX) $(LAPACK64_SFX)
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-soname,libopenblas64_.so.0 -Wl,-z,defs -Wl,-z,nodelete -o $@ $(OBJS64_SFX) \
	  -Wl,--whole-archive $(LAPACK64_SFX) -Wl,--no-whole-archive $(GFORTRAN_LIB) $(LDLIBS)
else
LAPACK64_LINK =
$(OPENBLAS64_LIB): $(OBJS64)
	@mkdir -p $(@D)
	rm -f $(LIBDIR)/liblapack64.so.3
	$(call link_library64,libopenblas64.so.0)

$(LIBDIR)/libblas64.so.3 $(LIBDIR)/libcblas64.so.3: $(OPENBLAS64_LIB)
	ln -sf libopenblas64.so.0 $@

$(ALT_BLAS64): $(OBJS64)
	@mkdir -p $(@D)
	rm -f $(ALT_LAPACK64)
	$(call link_library64,libblas64.so.3)
endif

# ---- ILP64 test programs ------------------------------------------------------------------------
# tests/ilp64/*.c twice: against libnanoblas64.so.0's suffixed names ($(BUILD)/tests64/) and
# against the unsuffixed libopenblas64.so.0 ($(BUILD)/tests64u/). ILP64_DIFF_TESTS: differential
# tests of tests/ (each written with the test integer type tint, tests/testutil.h) built once
# more against the suffixed API (docs/ARCHITECTURE.md, "Two integer widths": which, and why).
ILP64_TEST_SRCS := $(filter-out tests/ilp64/lapack.c,$(wildcard tests/ilp64/*.c))
ILP64_DIFF_TESTS = test_cblas test_level1 test_level1_special test_level2 test_gemm test_level3 test_cblas_xerbla test_batch test_threads
TEST64_FLAGS = -Werror=incompatible-pointer-types -Werror=int-conversion
TESTS64 := $(patsubst tests/ilp64/%.c,$(BUILD)/tests64/%,$(ILP64_TEST_SRCS)) \
           $(addprefix $(BUILD)/tests64/,$(ILP64_DIFF_TESTS))
TESTS64U := $(patsubst tests/ilp64/%.c,$(BUILD)/tests64u/%,$(ILP64_TEST_SRCS))
# tests/ilp64/lapack.c needs the LAPACK-carrying libraries: libopenblas64_.so.0 (suffixed) and
# libopenblas64.so.0 (unsuffixed).
ifeq ($(HAVE_LAPACK64),yes)
TESTS64 += $(BUILD)/tests64/lapack
TESTS64U += $(BUILD)/tests64u/lapack
$(BUILD)/tests64/lapack: tests/ilp64/lapack.c $(OPENBLAS64S_LIB)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(TEST64_FLAGS) -DNANOBLAS_ILP64_SUFFIX $< -o $@ -L$(LIBDIR) -l:libopenblas64_.so.0 -lm $(SANFLAGS)
endif
.PHONY: tests64
tests64: $(TESTS64) $(TESTS64U)

$(BUILD)/tests64/%: tests/ilp64/%.c $(wildcard tests/*.h) $(SHLIB64) $(LIBDIR)/libnanoblas64.so
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(TEST64_FLAGS) -DNANOBLAS_ILP64_SUFFIX $< -o $@ -L$(LIBDIR) -lnanoblas64 -lm -lpthread $(SANFLAGS)

$(BUILD)/tests64/%: tests/%.c $(wildcard tests/*.h) $(SHLIB64) $(LIBDIR)/libnanoblas64.so
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(TEST64_FLAGS) -DNANOBLAS_ILP64_SUFFIX $< -o $@ -L$(LIBDIR) -lnanoblas64 -lm -lpthread $(SANFLAGS)

$(BUILD)/tests64u/%: tests/ilp64/%.c $(wildcard tests/*.h) $(OPENBLAS64_LIB)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) $(TEST64_FLAGS) -DNANOBLAS_ILP64 $< -o $@ -L$(LIBDIR) -l:libopenblas64.so.0 -lm -lpthread $(SANFLAGS)
