# Included by the Makefile after the library rules: the OpenBLAS-named library (with the system's
# reference LAPACK when there is one), `make install` / `make uninstall`, and the Debian alternatives
# targets. Uses OBJS, SHLIB, SONAME, LIBDIR, BUILD, LDLIBS, CC, HOST and OPENMP_CFLAGS.

PREFIX ?= /usr/local
# Where the libraries go under PREFIX (lib, lib64, lib/x86_64-linux-gnu, ...).
INSTALL_LIBSUBDIR ?= lib
CROSS_TOOL = $(if $(HOST),$(HOST)-)

# ---- libopenblas.so.0 -------------------------------------------------------------------------
# With Debian's liblapack-dev (liblapack_pic.a for the target's multiarch triplet) and the target's
# libgfortran, libopenblas.so.0 is a real library: every nanoblas object plus the whole reference
# LAPACK, so a program linked with -lopenblas for BLAS and LAPACK runs on it unchanged and LAPACK's
# BLAS calls reach nanoblas. LAPACK_PIC= on the command line turns this off. Otherwise it is one
# more name of libnanoblas.so.0.
TARGET_MULTIARCH := $(shell $(CC) -print-multiarch 2>/dev/null)
LAPACK_PIC ?= $(if $(TARGET_MULTIARCH),$(wildcard /usr/lib/$(TARGET_MULTIARCH)/liblapack_pic.a))
ifneq ($(LAPACK_PIC),)
# The runtime of the gfortran that compiled LAPACK; the versioned name where the unversioned
# development link is absent (libgfortran5 installed without gfortran).
GFORTRAN_LIB := $(firstword $(filter /%,$(shell $(CC) -print-file-name=libgfortran.so; \
                                               $(CC) -print-file-name=libgfortran.so.5)))
endif
HAVE_LAPACK := $(if $(and $(LAPACK_PIC),$(GFORTRAN_LIB)),yes,no)
# LAPACKE (Debian's liblapacke-dev) goes in with LAPACK, as in upstream OpenBLAS's library, so a C
# program linked with -lopenblas finds LAPACKE_dgesv and the rest; its ?lagge/?laghe/?lagsy/?latms
# wrappers call the test-matrix generators of libtmglib-dev, linked in for them. Either missing:
# no LAPACKE. LAPACKE= on the command line leaves it out.
LAPACKE_A ?= $(if $(TARGET_MULTIARCH),$(wildcard /usr/lib/$(TARGET_MULTIARCH)/liblapacke.a))
TMGLIB_A ?= $(if $(TARGET_MULTIARCH),$(wildcard /usr/lib/$(TARGET_MULTIARCH)/libtmglib.a))
LAPACKE_LINK = $(if $(and $(LAPACKE_A),$(TMGLIB_A)),$(LAPACKE_A) -Wl$(comma)--no-whole-archive $(TMGLIB_A) -Wl$(comma)--whole-archive)
comma := ,

OPENBLAS_LIB = $(LIBDIR)/libopenblas.so.0
OPENBLAS_IS_LINK := $(shell test -L $(OPENBLAS_LIB) && echo yes)
OPENBLAS_IS_FILE := $(shell test -f $(OPENBLAS_LIB) && ! test -L $(OPENBLAS_LIB) && echo yes)
.PHONY: library-kind-changed
library-kind-changed: ;

# Debian alternatives need a library whose SONAME is the alternative's name: ldconfig, run by
# any later package install, would otherwise add a SONAME link beside /usr/lib/<triplet>/libblas.so.3
# (for libopenblas.so.0, replacing the system's libopenblas.so.0 link). So the alternatives get
# their own files: libblas.so.3, nanoblas (with LAPACK when there is one) under that SONAME, and
# liblapack.so.3, an empty library that needs libblas.so.3, so LAPACK and BLAS come from one copy.
ALT_DIR = $(LIBDIR)/alternatives
ALT_BLAS = $(ALT_DIR)/libblas.so.3
ALT_LAPACK = $(ALT_DIR)/liblapack.so.3
ALT_LAPACK_EXISTS := $(wildcard $(ALT_LAPACK))

# $(call link_library,SONAME): links $@ from every nanoblas object (and LAPACK where there is one).
link_library = $(CC) -shared -Wl,-soname,$(1) -Wl,-z,defs -Wl,-z,nodelete -o $@ $(OBJS) $(LAPACK_LINK) $(LDLIBS)

