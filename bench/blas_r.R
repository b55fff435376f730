# bench/blas_r.R: the R rows of `make bench-lapack` (bench/run_bench.sh MODE=lapack; bench/README.md).
#
#   Rscript bench/blas_r.R [--n 1000,2000] [--reps 5] [--budget 1] [--only A,B]
#
# Times, at each size n, R's solve(A, b) (LAPACK dgesv), solve(A) (dgesv against the identity),
# chol(S) (dpotrf) and crossprod(X) (BLAS dsyrk) through whatever libblas.so.3 and liblapack.so.3
# the loader gives R (r-base-core links libR.so to libblas.so.3 and its LAPACK module to
# liblapack.so.3; the driver puts a directory with the library under test first on the library
# path). Prints "# blas ..." and "# lapack ..." (the files mapped into this process, and what
# extSoftVersion() and La_library() report), then per row "# start NAME N" and one
# "workload,n,seconds" line: the median of at least `reps` calls after an untimed warm-up (more
# calls while under `budget` seconds, at most 50; 1 when the warm-up took over 5 budgets), the
# same rule as bench/blas_numpy.py.

opt <- function(name, default) {
  args <- commandArgs(trailingOnly = TRUE)
  i <- match(name, args)
  if (is.na(i) || i == length(args)) default else args[[i + 1]]
}
sizes <- as.integer(strsplit(opt("--n", "1000,2000"), ",", fixed = TRUE)[[1]])
reps <- as.integer(opt("--reps", "3"))
budget <- as.numeric(opt("--budget", "1"))
only <- opt("--only", "")
only <- if (nzchar(only)) strsplit(only, ",", fixed = TRUE)[[1]] else character(0)

now <- function() as.numeric(Sys.time())  # microseconds; proc.time() counts milliseconds
time_call <- function(f) {
  t0 <- now(); f(); first <- now() - t0
  least <- if (first > 5 * budget) 1 else reps
  times <- numeric(0); start <- now()
  while (length(times) < least || (now() - start < budget && length(times) < 50)) {
    t0 <- now(); f(); times <- c(times, now() - t0)
  }
  median(times)
}

# the shared libraries mapped into this process whose names say BLAS or LAPACK
mapped <- function() {
  m <- readLines("/proc/self/maps")
  f <- unique(sub("^\\S+\\s+\\S+\\s+\\S+\\s+\\S+\\s+\\S+\\s*", "", m))
  f <- f[nzchar(f) & startsWith(basename(f), "lib")]
  f
}
report_libs <- function() {
  f <- mapped()
  blas <- sort(f[grepl("blas|blis|mkl_rt", basename(f))])
  lapack <- sort(f[grepl("lapack", basename(f))])
  ext <- extSoftVersion()[["BLAS"]]
  la <- tryCatch(La_library(), error = function(e) "")
  real <- function(p) if (nzchar(p)) normalizePath(p, mustWork = FALSE) else "-"
  cat("# blas ", paste(blas, collapse = " "), "\n", sep = "")
  cat("# lapack La_library=", real(la), " extSoftVersion.BLAS=", real(ext),
      " mapped=", if (length(lapack)) paste(lapack, collapse = ",") else "-", "\n", sep = "")
}

set.seed(5)
rows <- list()
for (n in sizes) {
  local({
    a <- matrix(rnorm(n * n), n, n) / sqrt(n)
    b <- rnorm(n)
    s <- crossprod(a) + diag(n)
    x <- matrix(rnorm(n * n), n, n)
    rows[[length(rows) + 1]] <<- list("R.solve_Ab", n, function() solve(a, b))
    rows[[length(rows) + 1]] <<- list("R.solve_inv", n, function() solve(a))
    rows[[length(rows) + 1]] <<- list("R.chol", n, function() chol(s))
    rows[[length(rows) + 1]] <<- list("R.crossprod", n, function() crossprod(x))
  })
}
# R loads its LAPACK module (and so liblapack.so.3) on the first LAPACK call: one small call
# first, so that the "# lapack" line shows the LAPACK the rows will run on
invisible(solve(diag(2), c(1, 1)))
report_libs()
for (r in rows) {
  name <- r[[1]]; n <- r[[2]]
  if (length(only) && !any(vapply(only, function(o) grepl(o, name, fixed = TRUE), TRUE))) next
  cat("# start ", name, " ", n, "\n", sep = "")
  sec <- time_call(r[[3]])
  cat(sprintf("%s,%d,%.6e\n", name, n, sec))
}
