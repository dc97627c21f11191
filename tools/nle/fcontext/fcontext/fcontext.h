/* The fcontext API that NLE's nle.c and nletypes.h include as
 * <fcontext/fcontext.h>, written for tools/nle/build.sh so that no copy of
 * deboost.context (which NLE's CMake fetches from GitHub) is needed.
 *
 * make_fcontext() and jump_fcontext() are Boost.Context's own assembly,
 * linked from Debian's libboost-context-dev (libboost_context.a): the same
 * calling convention as deboost's, whose transfer struct is Boost's
 * transfer_t { fctx, data } under other names.  The stack functions are
 * deboost's additions, written again in fcontext_stack.c.
 */
#ifndef FLANKING_NLE_FCONTEXT_H
#define FLANKING_NLE_FCONTEXT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void *fcontext_t;

typedef struct {
    fcontext_t ctx;
    void *data;
} fcontext_transfer_t;

typedef struct {
    void *sptr;   /* the top of the stack: make_fcontext()'s sp */
    size_t ssize; /* its size, the guard page included */
} fcontext_stack_t;

fcontext_transfer_t jump_fcontext(fcontext_t const to, void *vp);
fcontext_t make_fcontext(void *sp, size_t size,
                         void (*fn)(fcontext_transfer_t));
fcontext_transfer_t ontop_fcontext(fcontext_t const to, void *vp,
                                   fcontext_transfer_t (*fn)(fcontext_transfer_t));

/* A stack of size bytes (0: 64 KiB), whole pages, its lowest
 * page a guard page; sptr NULL when it cannot be made. */
fcontext_stack_t create_fcontext_stack(size_t size);
void destroy_fcontext_stack(fcontext_stack_t *s);

#ifdef __cplusplus
}
#endif

#endif /* FLANKING_NLE_FCONTEXT_H */
