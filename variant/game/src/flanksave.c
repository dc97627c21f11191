/* NetHack 3.6	flanksave.c	NetHack Flanking: the save files' mark */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#include "hack.h"
#include "flanking.h"
#include <sys/stat.h>
#include <errno.h>
#include <fcntl.h>

#ifndef O_BINARY
#define O_BINARY 0
#endif

STATIC_DCL unsigned char *FDECL(save_slurp, (int, long *));
STATIC_DCL boolean FDECL(save_marked, (const unsigned char *, long));
STATIC_DCL boolean FDECL(save_ends_marked, (int));

/*
 * NetHack Flanking: the save files' integrity (sysconf SAVEKEY).  With a
 * key, every save the game writes ends with FLANK_SAVE_MAGIC and the
 * HMAC-SHA256 of the bytes before them (rust-flanking's flank_save_mac()),
 * and a save is restored only if its mark matches: one the game did not
 * write (a player's edit of his own save file, a file from elsewhere) is
 * refused before a byte of it is parsed, and moved aside, not deleted.
 * The checked bytes are restored from a private copy, so the file cannot
 * change between the check and the restore.  Without a key (a player's
 * own playground) saves are vanilla's, and a marked one has its mark taken
 * off unchecked.
 */
static unsigned char save_key[64];
static unsigned save_key_len = 0;
#define SAVE_MAX_BYTES (64L * 1024L * 1024L) /* far more than any save */

/* read the key from its file (files.c, sysconf's SAVEKEY): NULL, or why
   not */
const char *
flank_save_key(path)
const char *path;
{
    static char why[BUFSZ];
    FILE *fp;
    size_t n;

    if (!*path)
        return "names no file";
    if (!(fp = fopen(path, "r"))) {
        Sprintf(why, "cannot read %.200s (%s)", path, strerror(errno));
        return why;
    }
    n = fread(save_key, 1, sizeof save_key, fp);
    (void) fclose(fp);
    if (n < FLANK_SAVE_KEY_MIN) {
        Sprintf(why, "%.200s holds %d bytes; a key needs %d or more", path,
                (int) n, FLANK_SAVE_KEY_MIN);
        save_key_len = 0;
        return why;
    }
    save_key_len = (unsigned) n;
    return (const char *) 0;
}

/* the whole file of fd, from its start, into a new buffer (free() it):
   NULL if it cannot be read or is too large */
STATIC_OVL unsigned char *
save_slurp(fd, len)
int fd;
long *len;
{
    struct stat st;
    unsigned char *buf;
    long got = 0L;
    ssize_t r;

    if (fstat(fd, &st) < 0 || st.st_size < 0
        || (long) st.st_size > SAVE_MAX_BYTES
        || lseek(fd, (off_t) 0, SEEK_SET) < 0)
        return (unsigned char *) 0;
    buf = (unsigned char *) alloc((unsigned) st.st_size + 1);
    while (got < (long) st.st_size
           && (r = read(fd, buf + got, (size_t) (st.st_size - got))) > 0)
        got += (long) r;
    if (got != (long) st.st_size) {
        free((genericptr_t) buf);
        return (unsigned char *) 0;
    }
    *len = got;
    return buf;
}

/* is the last FLANK_SAVE_TRAILER_LEN of buf[len] a mark's trailer? */
STATIC_OVL boolean
save_marked(buf, len)
const unsigned char *buf;
long len;
{
    return (boolean) (len >= FLANK_SAVE_TRAILER_LEN
                      && !memcmp(buf + len - FLANK_SAVE_TRAILER_LEN,
                                 FLANK_SAVE_MAGIC, 8));
}

/* does the file of fd end with a mark's magic?  (fd's offset is left
   anywhere) */
