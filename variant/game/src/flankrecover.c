/* NetHack 3.6	flankrecover.c	NetHack Flanking: a dead game given back */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#include "hack.h"

#if defined(UNIX) && defined(INSURANCE)
#include <sys/stat.h>
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <signal.h>

/*
 * NetHack Flanking: a game whose process died (killed, out of memory, a
 * crash, a power cut: anything but a save or the game's end) is given
 * back to its player at his next start, as NetHack's own `recover' would
 * rebuild it, from its level files and the checkpoint in its level 0
 * file (save.c's savestateinlock(): the game's pid, its current level,
 * its save file's name, version, savefile info and player name, then the
 * game's state).  getlock() (unixunix.c) calls flank_recover_dead() with
 * the playground's lock held, before it picks a lock: this player's dead
 * games are the lock files whose process is gone (or a zombie) and the
 * files kept aside as crashPIDLOCK.N (by unixunix.c's keeplocks() when
 * another player's start needed the lock, or by this file), whose
 * checkpoint names this player and his save file and which he owns.
 * One of them is rebuilt into his save file (marked with sysconf SAVEKEY,
 * as the game's own saves are), its pieces renamed recoveredPIDLOCK.N once
 * the save is written whole, and the normal restore then brings it back;
 * flank_recover_said() tells the player after the restore and only then
 * removes the pieces.  A restore that fails (a checkpoint cut short in the
 * game's state: vanilla then deletes the save) leaves them, and his next
 * start keeps them as unrestoredPIDLOCK.N and tells him.  A dead game of
 * his that cannot be rebuilt is kept aside as crashPIDLOCK.N (never
 * deleted), and he is told why; another player's is left as it is.  No
 * random number is drawn, and with no dead game nothing is done.
 */

/* level 0 file: pid, level, save file name (SAVEF, as files.c sizes it on
   Unix), version, savefile info, the name's size and the name */
#define FR_SAVESIZE (PL_NSIZ + 13)
#define FR_MAXLEV 256 /* level numbers are xchars in a save (recover.c) */

struct fr_head {
    int pid, savelev, namesz;
    char savename[FR_SAVESIZE];
    struct version_info version;
    struct savefile_info sfi;
    char name[PL_NSIZ];
};

/* what the restore is to say: the process whose game was rebuilt, and
   the name its pieces wait under (recoveredPIDLOCK) */
static int fr_pid = 0;
static char fr_held[BUFSZ];


STATIC_DCL boolean FDECL(fr_read_head, (int, struct fr_head *, int *));
STATIC_DCL const char *FDECL(fr_levname, (const char *, int));
STATIC_DCL boolean FDECL(fr_kept_name, (const char *));
STATIC_DCL const char *FDECL(fr_lock_of, (const char *, int));
STATIC_DCL boolean FDECL(fr_copy, (int, int));
STATIC_DCL const char *FDECL(fr_rebuild, (const char *, struct fr_head *,
                                          const char *));
STATIC_DCL boolean FDECL(fr_save_exists, (const char *));
STATIC_DCL void FDECL(fr_lost, (const char *, int, const char *, BOOLEAN_P));

/* does process pid no longer run on this machine?  Gone (ESRCH), or a
   zombie: dead, but not yet reaped by its parent, kill(pid, 0) still
   finds it (Linux's /proc/PID/stat says Z, or X) */
