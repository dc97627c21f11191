/* NetHack 3.6	flankrecover.c	NetHack Flanking: a dead game given back */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#include "hack.h"

/*
 * The name a user's files carry (his lock when locks are named, his save):
 * his uid, then his name, with a '-' between when the name starts with a
 * digit, so that the digits before the name are always the uid alone
 * (vanilla's `save/%d%s' gave uid 100's "1alice" uid 1001's "alice").  A
 * name that does not start with a digit keeps vanilla's file name, so a
 * vanilla save of it still restores.  FALSE if it does not fit in SIZE.
 */
boolean
flank_uid_name(buf, size, uid, name)
char *buf;
size_t size;
long uid;
const char *name;
{
    int n = snprintf(buf, size, "%ld%s%s", uid, digit(*name) ? "-" : "",
                     name);

    return (boolean) (n >= 0 && (size_t) n < size);
}

#if defined(UNIX) && defined(INSURANCE)
#include <sys/stat.h>
#include <sys/file.h>
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <signal.h>
#ifdef __linux__
#include <sys/xattr.h>
#endif

/*
 * NetHack Flanking: a game whose process died (killed, out of memory, a
 * crash, a power cut: anything but a save or the game's end) is given
 * back to its player at his next start, as NetHack's own `recover' would
 * rebuild it, from its level files and the checkpoint in its level 0
 * file (save.c's savestateinlock(): the game's pid, its current level,
 * its save file's name, version, savefile info and player name, then the
 * game's state).  getlock() (unixunix.c) calls flank_recover_dead() with
 * the playground's lock held, before it picks a lock.
 *
 * What is a player's dead game is decided by facts of the system, never
 * by bytes in a file: a lock is a game in progress while a process holds
 * it (flock(): every game holds its own lock file from the moment it
 * creates it, flank_lock_hold(); the kernel drops the hold when the
 * process dies, however it dies), and the files are his when his uid owns
 * them.  His dead games are his lock files nobody holds ([a-y]lock.0, or
 * his named lock) and the sets kept aside as crashN... (by
 * flank_keep_dead(), when another player's start needed the lock, or by
 * this file).  Kept sets are named by the time they were kept, never by
 * the pid in the file, and a name already taken gets another
 * (fr_new_base()): a kept set is never replaced.
 *
 * Whether the checkpoint may be believed: with sysconf SAVEKEY set, the
 * rebuilt save is marked as the game's own, so it is rebuilt only when
 * no byte of it could have been written by the player (fr_reach()): the
 * game runs setgid or setuid, the directory of the pieces cannot be
 * entered with the player's real uid, real gid or supplementary groups
 * (nor through an access control list), and every piece is a regular file
 * of one link that he owns, opened through that directory (openat(), no
 * symlink followed).  Otherwise his dead game is kept aside unread, for
 * the admin's `recover', and he is told why.  Without SAVEKEY (a player's
 * own playground) the save is unmarked and he could edit it as well as
 * its pieces: the game is rebuilt, as before.
 *
 * A rebuilt save's pieces wait as recoveredN... once the save is written
 * whole, and the normal restore then brings it back; flank_recover_said()
 * tells the player after the restore and only then removes the pieces.
 * A restore that fails leaves them, and his next start keeps them as
 * unrestoredN... and tells him.  What is to be said waits until the
 * playground's lock is released (flank_say_pending()): a player who does
 * not answer holds no other player's start.  No random number is drawn,
 * and with no dead game nothing is done.
 */

/* level 0 file: pid, level, save file name (SAVEF, as files.c sizes it on
   Unix), version, savefile info, the name's size and the name */
#define FR_SAVESIZE (PL_NSIZ + 13)
#define FR_MAXLEV 256 /* level numbers are xchars in a save (recover.c) */
#define FR_SAYMAX 16  /* messages waiting for the lock's release */
#define FR_MSGSZ (3 * BUFSZ)

struct fr_head {
    int pid, savelev, namesz;
    char savename[FR_SAVESIZE];
    struct version_info version;
    struct savefile_info sfi;
    char name[PL_NSIZ];
};

/* a game rebuilt at this start, to be said after its restore, and the
   name its pieces wait under (recoveredN...) */
