/* NetHack 3.6	flanksave.c	NetHack Flanking: the save files' mark */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#include "hack.h"
#include "flanking.h"
#include <sys/stat.h>
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#if defined(__linux__)
#include <sys/mman.h> /* memfd_create(), where glibc has it */
#endif

#ifndef O_BINARY
#define O_BINARY 0
#endif

/* the mark is fed what save.c's def_bwrite() writes; zero-run
   compression (the default only without COMPRESS and ZLIB_COMP) writes
   other bytes (zerocomp_bputc()) */
#if defined(ZEROCOMP) && !defined(COMPRESS) && !defined(ZLIB_COMP)
#error "the save mark (flanksave.c) needs save.c's def_bwrite()"
#endif

/*
 * NetHack Flanking: the save files' integrity (sysconf SAVEKEY).  With a
 * key, every save the game writes ends with a trailer: FLANK_SAVE_MAGIC,
 * the save's one-time value, and an HMAC-SHA256 (rust-flanking's
 * flank_save_mac_*()) of
 *
 *   "NetHack Flanking save\0", the real uid (4 bytes, little-endian), the
 *   player's name (its length in 4 bytes, then its bytes), the one-time
 *   value (16 bytes), then every byte of the save before the trailer,
 *
 * computed as the game writes those bytes (save.c's def_bwrite() feeds
 * flank_save_feed(); the recovery writes through flank_save_write()) and
 * appended on the same descriptor before it is closed: never over a file
 * read back by its path, which its player owns.  The one-time value is
 * the name of an empty file beside the save (SAVE.once-HEX), which the
 * game makes when it seals the save and deletes when a restore has the
 * save's bytes: a player may write the files he owns, but not the save
 * directory (the games group's), so he cannot make one.  A save restores
 * only if its mark matches this uid, this name and its bytes, and its
 * one-time file is there: an edited, copied, replayed, renamed or
 * another uid's save is refused before a byte of it is parsed, and moved
 * aside (SAVE.refused, or .refused.N: never over an earlier one).  A save
 * the machine cannot check now (too large, unreadable, no memory for its
 * copy) is left as it is and said so.  The checked bytes are restored
 * from a private copy, so the file cannot change between the check and
 * the restore.  Without a key (a player's own playground) saves are
 * vanilla's, and a marked one has its mark taken off unchecked.
 */
#define SAVE_MAX_BYTES (64L * 1024L * 1024L) /* far more than any save */
#define SAVE_BIND "NetHack Flanking save" /* with its NUL: 22 bytes */
#define SAVE_MAGIC_V1 "NHFMAC1\n"        /* the mark before the one-time
                                            value: 8 + 32 bytes */
#define SAVE_TRAILER_V1 (8 + FLANK_SAVE_MAC_LEN)
#define SAVE_ONCE ".once-"
#define NONCE FLANK_SAVE_NONCE_LEN

STATIC_DCL void FDECL(wipe, (genericptr_t, size_t));
STATIC_DCL unsigned char *FDECL(save_slurp, (int, long *, const char **));
STATIC_DCL int FDECL(save_trailer, (const unsigned char *, long));
STATIC_DCL boolean FDECL(save_ends_marked, (int));
STATIC_DCL int FDECL(save_mac_bound, (struct flank_save_mac_state **,
                                      const unsigned char *));
STATIC_DCL const char *FDECL(once_name, (const char *,
                                         const unsigned char *));
STATIC_DCL void FDECL(once_clear, (const char *, const char *));
STATIC_DCL int FDECL(private_copy, (const unsigned char *, long));
STATIC_DCL int FDECL(not_checked, (const char *, const char *));
STATIC_DCL int FDECL(refused, (const char *, const char *));

static unsigned char save_key[FLANK_SAVE_KEY_MAX];
static unsigned save_key_len = 0;
/* SAVEKEY named a file that was refused: nothing is restored unchecked,
   and saves are written unmarked (said so) until the admin fixes it */
static boolean save_key_bad = FALSE;

