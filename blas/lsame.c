/* lsame_: case-insensitive comparison of two letters (reference LSAME). */
#include "nb_common.h"

NB_EXPORT blasint lsame_(const char *ca, const char *cb, nb_strlen la, nb_strlen lb)
{
    (void)la;
    (void)lb;
    return nb_same(*ca, *cb);
}