static boolean fr_done = FALSE;
static char fr_held[BUFSZ];
/* this game's hold on its own lock file (flank_lock_hold()) */
static int fr_holdfd = -1;
/* what is to be said once the playground's lock is released */
static char *fr_said[FR_SAYMAX];
static int fr_nsaid = 0;

STATIC_DCL boolean FDECL(fr_pid_gone, (int));
STATIC_DCL void FDECL(fr_clean, (char *, size_t, const char *));
STATIC_DCL void FDECL(fr_say, (const char *, const char *));
STATIC_DCL boolean FDECL(fr_piece, (char *, const char *, int));
STATIC_DCL boolean FDECL(fr_set_free, (int, const char *));
STATIC_DCL boolean FDECL(fr_new_base, (int, char *, const char *,
                                       const char *));
STATIC_DCL int FDECL(fr_rename_set, (int, const char *, const char *));
STATIC_DCL int FDECL(fr_keep, (int, const char *, char *));
STATIC_DCL int NDECL(fr_playground);
STATIC_DCL const char *FDECL(fr_reach, (int));
STATIC_DCL int FDECL(fr_open_piece, (int, const char *, int, BOOLEAN_P,
                                     const char **));
STATIC_DCL boolean FDECL(fr_read_head, (int, struct fr_head *, int *));
STATIC_DCL boolean FDECL(fr_kept_name, (const char *));
STATIC_DCL boolean FDECL(fr_copy, (int, int));
STATIC_DCL const char *FDECL(fr_rebuild, (int, const char *,
                                          struct fr_head *, BOOLEAN_P,
                                          char *));
STATIC_DCL boolean FDECL(fr_save_exists, (const char *));
STATIC_DCL void FDECL(fr_lost, (int, const char *, const char *,
                                BOOLEAN_P, BOOLEAN_P));
STATIC_DCL char **FDECL(fr_list, (int, const char *, int *));

/* does process pid no longer run on this machine?  Gone (ESRCH), or a
   zombie (Linux's /proc/PID/stat says Z, or X).  Only where a file system
   has no flock() (flank_lock_stale()): vanilla's judgement, from the pid
   the lock holds */
STATIC_OVL boolean
fr_pid_gone(pid)
int pid;
{
    char path[64], buf[512], *paren;
    FILE *fp;
    size_t n;

    if (pid <= 0)
        return FALSE;
    if (kill(pid, 0) == -1 && errno == ESRCH)
        return TRUE;
    (void) snprintf(path, sizeof path, "/proc/%d/stat", pid);
    if (!(fp = fopen(path, "r")))
        return FALSE;
    n = fread(buf, 1, sizeof buf - 1, fp);
    (void) fclose(fp);
    buf[n] = '\0';
    /* "PID (COMM) STATE ...": COMM may hold ')' itself */
    if (!(paren = rindex(buf, ')')) || paren[1] != ' ')
        return FALSE;
    return (boolean) (paren[2] == 'Z' || paren[2] == 'X');
}

/* getlock(), its lock file just created (FD) and the playground's lock
   still held: this game holds its lock file as long as its process lives
   (a descriptor of its own, closed on exec, so a shell escape's program
   does not inherit it; flock() belongs to the open file, so closing other
   descriptors of the same file, as the checkpoints do, keeps it) */
void
flank_lock_hold(fd)
int fd;
{
    if (fr_holdfd >= 0) /* a lock given up for another (a new name) */
        (void) close(fr_holdfd);
    if ((fr_holdfd = fcntl(fd, F_DUPFD_CLOEXEC, 3)) < 0)
        return; /* its lock is then judged by its pid (no flock) */
    if (flock(fr_holdfd, LOCK_EX | LOCK_NB) < 0) {
        (void) close(fr_holdfd);
        fr_holdfd = -1;
    }
}

/* is the lock file open on FD no game's?  TRUE when no process holds it
   (flank_lock_hold()): its game's process is gone, whatever the file
   says.  A player cannot hold a lock he cannot open.  Only where flock()
   does not work at all, the pid in the file is asked about */