/* the save being written (flank_save_begin() to flank_save_seal()) */
static int mark_fd = -1;
static struct flank_save_mac_state *mark_st = 0;
static unsigned char mark_nonce[NONCE];
static boolean mark_broken = FALSE; /* a piece could not be fed */

/* the one-time file the last restore used up (flank_save_kept()) */
static char used_once[BUFSZ];

/* overwrite what held the key; a volatile pointer, so that no compiler
   drops the stores */
STATIC_OVL void
wipe(p, n)
genericptr_t p;
size_t n;
{
    volatile unsigned char *v = (volatile unsigned char *) p;

    while (n--)
        *v++ = 0;
}

/*
 * Read the key from its file (files.c, sysconf's SAVEKEY): NULL, or why
 * not.  The file must be the admin's: a regular file owned by root or by
 * the game's effective user (never by the player running the game, unless
 * he is root), that others may neither read nor write, of 16 to 64 bytes.
 * Read with read(2) into a buffer wiped after (no stdio buffer holds it).
 */
const char *
flank_save_key(path)
const char *path;
{
    static char why[BUFSZ];
    unsigned char buf[FLANK_SAVE_KEY_MAX + 1];
    struct stat st;
    int fd;
    long n = 0L;
    ssize_t r;

    wipe(save_key, sizeof save_key);
    save_key_len = 0;
    save_key_bad = TRUE; /* until the key is read */
    if (!*path)
        return "names no file";
    if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_BINARY, 0)) < 0) {
        Sprintf(why, "cannot read %.120s (%s)", path, strerror(errno));
        return why;
    }
    why[0] = '\0';
    if (fstat(fd, &st) < 0)
        Sprintf(why, "cannot read %.120s (%s)", path, strerror(errno));
    else if (!S_ISREG(st.st_mode))
        Sprintf(why, "%.120s is not a regular file", path);
    else if (!(st.st_uid == 0
               || (st.st_uid == geteuid() && st.st_uid != getuid())))
        Sprintf(why, "%.120s is owned by uid %ld: the key must be root's"
                     " or the game's own user's, not the player's",
                path, (long) st.st_uid);
    else if (st.st_mode & (S_IROTH | S_IWOTH))
        Sprintf(why, "%.120s may be read or written by others (mode %03o):"
                     " the key must be the games group's alone",
                path, (unsigned) (st.st_mode & 0777));
    else {
        while (n < (long) sizeof buf
               && (r = read(fd, buf + n, sizeof buf - (size_t) n)) > 0)
            n += (long) r;
        if (n < FLANK_SAVE_KEY_MIN || n > FLANK_SAVE_KEY_MAX)
            Sprintf(why, "%.120s holds %s%ld bytes; a key is %d to %d bytes",
                    path, (n > FLANK_SAVE_KEY_MAX) ? "more than " : "",
                    (n > FLANK_SAVE_KEY_MAX) ? (long) FLANK_SAVE_KEY_MAX : n,
                    FLANK_SAVE_KEY_MIN, FLANK_SAVE_KEY_MAX);
    }
    (void) close(fd);
    if (!why[0]) {
        (void) memcpy(save_key, buf, (size_t) n);
        save_key_len = (unsigned) n;
        save_key_bad = FALSE;
    }
    wipe(buf, sizeof buf);
    return why[0] ? (const char *) why : (const char *) 0;
}

/* a mark under the key, fed what it binds the save to (this uid, this
   name, the one-time value): FLANK_OK or an error code */
