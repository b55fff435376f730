/* Prints, for the process it runs in, the CPUs its affinity mask allows and the thread team
   nanoblas will use, on one line:
     rank R cpus N list L nanoblas T openblas T
   R is the rank that mpirun gives the process (OMPI_COMM_WORLD_RANK, PMI_RANK or PMIX_RANK;
   -1 outside mpirun), so the program needs no MPI library: tests/mpi/check_affinity.sh runs it
   under mpirun and compares T with N. Built against libnanoblas.so.0 by that script. */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>

/* from include/nanoblas.h; declared here so that the script needs only the library */
int nanoblas_get_num_threads(void);
int openblas_get_num_threads(void);

static int rank(void)
{
    static const char *const vars[] = {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"};
    for (size_t i = 0; i < sizeof vars / sizeof vars[0]; i++) {
        const char *v = getenv(vars[i]);
        if (v && *v)
            return atoi(v);
    }
    return -1;
}

int main(void)
{
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) {
        perror("sched_getaffinity");
        return 1;
    }
    /* the mask as a list of CPU numbers, "0,1" */
    char list[4096];
    size_t len = 0;
    list[0] = '\0';
    for (int c = 0; c < CPU_SETSIZE && len + 8 < sizeof list; c++)
        if (CPU_ISSET(c, &set))
            len += (size_t)snprintf(list + len, sizeof list - len, "%s%d", len ? "," : "", c);
    printf("rank %d cpus %d list %s nanoblas %d openblas %d\n", rank(), CPU_COUNT(&set), list,
           nanoblas_get_num_threads(), openblas_get_num_threads());
    return 0;
}