boolean
flank_lock_stale(fd)
int fd;
{
    int pid;

    if (flock(fd, LOCK_EX | LOCK_NB) == 0) {
        (void) flock(fd, LOCK_UN);
        return TRUE;
    }
    if (errno == EWOULDBLOCK || errno == EINTR)
        return FALSE;
    if (lseek(fd, (off_t) 0, SEEK_SET) < 0
        || read(fd, (genericptr_t) &pid, sizeof pid) != sizeof pid)
        return FALSE;
    return fr_pid_gone(pid);
}

/* SRC copied into DST (SIZE bytes) as a record may hold it: a control
   character or a byte from 0x80 up (C1 controls, the bytes of a UTF-8
   line separator) made '?' */
STATIC_OVL void
fr_clean(dst, size, src)
char *dst;
size_t size;
const char *src;
{
    size_t i;

    for (i = 0; i + 1 < size && src[i]; i++)
        dst[i] = ((unsigned char) src[i] < ' '
                  || (unsigned char) src[i] >= 0x7f) ? '?' : src[i];
    dst[i] = '\0';
}

/* MSG into the paniclog now, and to the player once the playground's
   lock is released (flank_say_pending()) */
STATIC_OVL void
fr_say(type, msg)
const char *type, *msg;
{
    paniclog(type, msg);
    if (fr_nsaid < FR_SAYMAX)
        fr_said[fr_nsaid++] = dupstr(msg);
}

/* getlock(), once the playground's lock is released: what the recovery
   and the locks found is said, each waiting for a key */
void
flank_say_pending()
{
    int i;

    for (i = 0; i < fr_nsaid; i++) {
        raw_printf("%s.", upstart(fr_said[i]));
        wait_synch();
        free((genericptr_t) fr_said[i]);
    }
    fr_nsaid = 0;
}

/* the name of level LEV of the set BASE, in BUF (BUFSZ): FALSE if it does
   not fit */
STATIC_OVL boolean
fr_piece(buf, base, lev)
char *buf;
const char *base;
int lev;
{
    int n = snprintf(buf, BUFSZ, "%s.%d", base, lev);

    return (boolean) (n > 0 && n < BUFSZ);
}

/* is no file of the set BASE in the directory DFD? */
STATIC_OVL boolean
fr_set_free(dfd, base)
int dfd;
const char *base;
{
    char name[BUFSZ];
    struct stat st;
    int lev;

    for (lev = 0; lev < FR_MAXLEV; lev++)
        if (!fr_piece(name, base, lev)
            || fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0
            || errno != ENOENT)
            return FALSE;
    return TRUE;
}

/* a name for a set to be kept, in OUT (BUFSZ): PREFIX, the time now (the
   seconds of the epoch), then REST, with "_2", "_3"... after it while a
   file of that name is there.  Renames are made with the playground's
   lock held, so the name stays free.  FALSE if none is */
STATIC_OVL boolean
fr_new_base(dfd, out, prefix, rest)
int dfd;
char *out;
const char *prefix, *rest;
{
    long now = (long) time((time_t *) 0);
    int k, n;

    for (k = 1; k < 1000; k++) {
        if (k == 1)
            n = snprintf(out, BUFSZ - 8, "%s%ld%s", prefix, now, rest);
        else
            n = snprintf(out, BUFSZ - 8, "%s%ld%s_%d", prefix, now, rest, k);
        if (n <= 0 || n >= BUFSZ - 8)
            return FALSE;
        if (fr_set_free(dfd, out))
            return TRUE;
    }
    return FALSE;
}

/* renames every FROM.N to TO.N in the directory DFD: how many there were */
STATIC_OVL int
fr_rename_set(dfd, from_base, to_base)
int dfd;
const char *from_base, *to_base;
{
    char from[BUFSZ], to[BUFSZ];
    int lev, n = 0;

    for (lev = 0; lev < FR_MAXLEV; lev++)
        if (fr_piece(from, from_base, lev) && fr_piece(to, to_base, lev)
            && !renameat(dfd, from, dfd, to))
            n++;
    return n;
}

/* the set BASE kept aside under a new name crashN<BASE>, put in KEPT
   (BUFSZ): how many files; -1, KEPT empty, if no name is free */
STATIC_OVL int
fr_keep(dfd, base, kept)
int dfd;
const char *base;
char *kept;
{
    if (!fr_new_base(dfd, kept, "crash", base)) {
        *kept = '\0';
        return -1;
    }
    return fr_rename_set(dfd, base, kept);
}