STATIC_OVL int
save_mac_bound(st, nonce)
struct flank_save_mac_state **st;
const unsigned char *nonce;
{
    unsigned char b[4];
    unsigned long uid = (unsigned long) getuid(),
                  namelen = (unsigned long) strlen(plname);
    int r;

    if ((r = flank_save_mac_begin(save_key, save_key_len, st)) != FLANK_OK)
        return r;
    b[0] = (unsigned char) uid, b[1] = (unsigned char) (uid >> 8);
    b[2] = (unsigned char) (uid >> 16), b[3] = (unsigned char) (uid >> 24);
    if ((r = flank_save_mac_update(*st, (const uint8_t *) SAVE_BIND,
                                   (uint32_t) sizeof SAVE_BIND)) == FLANK_OK
        && (r = flank_save_mac_update(*st, b, 4)) == FLANK_OK) {
        b[0] = (unsigned char) namelen, b[1] = (unsigned char) (namelen >> 8);
        b[2] = (unsigned char) (namelen >> 16);
        b[3] = (unsigned char) (namelen >> 24);
        if ((r = flank_save_mac_update(*st, b, 4)) == FLANK_OK
            && (r = flank_save_mac_update(*st, (const uint8_t *) plname,
                                          (uint32_t) namelen)) == FLANK_OK)
            r = flank_save_mac_update(*st, nonce, NONCE);
    }
    if (r != FLANK_OK)
        flank_save_mac_abandon(*st), *st = 0;
    return r;
}

/* PATH.once-HEX, the one-time file of the save PATH (a static buffer) */
STATIC_OVL const char *
once_name(path, nonce)
const char *path;
const unsigned char *nonce;
{
    static char name[BUFSZ];
    char *p;
    int i;

    Sprintf(name, "%.*s%s", BUFSZ - 2 * NONCE - 8, path, SAVE_ONCE);
    for (p = eos(name), i = 0; i < NONCE; i++, p += 2)
        Sprintf(p, "%02x", (unsigned) nonce[i]);
    return name;
}

/* delete the save PATH's one-time files but KEEP: a new save of the name
   leaves no older one to restore */
STATIC_OVL void
once_clear(path, keep)
const char *path, *keep;
{
    char dirname[BUFSZ], prefix[BUFSZ], full[BUFSZ];
    const char *base = strrchr(path, '/');
    DIR *dir;
    struct dirent *de;

    if (base) {
        Sprintf(dirname, "%.*s",
                (base - path < BUFSZ) ? (int) (base - path) : BUFSZ - 1,
                path);
        if (!dirname[0])
            Strcpy(dirname, "/");
        base++;
    } else {
        Strcpy(dirname, "."), base = path;
    }
    Sprintf(prefix, "%.*s%s", BUFSZ - 8, base, SAVE_ONCE);
    if (!(dir = opendir(dirname)))
        return;
    while ((de = readdir(dir)) != 0) {
        if (strncmp(de->d_name, prefix, strlen(prefix))
            || strlen(dirname) + strlen(de->d_name) + 2 > sizeof full)
            continue;
        Sprintf(full, "%s/%s", dirname, de->d_name);
        if (strcmp(full + (base == path ? 2 : 0), keep)
            && strcmp(full, keep))
            (void) unlink(full);
    }
    (void) closedir(dir);
}

/* the save file fd has just been made (save.c's dosave0(), the
   recovery's rebuild): from now, every byte written to it is fed to its
   mark */
void
flank_save_begin(fd)
int fd;
{
    int rfd;
    long got = 0L;
    ssize_t r;

    flank_save_mac_abandon(mark_st), mark_st = 0, mark_fd = -1;
    mark_broken = save_key_bad;
    if (!save_key_len)
        return; /* no key: a vanilla save */
    mark_broken = TRUE;
    /* the one-time value: the system's random bytes (never the game's
       random numbers, which stay as they are) */
    if ((rfd = open("/dev/urandom", O_RDONLY, 0)) >= 0) {
        while (got < NONCE
               && (r = read(rfd, mark_nonce + got, (size_t) (NONCE - got)))
                      > 0)
            got += (long) r;
        (void) close(rfd);
    }
    if (got != NONCE) {
        paniclog("savekey", "no random bytes for a save's one-time value");
        return;
    }
    if (save_mac_bound(&mark_st, mark_nonce) != FLANK_OK)
        return;
    mark_fd = fd, mark_broken = FALSE;
}

/* n bytes at buf were just written to fd (save.c's def_bwrite()) */
void
flank_save_feed(fd, buf, n)
int fd;
const genericptr_t buf;
unsigned n;
{
    if (fd == mark_fd && mark_st
        && flank_save_mac_update(mark_st, (const uint8_t *) buf,
                                 (uint32_t) n) != FLANK_OK)
        mark_broken = TRUE;
}

