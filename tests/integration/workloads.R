# R linear algebra through whatever BLAS/LAPACK the dynamic loader gives this process.
#   Rscript workloads.R OUTFILE
# Same output format and stderr markers as workloads.py (see there); compare.py reads both.
args <- commandArgs(trailingOnly = TRUE)
out_path <- args[1]
set.seed(20261123)
lines <- character(0)

begin <- function(name) cat("nanoblas-test: begin ", name, "\n", sep = "", file = stderr())
fmt <- function(v) paste(sprintf("%.17g,0", as.vector(v)), collapse = " ")
cmp <- function(name, v, rtol) lines <<- c(lines, sprintf("%s cmp %g %s", name, rtol, fmt(v)))
small <- function(name, v, bound) lines <<- c(lines, sprintf("%s max %g %.6g", name, bound, v))
# two fixed random projections of a matrix: linear, so an error in any one element shows
proj <- function(m) {
  m <- as.matrix(m)
  g <- function(n, s) { set.seed(s); rnorm(n) }
  u <- g(ncol(m), nrow(m) * 7919 + ncol(m))
  w <- g(nrow(m), nrow(m) * 7919 + ncol(m) + 1)
  c(m %*% u, crossprod(w, m))
}
fro <- function(m) sqrt(sum(m * m))
rel <- function(lhs, rhs, scale) fro(lhs - rhs) / scale

a <- matrix(rnorm(300 * 200), 300, 200)
b <- matrix(rnorm(200 * 250), 200, 250)
begin("r_matmul"); cmp("r_matmul", proj(a %*% b), 1e-12)
begin("r_gemv"); cmp("r_gemv", a %*% b[, 1], 1e-12)
begin("r_crossprod"); cmp("r_crossprod", proj(crossprod(a)), 1e-12)
begin("r_tcrossprod"); cmp("r_tcrossprod", proj(crossprod(a, a[, 1:50])), 1e-12)

m <- matrix(rnorm(300 * 300), 300, 300) + diag(300) * 30
rhs <- matrix(rnorm(300 * 4), 300, 4)
begin("r_solve"); x <- solve(m, rhs)
cmp("r_solve", proj(x), 1e-10)
small("r_solve.resid", rel(m %*% x, rhs, fro(m) * fro(x)), 1e-13)
begin("r_inv"); mi <- solve(m)
cmp("r_inv", proj(mi), 1e-10)

g <- matrix(rnorm(250 * 250), 250, 250)
sym <- crossprod(g) / 250 + diag(250)
begin("r_chol"); up <- chol(sym)
cmp("r_chol", proj(up), 1e-11)
small("r_chol.resid", rel(crossprod(up), sym, fro(sym)), 1e-13)

begin("r_svd"); s <- svd(a)
cmp("r_svd.d", s$d, 1e-12)
small("r_svd.resid", rel(s$u %*% (s$d * t(s$v)), a, fro(a)), 1e-13)

begin("r_eigen"); e <- eigen(sym, symmetric = TRUE)
cmp("r_eigen.values", e$values, 1e-12)
small("r_eigen.resid", rel(sym %*% e$vectors, e$vectors %*% diag(e$values), fro(sym)), 1e-13)

tall <- matrix(rnorm(350 * 120), 350, 120)
y <- rnorm(350)
begin("r_qr"); q <- qr(tall)                # LINPACK dqrdc2 in libR: BLAS level 1
cmp("r_qr.absdiagR", abs(diag(qr.R(q))), 1e-11)
cmp("r_qr.coef", qr.coef(q, y), 1e-10)
small("r_qr.resid", rel(qr.Q(q) %*% qr.R(q), tall[, q$pivot], fro(tall)), 1e-13)
begin("r_qr_lapack"); ql <- qr(tall, LAPACK = TRUE)
cmp("r_qr_lapack.absdiagR", sort(abs(diag(qr.R(ql)))), 1e-11)
begin("end")

# path: 6th field of /proc/self/maps; a file replaced since ends in " (deleted)"
maps <- unique(sub(" \\(deleted\\)$", "", sub("^(\\S+\\s+){5}", "", readLines("/proc/self/maps"))))
libs <- maps[grepl("^lib.*(blas|lapack)", basename(maps))]
writeLines(c(lines, if (length(libs)) paste("# lib", libs)), out_path)