/* the playground's directory of level files, opened: -1 if it cannot be */
STATIC_OVL int
fr_playground()
{
    return open(fqname(".", LEVELPREFIX, 0), O_RDONLY | O_DIRECTORY, 0);
}

/*
 * unixunix.c's keeplocks(): the lock LOCK (with its ".0") is no game's
 * (flank_lock_stale()) and another start needs it: its game's files are
 * kept aside as crashN<LOCK>.*, for its owner's next start or recover,
 * never replacing a set kept before; said once the playground's lock is
 * released.
 */
void
flank_keep_dead(lock)
const char *lock;
{
    char base[BUFSZ], kept[BUFSZ], msg[FR_MSGSZ], *dot;
    int dfd, n;

    (void) snprintf(base, sizeof base, "%s", lock);
    if ((dot = rindex(base, '.')) != 0)
        *dot = '\0';
    if ((dfd = fr_playground()) < 0)
        return;
    n = fr_keep(dfd, base, kept);
    (void) close(dfd);
    if (n < 0)
        (void) snprintf(msg, sizeof msg,
                        "the game of lock %s is gone, and no name is free"
                        " to keep its files under: left as they are",
                        base);
    else
        (void) snprintf(msg, sizeof msg,
                        "the game of lock %s is gone: %d files kept as %s,"
                        " for recover",
                        base, n, kept);
    fr_say("lock", msg);
}

/*
 * May the pieces in the directory DFD be believed?  NULL when no byte of
 * them can have been written by this player: the game runs setgid or
 * setuid (else it writes nothing he could not), and the directory cannot
 * be entered with his real uid, real gid or any of his groups, by its
 * mode bits as the kernel applies them (owner, else group, else others)
 * and with no access control list on it.  Else why not.
 */
STATIC_OVL const char *
fr_reach(dfd)
int dfd;
{
    struct stat st;
    gid_t *groups;
    int ng, i;
    boolean ingroup;

    if (getuid() == geteuid() && getgid() == getegid())
        return "the game does not run setgid, so its files are as much"
               " yours as its";
    if (fstat(dfd, &st) < 0)
        return "their directory cannot be examined";
    if (getuid() == 0)
        return "you are root";
    if (st.st_uid == getuid())
        return "you own their directory";
#ifdef __linux__
    if (fgetxattr(dfd, "system.posix_acl_access", (void *) 0, 0) >= 0)
        return "their directory has an access control list";
#endif
    ingroup = (st.st_gid == getgid());
    if (!ingroup && (ng = getgroups(0, (gid_t *) 0)) > 0) {
        groups = (gid_t *) alloc((unsigned) ng * sizeof *groups);
        ng = getgroups(ng, groups);
        for (i = 0; i < ng; i++)
            if (groups[i] == st.st_gid)
                ingroup = TRUE;
        free((genericptr_t) groups);
    }
    if (ingroup ? (st.st_mode & S_IXGRP) : (st.st_mode & S_IXOTH))
        return ingroup ? "your group can enter their directory"
                       : "every user can enter their directory";
    return (const char *) 0;
}

/* level LEV of the set BASE, opened to read through the directory DFD (no
   symlink followed); with STRICT it must be a regular file of one link
   owned by this player, else *WHY says why (a file that is not there
   is -1 with *WHY null) */
STATIC_OVL int
fr_open_piece(dfd, base, lev, strict, why)
int dfd;
const char *base;
int lev;
boolean strict;
const char **why;
{
    char name[BUFSZ];
    struct stat st;
    int fd;

    *why = (const char *) 0;
    if (!fr_piece(name, base, lev)
        || (fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW, 0)) < 0) {
        if (errno != ENOENT)
            *why = "one of its files cannot be opened";
        return -1;
    }
    if (strict
        && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_nlink != 1
            || st.st_uid != getuid())) {
        (void) close(fd);
        *why = "one of its files is not a plain file of yours with one"
               " name";
        return -1;
    }
    return fd;
}

/* the checkpoint's head from fd (at its start): TRUE if whole; *got is
   how far it was read: 0 no pid, 1 the pid only, 2 part of the rest */