ifeq ($(HAVE_LAPACK),yes)
LAPACK_FILTERED = $(BUILD)/lapack/liblapack_nb.a
LAPACK_LINK = -Wl,--whole-archive $(LAPACK_FILTERED) $(LAPACKE_LINK) -Wl,--no-whole-archive $(GFORTRAN_LIB)
lib: $(OPENBLAS_LIB) $(LIBDIR)/liblapack.so.3 $(ALT_BLAS) $(ALT_LAPACK)

# The archive minus the members that define a symbol nanoblas exports (xerbla_, xerbla_array_,
# lsame_ in LAPACK 3.11): --whole-archive would make them clash with ours, and ours must stay the
# one called (and a program's own xerbla_ must still override it).
$(LAPACK_FILTERED): $(LAPACK_PIC) $(SHLIB)
	@mkdir -p $(@D)
	rm -f $@ $@.tmp && cp $(LAPACK_PIC) $@.tmp
	clash=$$($(CROSS_TOOL)nm -D --defined-only $(SHLIB) | awk '{print $$3}' | sort -u > $@.ours && \
	  $(CROSS_TOOL)nm -A -g --defined-only $@.tmp 2>/dev/null | \
	  awk 'NR==FNR {ours[$$1]=1; next} ($$3 in ours) {n=split($$1,p,":"); print p[n-1]}' $@.ours - | \
	  sort -u) && \
	echo "LAPACK members replaced by nanoblas's:" $$clash && \
	{ test -z "$$clash" || $(CROSS_TOOL)ar d $@.tmp $$clash; } && rm -f $@.ours && mv $@.tmp $@

# A symlink left by a build without LAPACK is replaced by the real library.
$(OPENBLAS_LIB): $(OBJS) $(LAPACK_FILTERED) $(if $(OPENBLAS_IS_LINK),library-kind-changed)
	@mkdir -p $(@D)
	rm -f $@
	$(call link_library,libopenblas.so.0)

$(LIBDIR)/liblapack.so.3 $(LIBDIR)/libblas.so.3 $(LIBDIR)/libcblas.so.3: $(OPENBLAS_LIB)
	ln -sf libopenblas.so.0 $@

# One left by a build without LAPACK (no liblapack.so.3 beside it) is relinked with LAPACK.
$(ALT_BLAS): $(OBJS) $(LAPACK_FILTERED) $(if $(ALT_LAPACK_EXISTS),,$(if $(wildcard $(ALT_BLAS)),library-kind-changed))
	@mkdir -p $(@D)
	$(call link_library,libblas.so.3)

$(ALT_LAPACK): $(ALT_BLAS)
	$(CC) -shared -nostdlib -Wl,-soname,liblapack.so.3 -Wl,--no-as-needed -o $@ $(ALT_BLAS)
else
LAPACK_LINK =
lib: $(OPENBLAS_LIB) $(ALT_BLAS)

$(LIBDIR)/libblas.so.3 $(LIBDIR)/libcblas.so.3: $(SHLIB)
	ln -sf $(SONAME) $@

# A real library left by a build with LAPACK is replaced by the link, and its liblapack.so.3 goes.
$(OPENBLAS_LIB): $(SHLIB) $(if $(OPENBLAS_IS_FILE),library-kind-changed)
	rm -f $(LIBDIR)/liblapack.so.3
	ln -sf $(SONAME) $@

$(ALT_BLAS): $(OBJS) $(if $(ALT_LAPACK_EXISTS),library-kind-changed)
	@mkdir -p $(@D)
	rm -f $(ALT_LAPACK)
	$(call link_library,libblas.so.3)
endif

# ---- install / uninstall ----------------------------------------------------------------------
# packaging/install.sh does the work and records every file and created directory in
# $(PREFIX)/share/nanoblas/install_manifest.txt, which `make uninstall` replays backwards.
INSTALL_ARGS = PREFIX='$(PREFIX)' DESTDIR='$(DESTDIR)' LIBSUBDIR='$(INSTALL_LIBSUBDIR)'
.PHONY: uninstall alternatives-install alternatives-remove alternatives-status
install: lib
	sh packaging/install.sh install $(INSTALL_ARGS) BUILDLIB='$(LIBDIR)' \
	  OPENMP_FLAGS='$(OPENMP_CFLAGS)' HAVE_LAPACK=$(HAVE_LAPACK)

uninstall:
	sh packaging/install.sh uninstall $(INSTALL_ARGS)

# ---- Debian alternatives (libblas.so.3 and, with LAPACK, liblapack.so.3) -------------------------
alternatives-install: lib
	scripts/nanoblas-alternatives install '$(abspath $(LIBDIR))'

alternatives-remove:
	scripts/nanoblas-alternatives remove

alternatives-status:
	scripts/nanoblas-alternatives status