/* write(2) that feeds the mark what it wrote (the recovery's rebuild) */
ssize_t
flank_save_write(fd, buf, n)
int fd;
const genericptr_t buf;
size_t n;
{
    ssize_t r = write(fd, buf, n);

    if (r > 0)
        flank_save_feed(fd, buf, (unsigned) r);
    return r;
}

/*
 * The save PATH open on fd is written whole, not yet closed: its one-time
 * file made (any older one of PATH deleted) and the trailer appended on
 * fd.  TRUE, or FALSE (the reason in the paniclog) if a key is set and the
 * save could not be marked: it is then unmarked, and its one-time file
 * gone.
 */
boolean
flank_save_seal(fd, path)
int fd;
const char *path;
{
    unsigned char trailer[FLANK_SAVE_TRAILER_LEN];
    char once[BUFSZ];
    int ofd;
    boolean ok;

    if (fd != mark_fd || !mark_st) {
        ok = !mark_broken && !(save_key_len && fd != mark_fd);
        flank_save_mac_abandon(mark_st), mark_st = 0, mark_fd = -1;
        if (!ok)
            paniclog("savekey", "a save was written without its mark");
        return ok;
    }
    bflush(fd); /* the bytes the mark was fed are on fd before the trailer */
    (void) memcpy(trailer, FLANK_SAVE_MAGIC, 8);
    (void) memcpy(trailer + 8, mark_nonce, NONCE);
    ok = (flank_save_mac_end(mark_st, trailer + 8 + NONCE) == FLANK_OK
          && !mark_broken);
    mark_st = 0, mark_fd = -1;
    if (ok) {
        Strcpy(once, once_name(path, mark_nonce));
        once_clear(path, once);
        if ((ofd = open(once, O_WRONLY | O_CREAT | O_EXCL | O_BINARY,
                        FCMASK)) < 0) {
            ok = FALSE;
        } else {
            (void) close(ofd);
            if (write(fd, trailer, sizeof trailer) != sizeof trailer) {
                (void) unlink(once);
                ok = FALSE;
            }
        }
    }
    if (!ok)
        paniclog("savekey", "cannot mark the save file");
    return ok;
}

/* the whole file of fd, from its start, into a new buffer (free() it):
   NULL and *why if it cannot be read or is too large */
STATIC_OVL unsigned char *
save_slurp(fd, len, why)
int fd;
long *len;
const char **why;
{
    static char whybuf[BUFSZ];
    struct stat st;
    unsigned char *buf;
    long got = 0L;
    ssize_t r = 0;

    if (fstat(fd, &st) < 0 || lseek(fd, (off_t) 0, SEEK_SET) < 0) {
        Sprintf(whybuf, "it cannot be read (%s)", strerror(errno));
        *why = whybuf;
        return (unsigned char *) 0;
    }
    if (st.st_size < 0 || (long) st.st_size > SAVE_MAX_BYTES) {
        Sprintf(whybuf, "it is larger than %ld MiB, far more than any save",
                SAVE_MAX_BYTES / (1024L * 1024L));
        *why = whybuf;
        return (unsigned char *) 0;
    }
    if (!(buf = (unsigned char *) malloc((size_t) st.st_size + 1))) {
        *why = "no memory to read it";
        return (unsigned char *) 0;
    }
    while (got < (long) st.st_size
           && (r = read(fd, buf + got, (size_t) (st.st_size - got))) > 0)
        got += (long) r;
    if (got != (long) st.st_size) {
        Sprintf(whybuf, "it cannot be read whole (%s)",
                (r < 0) ? strerror(errno) : "cut short while read");
        *why = whybuf;
        free((genericptr_t) buf);
        return (unsigned char *) 0;
    }
    *len = got;
    return buf;
}

/* the length of the trailer buf[len] ends with: FLANK_SAVE_TRAILER_LEN,
   SAVE_TRAILER_V1 (an earlier mark, without a one-time value), or 0 */