STATIC_OVL boolean
fr_read_head(fd, h, got)
int fd;
struct fr_head *h;
int *got;
{
    *got = 0;
    if (read(fd, (genericptr_t) &h->pid, sizeof h->pid) != sizeof h->pid)
        return FALSE;
    *got = 1;
    if (read(fd, (genericptr_t) &h->savelev, sizeof h->savelev)
        != sizeof h->savelev)
        return FALSE;
    *got = 2;
    if (read(fd, (genericptr_t) h->savename, sizeof h->savename)
            != sizeof h->savename
        || read(fd, (genericptr_t) &h->version, sizeof h->version)
               != sizeof h->version
        || read(fd, (genericptr_t) &h->sfi, sizeof h->sfi) != sizeof h->sfi
        || read(fd, (genericptr_t) &h->namesz, sizeof h->namesz)
               != sizeof h->namesz
        || h->namesz <= 0 || h->namesz > PL_NSIZ
        || read(fd, (genericptr_t) h->name, h->namesz) != h->namesz)
        return FALSE;
    h->savename[FR_SAVESIZE - 1] = '\0';
    h->name[PL_NSIZ - 1] = '\0';
    return (boolean) (h->savelev > 0 && h->savelev < FR_MAXLEV);
}

/* is BASE a set kept aside: crashN..., recoveredN...? */
STATIC_OVL boolean
fr_kept_name(base)
const char *base;
{
    return (boolean) ((!strncmp(base, "crash", 5) && digit(base[5]))
                      || (!strncmp(base, "recovered", 9) && digit(base[9])));
}

/* this player's dead game in the set BASE cannot be given back: why, in
   the paniclog and to him once the playground's lock is released; its
   files kept aside (unless they are already: ASIDE).  UNREAD: nothing of
   it was read, so it is named by its lock, not by his name (which of his
   characters played it, only its unread checkpoint says) */
STATIC_OVL void
fr_lost(dfd, base, why, aside, unread)
int dfd;
const char *base, *why;
boolean aside, unread;
{
    char msg[FR_MSGSZ], kept[BUFSZ], name[PL_NSIZ], who[BUFSZ + 40];

    if (aside)
        (void) snprintf(kept, sizeof kept, "%s", base);
    else if (fr_keep(dfd, base, kept) < 0)
        (void) snprintf(kept, sizeof kept, "%s (no other name free)", base);
    fr_clean(name, sizeof name, plname);
    if (unread)
        (void) snprintf(who, sizeof who, "dead game of lock %s", base);
    else
        (void) snprintf(who, sizeof who, "game (%s)", name);
    (void) snprintf(msg, sizeof msg,
                    "your %s cannot be recovered: %s; its files are kept as"
                    " %s.*, not deleted, for recover",
                    who, why, kept);
    fr_say("recover", msg);
}

/* copies what is left of ifd to ofd */
STATIC_OVL boolean
fr_copy(ifd, ofd)
int ifd, ofd;
{
    char buf[BUFSIZ];
    ssize_t nfrom, nto;

    while ((nfrom = read(ifd, buf, sizeof buf)) > 0) {
        nto = flank_save_write(ofd, buf, (size_t) nfrom); /* fed its mark */
        if (nto != nfrom)
            return FALSE;
    }
    return (boolean) (nfrom == 0);
}

/* is there a save file of this name (compressed or not)? */
STATIC_OVL boolean
fr_save_exists(fq_save)
const char *fq_save;
{
    struct stat st;
    char zname[BUFSZ];

    if (!stat(fq_save, &st))
        return TRUE;
#ifdef COMPRESS_EXTENSION
    (void) snprintf(zname, sizeof zname, "%s%s", fq_save,
                    COMPRESS_EXTENSION);
    if (!stat(zname, &st))
        return TRUE;
#else
    nhUse(zname);
#endif
    return FALSE;
}

/*
 * Rebuilds the game of the set BASE (its checkpoint's head read into h)
 * into this player's save file, as util/recover.c does: the head's
 * version, savefile info and name, the current level, the rest of the
 * checkpoint (the game's state), then every other level file, each after
 * its number; every piece read through the directory DFD, and with
 * STRICT (SAVEKEY: the save will be marked) checked by fr_open_piece().
 * NULL once the save is written whole (marked, compressed) and the pieces
 * renamed HELD (BUFSZ: recoveredN...), where they wait for the restore;
 * else why not, the pieces untouched and no save left of it.
 */
