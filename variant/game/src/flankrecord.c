/* NetHack 3.6	flankrecord.c	NetHack Flanking: records no game cuts */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#include "hack.h"

#include <sys/stat.h>
#include <errno.h>
#include <fcntl.h>

/*
 * The shared records, written so that a game that dies while it writes
 * them (its player kills it, a crash, a power cut) leaves each one whole
 * (topten.c):
 *
 *  - a line of the logfile or the xlogfile is formatted in memory and
 *    appended by one write(); one that falls short (a full disk) is taken
 *    back, the file cut to its length before, so the line is there whole
 *    or not at all.  A game killed before that write leaves no line.
 *  - the record (the high scores) is written to RECORD.new beside it and
 *    renamed over it once whole and on disk, never truncated in place as
 *    vanilla does (fopen "w"): a game killed on the way leaves the record
 *    as it was.  The new file gets the record's mode and group.
 *
 * The caller holds the file's lock (lock_file()), as vanilla does, so no
 * two games write one record at once.  No random number is drawn.
 */

static int line_fd = -1;      /* the log file the line goes to */
static char *line_buf = 0;    /* the line, formatted (open_memstream) */
static size_t line_len = 0;
static char record_path[BUFSZ], record_new[BUFSZ];

/* a stream for one line of the log file NAME (SCOREPREFIX), or NULL if
   the file cannot be opened for appending; flank_line_close() writes it */
FILE *
flank_line_open(name)
const char *name;
{
    FILE *mem;
    int fd;

    fd = open(fqname(name, SCOREPREFIX, 0), O_WRONLY | O_APPEND | O_CREAT,
              0666);
    if (fd < 0)
        return (FILE *) 0;
    line_buf = 0, line_len = 0;
    if (!(mem = open_memstream(&line_buf, &line_len))) {
        (void) close(fd);
        return (FILE *) 0;
    }
    line_fd = fd;
    return mem;
}

/* appends the line formatted into MEM in one write: TRUE if it is there
   whole; else the file is as it was before */
boolean
flank_line_close(mem)
FILE *mem;
{
    struct stat st;
    boolean ok = FALSE;
    ssize_t n;
    int fd = line_fd;

    line_fd = -1;
    if (fclose(mem) == 0 && line_buf && fd >= 0 && fstat(fd, &st) == 0) {
        n = write(fd, line_buf, line_len);
        if (n == (ssize_t) line_len)
            ok = TRUE;
        else if (n > 0)
            (void) ftruncate(fd, st.st_size);
    }
    if (fd >= 0)
        (void) close(fd);
    free(line_buf);
    line_buf = 0, line_len = 0;
    return ok;
}

/* a stream to write the record NAME (SCOREPREFIX) anew: NAME.new, with
   the record's mode and group; NULL if it cannot be made */
FILE *
flank_record_open(name)
const char *name;
{
    struct stat st;
    mode_t mode = 0664;
    FILE *fp;
    int fd;

    Sprintf(record_path, "%.*s", BUFSZ - 5, fqname(name, SCOREPREFIX, 0));
    Sprintf(record_new, "%s.new", record_path);
    if (stat(record_path, &st) == 0)
        mode = st.st_mode & 0777;
    /* what a game that died here left is no record: made anew, so that
       this game owns it and can give it the record's mode */
    (void) unlink(record_new);
    fd = open(record_new, O_WRONLY | O_CREAT | O_EXCL, mode);
    if (fd < 0)
        return (FILE *) 0;
    (void) fchmod(fd, mode); /* the player's umask does not count */
    if (stat(record_path, &st) == 0)
        (void) fchown(fd, (uid_t) -1, st.st_gid);
    if (!(fp = fdopen(fd, "w"))) {
        (void) close(fd);
        (void) unlink(record_new);
        return (FILE *) 0;
    }
    return fp;
}

/* closes the stream of flank_record_open() and puts the new record in
   place of the old: TRUE if done; else the old record stays as it was */
boolean
flank_record_close(fp)
FILE *fp;
{
    boolean ok;

    ok = (fflush(fp) == 0 && !ferror(fp) && fsync(fileno(fp)) == 0);
    if (fclose(fp) != 0)
        ok = FALSE;
    if (ok && rename(record_new, record_path) == 0)
        return TRUE;
    (void) unlink(record_new);
    return FALSE;
}