boolean
flank_pid_gone(pid)
int pid;
{
    char path[64], buf[512], *paren;
    FILE *fp;
    size_t n;

    if (pid <= 0)
        return FALSE;
    if (kill(pid, 0) == -1 && errno == ESRCH)
        return TRUE;
    Sprintf(path, "/proc/%d/stat", pid);
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

/* the level file LEV of the game whose files are named BASE.N, in the
   playground (a static buffer of fqname()'s) */
STATIC_OVL const char *
fr_levname(base, lev)
const char *base;
int lev;
{
    char name[BUFSZ];

    Sprintf(name, "%.*s.%d", BUFSZ - 8, base, lev);
    return fqname(name, LEVELPREFIX, 1);
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

/* renames every FROM.N to TO.N, a dead game's lock and level files (to
   crashPIDLOCK.N when it is kept aside, here and by unixunix.c's
   keeplocks()): how many files there were */
int
flank_rename_game(from_base, to_base)
const char *from_base, *to_base;
{
    char from[BUFSZ], to[BUFSZ];
    int lev, n = 0;

    for (lev = 0; lev < FR_MAXLEV; lev++) {
        Strcpy(from, fr_levname(from_base, lev));
        Strcpy(to, fr_levname(to_base, lev));
        if (!rename(from, to))
            n++;
    }
    return n;
}

/* is BASE a set kept aside: crashPID..., recoveredPID...?  (The pid
   runs into a named lock's uid: which digits are which, only the pid in
   the file says: fr_lock_of().) */
STATIC_OVL boolean
fr_kept_name(base)
const char *base;
{
    return (boolean) ((!strncmp(base, "crash", 5) && digit(base[5]))
                      || (!strncmp(base, "recovered", 9) && digit(base[9])));
}

/* the lock of a set of files whose process was PID: BASE itself (alock,
   <uid><name>), or BASE less its prefix and pid (crashPIDalock,
   recoveredPIDalock); NULL if a kept name does not carry that pid */
STATIC_OVL const char *
fr_lock_of(base, pid)
const char *base;
int pid;
{
    char pre[40];
    size_t n;

    if (!fr_kept_name(base))
        return base;
    Sprintf(pre, "%s%d", *base == 'c' ? "crash" : "recovered", pid);
    n = strlen(pre);
    return (!strncmp(base, pre, n) && base[n]) ? base + n : (const char *) 0;
}

/* this player's dead game in BASE.N cannot be given back: why, said to
   him and in the paniclog; its files kept aside (unless they are already:
   ASIDE) */
STATIC_OVL void
fr_lost(base, pid, why, aside)
const char *base;
int pid;
const char *why;
boolean aside;
{
    char msg[BUFSZ], kept[BUFSZ];

    if (aside)
        Strcpy(kept, base);
    else {
        Sprintf(kept, "crash%d%.*s", pid, BUFSZ - 40, base);
        (void) flank_rename_game(base, kept);
    }
    Sprintf(msg,
            "your game of process %d (%.32s) cannot be recovered: %.100s;"
            " its files are kept as %.80s.*, not deleted, for recover",
            pid, plname, why, kept);
    paniclog("recover", msg);
    raw_printf("%s.", upstart(msg));
    wait_synch();
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
    Sprintf(zname, "%.*s%s", BUFSZ - 16, fq_save, COMPRESS_EXTENSION);
    if (!stat(zname, &st))
        return TRUE;
#else
    nhUse(zname);
#endif
    return FALSE;
}

/*
 * Rebuilds the game of BASE.N (its checkpoint's head read into h) into
 * this player's save file, as util/recover.c does: the head's version,
 * savefile info and name, the current level, the rest of the checkpoint
 * (the game's state), then every other level file, each after its
 * number.  NULL once the save is written whole (marked, compressed) and
 * the pieces renamed HELD.N, where they wait for the restore; else why
 * not, the pieces untouched and no save left of it.
 */
STATIC_OVL const char *
fr_rebuild(base, h, held)
const char *base;
struct fr_head *h;
const char *held;
{
    static char why[BUFSZ];
    char fq_save[BUFSZ];
    boolean done[FR_MAXLEV];
    int gfd, lfd, sfd, lev;
    xchar levc;
    boolean ok, marked;

    Strcpy(fq_save, fqname(SAVEF, SAVEPREFIX, 0));
    if (!check_version(&h->version, fq_save, FALSE))
        return "it was written by another version of the game";
    if (fr_save_exists(fq_save))
        return "a save file of yours is already there";
    if ((gfd = open(fr_levname(base, 0), O_RDONLY, 0)) < 0)
        return "its checkpoint cannot be read";
    /* past the head, to the game's state */
    {
        struct fr_head again;
        int got;

        if (!fr_read_head(gfd, &again, &got)) {
            (void) close(gfd);
            return "its checkpoint cannot be read";
        }
    }
    if ((lfd = open(fr_levname(base, h->savelev), O_RDONLY, 0)) < 0) {
        (void) close(gfd);
        return "the file of its current level is missing";
    }
    if ((sfd = create_savefile()) < 0) {
        (void) close(gfd), (void) close(lfd);
        Sprintf(why, "its save file %.100s cannot be written", SAVEF);
        return why;
    }
    for (lev = 0; lev < FR_MAXLEV; lev++)
        done[lev] = FALSE;
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
        if (lev == h->savelev
            || (lfd = open(fr_levname(base, lev), O_RDONLY, 0)) < 0)
            continue;
        levc = (xchar) lev;
        ok = (flank_save_write(sfd, (genericptr_t) &levc, sizeof levc)
                  == sizeof levc
              && fr_copy(lfd, sfd));
        (void) close(lfd);
        done[lev] = TRUE;
    }
    /* the game's own save: marked as dosave0() marks one (SAVEKEY), on
       sfd before it is closed, or it would be refused as one the game
       did not write */
    marked = ok && flank_save_seal(sfd, fq_save);
    if (close(sfd) < 0)
        ok = FALSE;
    if (!ok) {
        (void) delete_savefile(); /* ours, half written: the pieces stay */
        Sprintf(why, "its save file %.100s cannot be written whole", SAVEF);
        return why;
    }
    if (!marked) {
        (void) delete_savefile();
        return "its save file cannot be marked (SAVEKEY)";
    }
    nh_compress(fq_save);
    /* a save written whole: the pieces wait for the restore, which
       removes them (flank_recover_said()) */
    for (lev = 0; lev < FR_MAXLEV; lev++)
        if (done[lev]) {
            char to[BUFSZ];

            Strcpy(to, fr_levname(held, lev));
            (void) rename(fr_levname(base, lev), to);
        }
    return (const char *) 0;
}

/*
 * getlock()'s hook, the playground's lock held: finds this player's dead
 * games and gives back one (see above).  MINE is the lock a game of his
 * takes when locks are named (MAXPLAYERS=0, debug mode): <uid><name>.
 * The names are read first, then looked at: a set renamed on the way is
 * not met again under its new name.
 */
void
flank_recover_dead()
{
    DIR *dir;
    struct dirent *de;
    struct fr_head h;
    struct stat st;
    char mine[BUFSZ], msg[BUFSZ], dirname[BUFSZ], held[BUFSZ];
    char **seen = (char **) 0, **more;
    const char *why, *base, *lk;
    int fd, got, len, i, nseen = 0, room = 0;
    boolean whole, kept, named, waited;

    if (fr_pid || !*plname)
        return;
    /* a fuzz run starts afresh, never restoring (unixmain.c): a save
       rebuilt now would wait for a start that does */
    if (iflags.fuzz_replay && !iflags.fuzz_restore)
        return;
    Sprintf(mine, "%u%.*s", (unsigned) getuid(), PL_NSIZ, plname);
    regularize(mine);
    set_savefile_name(TRUE);
    Strcpy(dirname, fqname(".", LEVELPREFIX, 0));
    if (!(dir = opendir(dirname)))
        return;
    while ((de = readdir(dir)) != 0) {
        len = (int) strlen(de->d_name);
        if (len < 3 || len >= BUFSZ - 40
            || strcmp(de->d_name + len - 2, ".0"))
            continue;
        if (nseen == room) {
            room = room ? 2 * room : 32;
            more = (char **) alloc((unsigned) room * sizeof *seen);
            for (i = 0; i < nseen; i++)
                more[i] = seen[i];
            if (seen)
                free((genericptr_t) seen);
            seen = more;
        }
        seen[nseen] = dupstr(de->d_name);
        seen[nseen][len - 2] = '\0';
        lk = seen[nseen];
        /* a [a-y]lock, this player's named lock (a game in progress, or
           a dead one), or a set kept: crashPID (aside), recoveredPID
           (rebuilt, waiting for its restore) */
        if (!strcmp(lk, mine) || fr_kept_name(lk)
            || (strlen(lk) == 5 && !strcmp(lk + 1, "lock") && lk[0] >= 'a'
                && lk[0] <= 'y'))
            nseen++;
        else
            free((genericptr_t) seen[nseen]);
    }
    (void) closedir(dir);

    for (i = 0; i < nseen; i++) {
        base = seen[i];
        kept = fr_kept_name(base);
        waited = kept && *base == 'r';
        named = !kept && !strcmp(base, mine);
        if (fr_pid && !waited)
            continue; /* one game a start */
        if ((fd = open(fr_levname(base, 0), O_RDONLY, 0)) < 0)
            continue;
        whole = fr_read_head(fd, &h, &got);
        if (fstat(fd, &st) < 0)
            got = 0;
        (void) close(fd);
        if (!got)
            continue; /* no pid: being written, or not a lock */
        if (!(lk = fr_lock_of(base, h.pid)))
            continue; /* kept under another process's number: not ours */
        if (!kept && !flank_pid_gone(h.pid))
            continue; /* a game in progress (vanilla's getlock() asks,
                         for this player's own named lock) */
        /* his: he owns the files (a player cannot plant a game for
           another), and the checkpoint names him and his save file; a
           checkpoint cut short is known his only by its lock's name */
        if (st.st_uid != getuid())
            continue;
        if (!whole) {
            if (named)
                fr_lost(base, h.pid,
                        got == 1 ? "it holds no checkpoint (killed before"
                                   " its first, or checkpoints off)"
                                 : "its checkpoint is cut short",
                        FALSE);
            continue;
        }
        if (strcmp(h.name, plname) || strcmp(h.savename, SAVEF))
            continue;
        if (waited) {
            /* rebuilt at an earlier start, whose restore did not come
               through: its state is damaged (vanilla deleted the save) */
            Sprintf(held, "unrestored%d%.*s", h.pid, BUFSZ - 40, lk);
            (void) flank_rename_game(base, held);
            Sprintf(msg,
                    "your game of process %d (%.32s) was rebuilt from its"
                    " checkpoint but could not be restored (its checkpoint"
                    " is damaged); its files are kept as %.80s.*, not"
                    " deleted",
                    h.pid, plname, held);
            paniclog("recover", msg);
            raw_printf("%s.", upstart(msg));
            wait_synch();
            continue;
        }
        Sprintf(held, "recovered%d%.*s", h.pid, BUFSZ - 40, lk);
        if ((why = fr_rebuild(base, &h, held)) != 0) {
            /* kept already: said at every start of his, which tries
               again (a save in the way may be gone by then) */
            fr_lost(base, h.pid, why, kept);
            continue;
        }
        fr_pid = h.pid;
        Strcpy(fr_held, held);
        Sprintf(msg,
                "the game of %.32s (process %d, files %.80s.*) rebuilt from"
                " its checkpoint into %.80s",
                plname, h.pid, base, SAVEF);
        paniclog("recover", msg);
    }
    for (i = 0; i < nseen; i++)
        free((genericptr_t) seen[i]);
    if (seen)
        free((genericptr_t) seen);
}

/* after the restore (unixmain.c): the player told that his game was
   recovered, at the turn its checkpoint had */
void
flank_recover_said()
{
    char msg[BUFSZ];
    int lev;

    if (!fr_pid)
        return;
    /* one line of 80 columns up to turn 9999 */
    pline("Your game was recovered from its last checkpoint (turn %ld);"
          " its process died.",
          moves);
    Sprintf(msg, "the game of %.32s (process %d) restored at turn %ld",
            plname, fr_pid, moves);
    paniclog("recover", msg);
    /* restored: the pieces are no longer needed */
    for (lev = 0; lev < FR_MAXLEV; lev++)
        (void) unlink(fr_levname(fr_held, lev));
    fr_pid = 0;
}

#else /* !(UNIX && INSURANCE) */

boolean
flank_pid_gone(pid)
int pid;
{
    nhUse(pid);
    return FALSE;
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