STATIC_OVL int
save_trailer(buf, len)
const unsigned char *buf;
long len;
{
    if (len >= FLANK_SAVE_TRAILER_LEN
        && !memcmp(buf + len - FLANK_SAVE_TRAILER_LEN, FLANK_SAVE_MAGIC, 8))
        return FLANK_SAVE_TRAILER_LEN;
    if (len >= SAVE_TRAILER_V1
        && !memcmp(buf + len - SAVE_TRAILER_V1, SAVE_MAGIC_V1, 8))
        return SAVE_TRAILER_V1;
    return 0;
}

/* does the file of fd end with a mark's trailer?  (fd's offset is left
   anywhere) */
STATIC_OVL boolean
save_ends_marked(fd)
int fd;
{
    struct stat st;
    unsigned char tail[FLANK_SAVE_TRAILER_LEN];
    long n;

    if (fstat(fd, &st) < 0)
        return FALSE;
    n = (st.st_size < (off_t) sizeof tail) ? (long) st.st_size
                                            : (long) sizeof tail;
    return (boolean) (lseek(fd, (off_t) (st.st_size - n), SEEK_SET) >= 0
                      && read(fd, tail, (size_t) n) == (ssize_t) n
                      && save_trailer(tail, n) != 0);
}

/* a descriptor of a private copy of buf[len], at its start, or -1: a
   memory file where the system has one (no directory needed), else
   tmpfile() */
STATIC_OVL int
private_copy(buf, len)
const unsigned char *buf;
long len;
{
    int copy = -1;
    long done = 0L;
    ssize_t r;
#if defined(__linux__) && defined(MFD_CLOEXEC)
    copy = memfd_create("nethack-save", MFD_CLOEXEC);
#endif
    if (copy < 0) {
        FILE *tmp = tmpfile();

        if (tmp) {
            copy = dup(fileno(tmp));
            (void) fclose(tmp);
        }
    }
    if (copy < 0)
        return -1;
    while (done < len && (r = write(copy, buf + done, (size_t) (len - done)))
                             > 0)
        done += (long) r;
    if (done != len || lseek(copy, (off_t) 0, SEEK_SET) < 0) {
        (void) close(copy);
        return -1;
    }
    return copy;
}

/* the save PATH cannot be checked now (the machine's failure, not the
   file's): said so, the file left as it is; -1 */
STATIC_OVL int
not_checked(path, why)
const char *path, *why;
{
    char msg[BUFSZ * 2];

    raw_printf("Your save file %s cannot be checked now: %s.  It is kept as"
               " it is; ask the server's admin if this goes on.", path, why);
    Sprintf(msg, "%.*s cannot be checked: %.*s", BUFSZ / 2, path,
            BUFSZ / 2, why);
    paniclog("savekey", msg);
    wait_synch();
    return -1;
}

/* the save PATH is refused: moved aside, never over an earlier one
   (PATH.refused, else PATH.refused.1, ...), the player told, noted; -1 */
STATIC_OVL int
refused(path, why)
const char *path, *why;
{
    char aside[BUFSZ], msg[BUFSZ * 2];
    struct stat st;
    boolean moved = FALSE;
    int i;

    for (i = 0; i < 100 && !moved; i++) {
        if (i)
            Sprintf(aside, "%.*s.refused.%d", BUFSZ - 16, path, i);
        else
            Sprintf(aside, "%.*s.refused", BUFSZ - 16, path);
        if (link(path, aside) == 0) {
            (void) unlink(path);
            moved = TRUE;
        } else if (errno != EEXIST) {
            /* no hard link here: a rename, never over a file */
            if (lstat(aside, &st) < 0 && errno == ENOENT
                && rename(path, aside) == 0)
                moved = TRUE;
            break;
        }
    }
    /* (raw_printf() cuts a message at BUFSZ - 1: the kept name last) */
    if (moved)
        raw_printf("Your save file %s %s.  It is not restored; it is kept"
                   " as %s.", path, why,
                   strrchr(aside, '/') ? strrchr(aside, '/') + 1 : aside);
    else
        raw_printf("Your save file %s %s.  It is not restored (it could not"
                   " be moved aside).", path, why);
    Sprintf(msg, "%.*s %.*s", BUFSZ / 2, path, BUFSZ / 2, why);
    paniclog("savekey", msg);
    wait_synch();
    return -1;
}