STATIC_OVL boolean
save_ends_marked(fd)
int fd;
{
    struct stat st;
    char magic[8];

    return (boolean) (fstat(fd, &st) == 0
                      && st.st_size >= (off_t) FLANK_SAVE_TRAILER_LEN
                      && lseek(fd, st.st_size - FLANK_SAVE_TRAILER_LEN,
                               SEEK_SET) >= 0
                      && read(fd, magic, sizeof magic) == sizeof magic
                      && !memcmp(magic, FLANK_SAVE_MAGIC, sizeof magic));
}

/* mark the save file just written (save.c's dosave0(), before it is
   compressed); FALSE, with the reason in the paniclog, if it cannot be */
boolean
flank_save_mark(path)
const char *path;
{
    unsigned char *buf, trailer[FLANK_SAVE_TRAILER_LEN];
    long len = 0L;
    int fd;
    boolean ok = FALSE;

    if (!save_key_len)
        return TRUE; /* no key: a vanilla save */
    if ((fd = open(path, O_RDWR | O_BINARY, 0)) < 0) {
        paniclog("savekey", "cannot open the save to mark it");
        return FALSE;
    }
    if ((buf = save_slurp(fd, &len)) != 0) {
        (void) memcpy(trailer, FLANK_SAVE_MAGIC, 8);
        if (flank_save_mac(save_key, save_key_len, buf, (uint32_t) len,
                           trailer + 8) == FLANK_OK
            && lseek(fd, (off_t) 0, SEEK_END) >= 0
            && write(fd, trailer, sizeof trailer) == sizeof trailer)
            ok = TRUE;
        free((genericptr_t) buf);
    }
    if (close(fd) < 0)
        ok = FALSE;
    if (!ok)
        paniclog("savekey", "cannot mark the save file");
    return ok;
}

/*
 * The save open on fd (files.c's restore_saved_game()): a descriptor of a private
 * copy of its bytes without the mark, fd closed; or -1, fd closed, when
 * a key is set and the mark is missing or does not match (the file is
 * then renamed to PATH.refused and the player told).
 */
int
flank_save_checked(fd, path)
int fd;
const char *path;
{
    unsigned char *buf;
    long len = 0L;
    int copy = -1, r;
    FILE *tmp;
    const char *why = (const char *) 0;
    char aside[BUFSZ];

    /* no key: a save without a mark is restored as vanilla restores it,
       read in place; only a marked one (from an install with a key) is
       copied, without its mark */
    if (!save_key_len && !save_ends_marked(fd)) {
        (void) lseek(fd, (off_t) 0, SEEK_SET);
        return fd;
    }
    buf = save_slurp(fd, &len);
    (void) nhclose(fd);
    if (!buf) {
        why = "cannot be read whole";
    } else if (save_key_len) {
        if (!save_marked(buf, len))
            why = "carries no mark of this game";
        else if ((r = flank_save_mac_check(save_key, save_key_len, buf,
                                          (uint32_t) (len
                                                - FLANK_SAVE_TRAILER_LEN),
                                          buf + len - 32)) != 1)
            why = (r == 0) ? "does not match its mark" : "cannot be checked";
    }
    if (!why) {
        if (save_marked(buf, len))
            len -= FLANK_SAVE_TRAILER_LEN;
        if ((tmp = tmpfile()) != 0) {
            if ((long) fwrite(buf, 1, (size_t) len, tmp) == len
                && fflush(tmp) == 0 && (copy = dup(fileno(tmp))) >= 0)
                (void) lseek(copy, (off_t) 0, SEEK_SET);
            (void) fclose(tmp);
        }
        if (copy < 0)
            why = "cannot be copied to be restored";
    }
    if (buf)
        free((genericptr_t) buf);
    if (why) {
        Sprintf(aside, "%.*s.refused", BUFSZ - 9, path);
        (void) rename(path, aside);
        raw_printf("The save file %s %s: it was not written by this game,"
                   " and is not restored (kept as %s).", path, why, aside);
        Sprintf(aside, "%.*s %s", BUFSZ / 2, path, why);
        paniclog("savekey", aside);
        wait_synch();
        return -1;
    }
    return copy;
}

/*flanksave.c*/
