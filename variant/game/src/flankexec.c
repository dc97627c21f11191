/* NetHack 3.6	flankexec.c	NetHack Flanking: programs the game runs */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#include "hack.h"
#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif

/*
 * NetHack Flanking: a program the game runs (the shell of !, the mail
 * reader, the pager, the message handler, the compressor, gdb for a
 * panic's trace) inherits none of the game's open files.  On a setgid
 * install those are files the player cannot open himself: the record,
 * the logs, the lock he plays under, the playground's directory.  The
 * hooks are patch 0048's, where vanilla forks and execs or calls popen().
 */

/* in a child about to exec another program: close every descriptor but
   standard input, output and error */
void
flank_close_fds()
{
    long fd, max;
    DIR *d;
    struct dirent *e;

#if defined(__linux__) && defined(SYS_close_range)
    if (syscall(SYS_close_range, 3U, ~0U, 0U) == 0)
        return;
#endif
    /* the descriptors open, from /proc; else every possible one */
    if ((d = opendir("/proc/self/fd")) != 0) {
        int dfd = dirfd(d);

        while ((e = readdir(d)) != 0) {
            fd = atol(e->d_name);
            if (fd > 2 && fd != dfd)
                (void) close((int) fd);
        }
        (void) closedir(d);
        return;
    }
    max = sysconf(_SC_OPEN_MAX);
    if (max < 0 || max > 65536L)
        max = 65536L;
    for (fd = 3; fd < max; fd++)
        (void) close((int) fd);
}

/* before popen(): every descriptor above standard error close-on-exec,
   so that the program popen() runs inherits none */
void
flank_cloexec_fds()
{
    long fd, max = sysconf(_SC_OPEN_MAX);
    int fl;

    if (max < 0 || max > 65536L)
        max = 65536L;
    for (fd = 3; fd < max; fd++)
        if ((fl = fcntl((int) fd, F_GETFD)) >= 0 && !(fl & FD_CLOEXEC))
            (void) fcntl((int) fd, F_SETFD, fl | FD_CLOEXEC);
}