/*
 * The save PATH open on fd (files.c's restore_saved_game()): a descriptor
 * of a private copy of its bytes without the trailer, fd closed, its
 * one-time file used up; or -1, fd closed, when a key is set and the save
 * is refused (moved aside, see refused()) or cannot be checked now (left
 * as it is).
 */
int
flank_save_checked(fd, path)
int fd;
const char *path;
{
    unsigned char *buf;
    const char *why = (const char *) 0, *once;
    struct flank_save_mac_state *st = 0;
    long len = 0L;
    int copy, r, tl;

    used_once[0] = '\0';
    /* no key: a save without a mark is restored as vanilla restores it,
       read in place; only a marked one (from an install with a key) is
       copied, without its mark */
    if (!save_key_len && !save_key_bad) {
        if (!save_ends_marked(fd)) {
            (void) lseek(fd, (off_t) 0, SEEK_SET);
            return fd;
        }
        buf = save_slurp(fd, &len, &why);
        (void) nhclose(fd);
        if (!buf)
            return not_checked(path, why);
        copy = private_copy(buf, len - save_trailer(buf, len));
        free((genericptr_t) buf);
        return (copy < 0) ? not_checked(path, "no private copy of it can be"
                                              " made to restore")
                          : copy;
    }
    if (save_key_bad) {
        (void) nhclose(fd);
        return not_checked(path, "the server's SAVEKEY was refused (see"
                                 " sysconf's error)");
    }
    buf = save_slurp(fd, &len, &why);
    (void) nhclose(fd);
    if (!buf)
        return not_checked(path, why);
    if ((tl = save_trailer(buf, len)) != FLANK_SAVE_TRAILER_LEN) {
        free((genericptr_t) buf);
        return refused(path, tl ? "carries an earlier mark, without a"
                                  " one-time value"
                                : "carries no mark of this game");
    }
    len -= FLANK_SAVE_TRAILER_LEN;
    if ((r = save_mac_bound(&st, buf + len + 8)) == FLANK_OK) {
        if ((r = flank_save_mac_update(st, buf, (uint32_t) len)) == FLANK_OK)
            r = flank_save_mac_end_check(st, buf + len + 8 + NONCE);
        else
            flank_save_mac_abandon(st);
    }
    if (r != 1) {
        free((genericptr_t) buf);
        return (r == 0) ? refused(path, "does not match its mark (changed,"
                                        " or another player's or name's)")
                        : not_checked(path, "its mark cannot be computed");
    }
    copy = private_copy(buf, len);
    once = once_name(path, buf + len + 8);
    free((genericptr_t) buf);
    if (copy < 0)
        return not_checked(path, "no private copy of it can be made to"
                                 " restore");
    /* the one-time value used up: this save restores once */
    if (unlink(once) < 0) {
        int e = errno;
        char whybuf[BUFSZ];

        (void) close(copy);
        if (e == ENOENT) {
            /* an old copy, or a game that stopped while restoring: the
               admin who gives it back makes this file (docs/SERVER.md) */
            Sprintf(whybuf, "%.*s is gone", BUFSZ - 10, once);
            paniclog("savekey", whybuf);
            return refused(path, "was restored once already (its one-time"
                                 " value is used up)");
        }
        Sprintf(whybuf, "its one-time file cannot be removed (%s)",
                strerror(e));
        return not_checked(path, whybuf);
    }
    Strcpy(used_once, once);
    return copy;
}

/* the save just restored is kept (debug or explore mode's "keep the save
   file?", unixmain.c): its one-time file back, so it restores again */
void
flank_save_kept()
{
    int fd;

    if (used_once[0]
        && (fd = open(used_once, O_WRONLY | O_CREAT | O_EXCL | O_BINARY,
                      FCMASK)) >= 0)
        (void) close(fd);
    used_once[0] = '\0';
}

/*flanksave.c*/
