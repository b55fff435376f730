# R through the BLAS found at run time: prints results that run_smoke.sh compares between nanoblas
# and the netlib reference BLAS.
set.seed(12345)
a <- matrix(rnorm(173 * 91), 173, 91)
b <- matrix(rnorm(91 * 205), 91, 205)
m <- matrix(rnorm(120 * 120), 120, 120) + diag(120) * 120
rhs <- matrix(rnorm(360), 120, 3)
x <- rnorm(1001); y <- rnorm(1001)
maps <- readLines("/proc/self/maps")
cat("blas:", if (any(grepl("libnanoblas", maps))) "nanoblas" else "other", "\n")
out <- function(name, v) cat(name, paste(sprintf("%.17g,0", as.vector(v)), collapse = " "), "\n")
out("dgemm", a %*% b)
out("crossprod", crossprod(a))
out("solve", solve(m, rhs))
out("dot", crossprod(x, y))