STATIC_OVL const char *
fr_rebuild(dfd, base, h, strict, held)
int dfd;
const char *base;
struct fr_head *h;
boolean strict;
char *held;
{
    char fq_save[BUFSZ];
    boolean done[FR_MAXLEV];
    int gfd, lfd, sfd, lev, got;
    struct fr_head again;
    const char *why;
    xchar levc;
    boolean ok, marked;

    (void) snprintf(fq_save, sizeof fq_save, "%s",
                    fqname(SAVEF, SAVEPREFIX, 0));
    if (!check_version(&h->version, fq_save, FALSE))
        return "it was written by another version of the game";
    if (fr_save_exists(fq_save))
        return "a save file of yours is already there";
    if ((gfd = fr_open_piece(dfd, base, 0, strict, &why)) < 0)
        return why ? why : "its checkpoint cannot be read";
    /* past the head, to the game's state */
    if (!fr_read_head(gfd, &again, &got)) {
        (void) close(gfd);
        return "its checkpoint cannot be read";
    }
    if ((lfd = fr_open_piece(dfd, base, h->savelev, strict, &why)) < 0) {
        (void) close(gfd);
        return why ? why : "the file of its current level is missing";
    }
    /* every piece checked before a byte is written */
    for (lev = 1; lev < FR_MAXLEV; lev++) {
        int fd;

        done[lev] = FALSE;
        if (lev == h->savelev)
            continue;
        if ((fd = fr_open_piece(dfd, base, lev, strict, &why)) >= 0) {
            done[lev] = TRUE;
            (void) close(fd);
        } else if (why) {
            (void) close(gfd), (void) close(lfd);
            return why;
        }
    }
    if ((sfd = create_savefile()) < 0) {
        (void) close(gfd), (void) close(lfd);
        return "its save file cannot be written";
    }
    /* every byte written to sfd is fed to the save's mark (SAVEKEY), as
       dosave0() feeds its own: flank_save_write(), then flank_save_seal()
       before it is closed */
    flank_save_begin(sfd);
    ok = (flank_save_write(sfd, (genericptr_t) &h->version, sizeof h->version)
              == sizeof h->version
          && flank_save_write(sfd, (genericptr_t) &h->sfi, sizeof h->sfi)
                 == sizeof h->sfi
          && flank_save_write(sfd, (genericptr_t) &h->namesz,
                              sizeof h->namesz) == sizeof h->namesz
          && flank_save_write(sfd, (genericptr_t) h->name,
                              (size_t) h->namesz) == (ssize_t) h->namesz
          && fr_copy(lfd, sfd) && fr_copy(gfd, sfd));
    (void) close(lfd), (void) close(gfd);
    done[0] = done[h->savelev] = TRUE;
    for (lev = 1; ok && lev < FR_MAXLEV; lev++) {
        if (lev == h->savelev || !done[lev])
            continue;
        if ((lfd = fr_open_piece(dfd, base, lev, strict, &why)) < 0) {
            ok = FALSE;
            break;
        }
        levc = (xchar) lev;
        ok = (flank_save_write(sfd, (genericptr_t) &levc, sizeof levc)
                  == sizeof levc
              && fr_copy(lfd, sfd));
        (void) close(lfd);
    }
    /* the game's own save: marked as dosave0() marks one (SAVEKEY), on
       sfd before it is closed, or it would be refused as one the game
       did not write */
    marked = ok && flank_save_seal(sfd, fq_save);
    if (close(sfd) < 0)
        ok = FALSE;
    if (!ok) {
        (void) delete_savefile(); /* ours, half written: the pieces stay */
        return "its save file cannot be written whole";
    }
    if (!marked) {
        (void) delete_savefile();
        return "its save file cannot be marked (SAVEKEY)";
    }
    nh_compress(fq_save);
    /* a save written whole: the pieces wait for the restore, which
       removes them (flank_recover_said()), under a name of their own */
    if (!fr_new_base(dfd, held, "recovered",
                     fr_kept_name(base) ? base + 5 : base))
        (void) snprintf(held, BUFSZ, "%s", base);
    for (lev = 0; lev < FR_MAXLEV; lev++)
        if (done[lev] && strcmp(held, base)) {
            char from[BUFSZ], to[BUFSZ];

            if (fr_piece(from, base, lev) && fr_piece(to, held, lev))
                (void) renameat(dfd, from, dfd, to);
        }
    return (const char *) 0;
}

