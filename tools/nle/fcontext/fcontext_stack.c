/* deboost.context's stack functions, which NLE's nle.c calls, written for
 * tools/nle/build.sh (see fcontext/fcontext.h): an mmap'd stack whose
 * lowest page is a guard page, as nle.c's effective_stack_size() expects. */
#include <sys/mman.h>
#include <unistd.h>

#include "fcontext/fcontext.h"

#define DEFAULT_STACK_SIZE (64 * 1024)

fcontext_stack_t
create_fcontext_stack(size_t size)
{
    fcontext_stack_t s = { NULL, 0 };
    size_t page = (size_t) sysconf(_SC_PAGESIZE);
    void *vp;

    if (size == 0)
        size = DEFAULT_STACK_SIZE;
    size = (size + page - 1) / page * page; /* whole pages */
    if (size < 2 * page)
        size = 2 * page;
    vp = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
              -1, 0);
    if (vp == MAP_FAILED)
        return s;
    if (mprotect(vp, page, PROT_NONE) != 0) { /* the guard page */
        munmap(vp, size);
        return s;
    }
    s.sptr = (char *) vp + size;
    s.ssize = size;
    return s;
}

void
destroy_fcontext_stack(fcontext_stack_t *s)
{
    if (s && s->sptr) {
        munmap((char *) s->sptr - s->ssize, s->ssize);
        s->sptr = NULL;
        s->ssize = 0;
    }
}