/* the names of the sets in DFD (their ".0" files, less the ".0") that
   KEEP accepts, MINE being this player's named lock: *N of them, each to
   be freed with the list */
STATIC_OVL char **
fr_list(dfd, mine, n)
int dfd;
const char *mine;
int *n;
{
    DIR *dir;
    struct dirent *de;
    char **seen = (char **) 0, **more, *lk;
    int len, i, room = 0, dup_fd;

    *n = 0;
    if ((dup_fd = dup(dfd)) < 0)
        return seen;
    if (!(dir = fdopendir(dup_fd))) {
        (void) close(dup_fd);
        return seen;
    }
    while ((de = readdir(dir)) != 0) {
        len = (int) strlen(de->d_name);
        if (len < 3 || len >= BUFSZ - 40
            || strcmp(de->d_name + len - 2, ".0"))
            continue;
        lk = dupstr(de->d_name);
        lk[len - 2] = '\0';
        /* a [a-y]lock, this player's named lock (a game in progress, or
           a dead one), or a set kept: crashN (aside), recoveredN (rebuilt,
           waiting for its restore) */
        if (!(!strcmp(lk, mine) || fr_kept_name(lk)
              || (strlen(lk) == 5 && !strcmp(lk + 1, "lock") && lk[0] >= 'a'
                  && lk[0] <= 'y'))) {
            free((genericptr_t) lk);
            continue;
        }
        if (*n == room) {
            room = room ? 2 * room : 32;
            more = (char **) alloc((unsigned) room * sizeof *seen);
            for (i = 0; i < *n; i++)
                more[i] = seen[i];
            if (seen)
                free((genericptr_t) seen);
            seen = more;
        }
        seen[(*n)++] = lk;
    }
    (void) closedir(dir);
    return seen;
}

/*
 * getlock()'s hook, the playground's lock held: finds this player's dead
 * games and gives back one (see above).  Its named lock (MAXPLAYERS=0,
 * debug mode) is flank_uid_name()'s <uid><name>.  The names are read
 * first, then looked at: a set renamed on the way is not met again.
 */
void
flank_recover_dead()
{
    struct fr_head h;
    struct stat st;
    char mine[BUFSZ], msg[FR_MSGSZ], held[BUFSZ], why2[BUFSZ];
    char name[PL_NSIZ], **seen;
    const char *why, *base, *reach;
    int dfd, fd, got, i, nseen;
    boolean whole, kept, named, waited, savekey;

    if (fr_done || !*plname)
        return;
    /* a fuzz run starts afresh, never restoring (unixmain.c): a save
       rebuilt now would wait for a start that does */
    if (iflags.fuzz_replay && !iflags.fuzz_restore)
        return;
    /* a name too long for a save file's name with this uid is refused
       by unixmain.c, and never reaches set_savefile_name()'s error()
       from here, where the playground's lock is held */
    if (!flank_uid_name(mine, FR_SAVESIZE - 7, (long) getuid(), plname))
        return;
    regularize(mine);
    set_savefile_name(TRUE);
    if ((dfd = fr_playground()) < 0)
        return;
    savekey = (sysopt.savekey && *sysopt.savekey);
    reach = savekey ? fr_reach(dfd) : (const char *) 0;
    fr_clean(name, sizeof name, plname);
    seen = fr_list(dfd, mine, &nseen);

    for (i = 0; i < nseen; i++) {
        base = seen[i];
        kept = fr_kept_name(base);
        waited = kept && *base == 'r';
        named = !kept && !strcmp(base, mine);
        if (fr_done && !waited)
            continue; /* one game a start */
        if (!fr_piece(held, base, 0)
            || (fd = openat(dfd, held, O_RDONLY | O_NOFOLLOW, 0)) < 0)
            continue;
        /* his: his uid owns it (a player cannot plant a game for
           another); dead: no process holds it (flank_lock_stale()) */
        if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)
            || st.st_uid != getuid() || (!kept && !flank_lock_stale(fd))) {
            (void) close(fd);
            continue;
        }
        if (reach) {
            /* SAVEKEY, and he could have written every byte: nothing of
               it is read, let alone marked; a dead lock of his is kept
               aside for the admin, a set kept already stays */
            (void) close(fd);
            if (!kept) {
                (void) snprintf(why2, sizeof why2,
                                "its files were within your reach (%s),"
                                " so the game cannot vouch for them",
                                reach);
                fr_lost(dfd, base, why2, FALSE, TRUE);
            }
            continue;
        }
        whole = fr_read_head(fd, &h, &got);
        (void) close(fd);
        if (!got)
            continue; /* no pid: not a lock */
        /* the checkpoint names him and his save file; one cut short is
           known his only by its lock's name */
        if (!whole) {
            if (named)
                fr_lost(dfd, base,
                        got == 1 ? "it holds no checkpoint (killed before"
                                   " its first, or checkpoints off)"
                                 : "its checkpoint is cut short",
                        FALSE, FALSE);
            continue;
        }
        if (strcmp(h.name, plname) || strcmp(h.savename, SAVEF))
            continue;
        if (waited) {
            /* rebuilt at an earlier start, whose restore did not come
               through: its state is damaged (vanilla deleted the save) */
            if (!fr_new_base(dfd, held, "unrestored", base + 9))
                continue;
            (void) fr_rename_set(dfd, base, held);
            (void) snprintf(msg, sizeof msg,
                            "your game (%s) was rebuilt from its checkpoint"
                            " but could not be restored (its checkpoint is"
                            " damaged); its files are kept as %s.*, not"
                            " deleted",
                            name, held);
            fr_say("recover", msg);
            continue;
        }
        if ((why = fr_rebuild(dfd, base, &h, savekey, held)) != 0) {
            /* kept already: said at every start of his, which tries
               again (a save in the way may be gone by then) */
            fr_lost(dfd, base, why, kept, FALSE);
            continue;
        }
        fr_done = TRUE;
        (void) snprintf(fr_held, sizeof fr_held, "%s", held);
        (void) snprintf(msg, sizeof msg,
                        "the game of %s (files %s.*) rebuilt from its"
                        " checkpoint into %s, its pieces waiting as %s.*",
                        name, base, SAVEF, held);
        paniclog("recover", msg);
    }
    for (i = 0; i < nseen; i++)
        free((genericptr_t) seen[i]);
    if (seen)
        free((genericptr_t) seen);
    (void) close(dfd);
}

/* after the restore (unixmain.c): the player told that his game was
   recovered, at the turn its checkpoint had */
void
flank_recover_said()
{
    char msg[FR_MSGSZ], name[PL_NSIZ], piece[BUFSZ];
    int lev, dfd;

    if (!fr_done)
        return;
    /* one line of 80 columns up to turn 9999 */
    pline("Your game was recovered from its last checkpoint (turn %ld);"
          " its process died.",
          moves);
    fr_clean(name, sizeof name, plname);
    (void) snprintf(msg, sizeof msg, "the game of %s restored at turn %ld",
                    name, moves);
    paniclog("recover", msg);
    /* restored: the pieces are no longer needed */
    if ((dfd = fr_playground()) >= 0) {
        for (lev = 0; lev < FR_MAXLEV; lev++)
            if (fr_piece(piece, fr_held, lev))
                (void) unlinkat(dfd, piece, 0);
        (void) close(dfd);
    }
    fr_done = FALSE;
}

#else /* !(UNIX && INSURANCE) */

void
flank_lock_hold(fd)
int fd;
{
    nhUse(fd);
}

boolean
flank_lock_stale(fd)
int fd;
{
    nhUse(fd);
    return FALSE;
}

void
flank_keep_dead(lock)
const char *lock;
{
    nhUse(lock);
}

void
flank_say_pending()
{
    return;
}

void
flank_recover_dead()
{
    return;
}

void
flank_recover_said()
{
    return;
}
#endif

/*flankrecover.c*/
