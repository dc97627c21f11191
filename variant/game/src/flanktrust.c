/* NetHack 3.6	flanktrust.c	NetHack Flanking: files read back, checked */
/* NetHack Flanking may be freely redistributed.  See license for details. */

#include "hack.h"
#include "lev.h"
#include <sys/types.h>
#include <sys/wait.h>
#include <sys/stat.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

/*
 * NetHack Flanking: the game trusts no number it reads back from a file.
 *
 * A level file, a bones file or a save holds numbers that the game uses
 * as indices into its tables (a glyph, a monster's or an object's type, a
 * room's number) or as the function a timer or a region calls.  Every one
 * of them is checked where the restore code reads it (patch 0047's
 * hooks call flank_trust_*() below), and a bad one never reaches a table
 * or a call: flank_trust_bad() refuses the file.
 *
 * What a refusal does depends on what is being read:
 *
 *  - A level file (goto_level(), and dosave0() before it writes a save)
 *    and a bones file (getbones()) are read first by a child of the game
 *    (flank_trust_check()): the child runs getlev() on the file, then the
 *    game's own sanity checks, and tells the parent whether it loaded
 *    sane, or why not.  The child's end (a check failed, a panic, an
 *    impossible(), even a crash) is the parent's answer: a file the child
 *    could not load is renamed FILE.refused (never replaced, never
 *    deleted), the player told which file and why, the paniclog told,
 *    and the game goes on without it (a bones level is made afresh, a
 *    level whose file is refused is made anew).  The parent reads only a
 *    file its child loaded, with the same code on the same state, and
 *    draws no random number for the check.
 *  - A save (dorecover()) is read in place: a bad number ends the
 *    restore at once; the save is kept aside, the player told why, and
 *    the game exits with the level files it wrote removed, so that his
 *    next start is a new game.
 *  - Anywhere else (a child that could not be started) a bad number is a
 *    panic, never an index or a call.
 *
 * A program the game runs inherits none of its descriptors: flankexec.c.
 */

extern char bones[]; /* files.c: the name of the bones file in hand */
extern int n_dgns;   /* dungeon.c: the number of dungeons */

boolean flank_trust_child = FALSE; /* in a check's child */
static int trust_pipe = -1;        /* the child's end of its pipe */
static int trust_refusals = 0;     /* files refused in this game */

STATIC_DCL void NDECL(trust_child_sane);
STATIC_DCL struct obj *FDECL(trust_unbilled, (struct obj *));
STATIC_DCL int FDECL(trust_wallmodes, (int));
STATIC_DCL void FDECL(flank_trust_level, (d_level *, const char *));
STATIC_DCL void FDECL(trust_aside, (const char *, char *, int));
STATIC_DCL boolean FDECL(trust_check, (int, int, XCHAR_P, BOOLEAN_P,
                                       BOOLEAN_P, char *));
STATIC_DCL void FDECL(trust_refused, (const char *, const char *,
                                      const char *, const char *));

/* in the child: say why the file is refused and end the check */
void
flank_trust_child_end(why)
const char *why;
{
    size_t n = strlen(why);

    if (trust_pipe >= 0 && n)
        (void) write(trust_pipe, why, n);
    _exit(3);
}

/* a number read back from a file is bad: refuse the file */
void
flank_trust_bad(why)
const char *why;
{
    if (flank_trust_child)
        flank_trust_child_end(why);
    if (restoring)
        flank_trust_save_bad(why);
    panic("a file read back %s", why);
}

/* a bad value VAL of WHAT (for the message) */
STATIC_OVL void
trust_badval(what, val)
const char *what;
long val;
{
    char buf[BUFSZ];

    Sprintf(buf, "has a bad %.100s (%ld)", what, val);
    flank_trust_bad(buf);
}

#define TRUST_MON(m) ((m) >= LOW_PM && (m) < NUMMONS)
#define TRUST_MON_OR_NONE(m) ((m) == NON_PM || TRUST_MON(m))
/* a room number as a shopkeeper's or a priest's: an index of rooms[],
   whose second half is the subrooms (Minetown's shops and temples are
   subrooms of its town: their numbers are above MAXNROFROOMS) */
#define TRUST_ROOMNO(r) \
    ((r) >= ROOMOFFSET && (r) - ROOMOFFSET < (MAXNROFROOMS + 1) * 2)
#define TRUST_XY(x, y) ((x) >= 1 && (x) < COLNO && (y) >= 0 && (y) < ROWNO)

/* a square a file names, or <0,0> where ZERO allows it */
void
flank_trust_xy(x, y, zero, what)
int x, y;
boolean zero;
const char *what;
{
    if (!TRUST_XY(x, y) && !(zero && !x && !y))
        trust_badval(what, (long) x * 1000L + (long) y);
}

/* a level a file names (a portal's, the branch stairs'): one of this
   game's dungeons.  dorecover() reads the hero's level before the
   dungeons (n_dgns still 0): then only the arrays' bounds are known, and
   the level is checked whole when dorecover() reads it again at its end */
STATIC_OVL void
flank_trust_level(lev, what)
d_level *lev;
const char *what;
{
    if (lev->dnum < 0 || lev->dnum >= (n_dgns ? n_dgns : MAXDUNGEON)
        || lev->dlevel < 1
        || lev->dlevel > (n_dgns ? dungeons[lev->dnum].num_dunlevs
                                 : MAXLEVEL))
        trust_badval(what, (long) lev->dnum * 1000L + (long) lev->dlevel);
}

/* the largest wall mode (rm.h's WM_*) display.c's wall_angle() knows for
   terrain TYP; for what is not a wall the bits are other flags */
STATIC_OVL int
trust_wallmodes(typ)
int typ;
{
    switch (typ) {
    case VWALL:
    case HWALL:
    case TLCORNER:
    case TRCORNER:
    case BLCORNER:
    case BRCORNER:
        return 2;
    case TUWALL:
    case TDWALL:
    case TLWALL:
    case TRWALL:
        return 3;
    case CROSSWALL:
        return 6;
    default:
        return WM_MASK;
    }
}

/* the level's map, as getlev() read it: terrain, remembered glyphs and
   remembered terrain */
void
flank_trust_levl()
{
    int x, y;

    for (x = 0; x < COLNO; x++)
        for (y = 0; y < ROWNO; y++) {
            if (levl[x][y].glyph < 0 || levl[x][y].glyph >= MAX_GLYPH)
                trust_badval("remembered glyph", (long) levl[x][y].glyph);
            if (levl[x][y].typ < STONE || levl[x][y].typ >= MAX_TYPE)
                trust_badval("terrain type", (long) levl[x][y].typ);
            if ((levl[x][y].wall_info & WM_MASK)
                > trust_wallmodes(levl[x][y].typ))
                trust_badval("wall's mode",
                             (long) (levl[x][y].wall_info & WM_MASK));
            if (lastseentyp[x][y] < STONE || lastseentyp[x][y] >= MAX_TYPE)
                trust_badval("remembered terrain type",
                             (long) lastseentyp[x][y]);
        }
}

/* one room (or subroom) rest_room() read; NSUB: subrooms read so far */
void
flank_trust_room(r, nsub)
struct mkroom *r;
int nsub;
{
    if (r->nsubrooms < 0 || r->nsubrooms > MAX_SUBROOMS
        || nsub + r->nsubrooms > MAXNROFROOMS)
        trust_badval("number of subrooms", (long) r->nsubrooms);
    if (r->lx < 0 || r->hx >= COLNO || r->ly < 0 || r->hy >= ROWNO)
        trust_badval("room corner", (long) r->lx);
    if (r->fdoor < 0 || r->doorct < 0 || r->fdoor + r->doorct > DOORMAX)
        trust_badval("room's doors", (long) r->fdoor);
}

/* the number of rooms rest_rooms() read, and the level's stairs and
   doors (getlev()) */
void
flank_trust_rooms()
{
    if (nroom < 0 || nroom > MAXNROFROOMS)
        trust_badval("number of rooms", (long) nroom);
}

/* the stairs, ladders, level regions and doors getlev() read */
void
flank_trust_stairs()
{
    int i;
    stairway *st[5];
    dest_area *da[2];

    st[0] = &upstair, st[1] = &dnstair, st[2] = &upladder;
    st[3] = &dnladder, st[4] = &sstairs;
    for (i = 0; i < 5; i++)
        flank_trust_xy(st[i]->sx, st[i]->sy, TRUE, "stairway");
    if (sstairs.sx)
        flank_trust_level(&sstairs.tolev, "branch stairs' level");
    da[0] = &updest, da[1] = &dndest;
    for (i = 0; i < 2; i++)
        if (da[i]->lx < 0 || da[i]->hx >= COLNO || da[i]->ly < 0
            || da[i]->hy >= ROWNO || da[i]->nlx < 0 || da[i]->nhx >= COLNO
            || da[i]->nly < 0 || da[i]->nhy >= ROWNO)
            trust_badval("level region", (long) da[i]->lx);
    for (i = 0; i < DOORMAX; i++)
        if (doors[i].x || doors[i].y)
            flank_trust_xy(doors[i].x, doors[i].y, FALSE, "door");
}

/* one monster restmon() read, before its type is looked up */
void
flank_trust_mon(mtmp)
struct monst *mtmp;
{
    if (!TRUST_MON(mtmp->mnum))
        trust_badval("monster type", (long) mtmp->mnum);
    if (!TRUST_MON_OR_NONE(mtmp->cham))
        trust_badval("shapechanger's type", (long) mtmp->cham);
    if (mtmp->m_ap_type & ~(M_AP_TYPMASK | M_AP_F_DKNOWN))
        trust_badval("mimic's disguise", (long) mtmp->m_ap_type);
    switch (mtmp->m_ap_type & M_AP_TYPMASK) {
    case M_AP_NOTHING:
        break;
    case M_AP_FURNITURE:
        if (mtmp->mappearance >= MAXPCHARS)
            trust_badval("mimic's furniture", (long) mtmp->mappearance);
        break;
    case M_AP_OBJECT:
        if (mtmp->mappearance >= NUM_OBJECTS)
            trust_badval("mimic's object", (long) mtmp->mappearance);
        break;
    case M_AP_MONSTER:
        if (mtmp->mappearance >= NUMMONS)
            trust_badval("mimic's monster", (long) mtmp->mappearance);
        break;
    default:
        trust_badval("mimic's disguise", (long) mtmp->m_ap_type);
    }
    /* what the restore and the game look up in its extensions */
    if ((mtmp->isshk && !has_eshk(mtmp)) || (mtmp->ispriest && !has_epri(mtmp))
        || (mtmp->isgd && !has_egd(mtmp))
        || (mtmp->isminion && !has_emin(mtmp))
        || (mtmp->mtame && !has_edog(mtmp) && !mtmp->isminion))
        trust_badval("monster's extension", 0L);
    if (mtmp->mextra) {
        if (has_mcorpsenm(mtmp) && !TRUST_MON_OR_NONE(MCORPSENM(mtmp)))
            trust_badval("mimic's corpse", (long) MCORPSENM(mtmp));
        if (EGD(mtmp)
            && (EGD(mtmp)->fcbeg < 0 || EGD(mtmp)->fcend < EGD(mtmp)->fcbeg
                || EGD(mtmp)->fcend > FCSIZ))
            trust_badval("guard's corridor", (long) EGD(mtmp)->fcend);
        if (EGD(mtmp)) {
            int i;

            for (i = EGD(mtmp)->fcbeg; i < EGD(mtmp)->fcend; i++)
                flank_trust_xy(EGD(mtmp)->fakecorr[i].fx,
                               EGD(mtmp)->fakecorr[i].fy, FALSE,
                               "guard's corridor square");
        }
        if (EPRI(mtmp) && !TRUST_ROOMNO(EPRI(mtmp)->shroom))
            trust_badval("temple room", (long) EPRI(mtmp)->shroom);
        if (ESHK(mtmp)
            && (ESHK(mtmp)->billct < 0 || ESHK(mtmp)->billct > BILLSZ))
            trust_badval("shop's bill", (long) ESHK(mtmp)->billct);
        if (ESHK(mtmp) && !TRUST_ROOMNO(ESHK(mtmp)->shoproom))
            trust_badval("shop's room", (long) ESHK(mtmp)->shoproom);
        if (ESHK(mtmp)
            && (!memchr(ESHK(mtmp)->customer, '\0', PL_NSIZ)
                || !memchr(ESHK(mtmp)->shknam, '\0', PL_NSIZ)))
            trust_badval("shopkeeper's names", 0L);
    }
}

/* one object restobj() read, before its type is looked up */
void
flank_trust_obj(otmp)
struct obj *otmp;
{
    if (otmp->otyp < STRANGE_OBJECT || otmp->otyp >= NUM_OBJECTS)
        trust_badval("object type", (long) otmp->otyp);
    if (otmp->oclass != objects[otmp->otyp].oc_class)
        trust_badval("object class", (long) otmp->oclass);
    if (otmp->where < OBJ_FREE || otmp->where >= NOBJ_STATES)
        trust_badval("object's place", (long) otmp->where);
    if (otmp->oartifact < 0 || otmp->oartifact > NROFARTIFACTS)
        trust_badval("artifact", (long) otmp->oartifact);
    switch (otmp->otyp) {
    case CORPSE:
    case STATUE:
    case FIGURINE:
        if (!TRUST_MON(otmp->corpsenm))
            trust_badval("corpse or statue type", (long) otmp->corpsenm);
        break;
    case EGG:
    case TIN:
        if (!TRUST_MON_OR_NONE(otmp->corpsenm))
            trust_badval("egg or tin type", (long) otmp->corpsenm);
        break;
    }
    if (has_omonst(otmp)) {
        struct monst *m = OMONST(otmp);

        flank_trust_mon(m);
    }
}

/* the chains getlev() read, before they are put on the map */
void
flank_trust_floor()
{
    struct monst *mtmp;
    struct trap *t;
    struct obj *otmp;

    for (mtmp = fmon; mtmp; mtmp = mtmp->nmon)
        flank_trust_xy(mtmp->mx, mtmp->my, (boolean) mtmp->isgd,
                       "monster's square");
    for (t = ftrap; t; t = t->ntrap) {
        flank_trust_xy(t->tx, t->ty, FALSE, "trap's square");
        if (t->ttyp <= NO_TRAP || t->ttyp >= TRAPNUM)
            trust_badval("trap type", (long) t->ttyp);
        if (t->ttyp == MAGIC_PORTAL)
            flank_trust_level(&t->dst, "portal's level");
        if (t->ttyp == ROLLING_BOULDER_TRAP) {
            flank_trust_xy(t->launch.x, t->launch.y, FALSE, "boulder's start");
            /* launch2 shares its bytes with launch_otyp (trap.h) */
            flank_trust_xy(t->launch2.x, t->launch2.y, FALSE, "boulder's end");
        }
    }
    for (otmp = fobj; otmp; otmp = otmp->nobj)
        flank_trust_xy(otmp->ox, otmp->oy, FALSE, "object's square");
}

/* the buried objects getlev() read */
void
flank_trust_buried()
{
    struct obj *otmp;

    for (otmp = level.buriedobjlist; otmp; otmp = otmp->nobj)
        flank_trust_xy(otmp->ox, otmp->oy, FALSE, "buried object's square");
}

/* one timer restore_timers() read, before it is put in the queue */
void
flank_trust_timer(t)
timer_element *t;
{
    if (t->func_index < 0 || t->func_index >= NUM_TIME_FUNCS)
        trust_badval("timer function", (long) t->func_index);
    /* melting ice is the one timer of a place; every other one is an
       object's, whose id restore turns into the object */
    if (t->func_index == MELT_ICE_AWAY) {
        if (t->kind != TIMER_LEVEL || t->needs_fixup)
            trust_badval("place timer's kind", (long) t->kind);
        flank_trust_xy((int) ((t->arg.a_long >> 16) & 0xFFFF),
                       (int) (t->arg.a_long & 0xFFFF), FALSE,
                       "timer's square");
    } else if (t->kind != TIMER_OBJECT || !t->needs_fixup) {
        trust_badval("object timer's kind", (long) t->kind);
    }
}

/* one light source restore_light_sources() read */
void
flank_trust_light(p)
genericptr_t p; /* a light_source (lev.h, which extern.h does not see) */
{
    light_source *ls = (light_source *) p;

    if ((ls->type != LS_OBJECT && ls->type != LS_MONSTER)
        || !(ls->flags & 0x2)) /* light.c's LSF_NEEDS_FIXUP */
        trust_badval("light source", (long) ls->type);
    if (ls->range < 1 || ls->range > MAX_RADIUS)
        trust_badval("light's range", (long) ls->range);
}

/* one region rest_regions() read; NFUNCS: its callbacks */
void
flank_trust_region(r, nfuncs)
NhRegion *r;
int nfuncs;
{
    short f[6];
    int i;

    f[0] = r->expire_f, f[1] = r->can_enter_f, f[2] = r->enter_f;
    f[3] = r->can_leave_f, f[4] = r->leave_f, f[5] = r->inside_f;
    for (i = 0; i < 6; i++)
        if (f[i] < -1 || f[i] >= nfuncs) /* -1: region.c's NO_CALLBACK */
            trust_badval("region function", (long) f[i]);
    if (r->nrects < 0)
        trust_badval("region size", (long) r->nrects);
    if (r->bounding_box.lx < 0 || r->bounding_box.hx >= COLNO
        || r->bounding_box.ly < 0 || r->bounding_box.hy >= ROWNO)
        trust_badval("region box", (long) r->bounding_box.lx);
    if (r->glyph < 0 || r->glyph >= MAX_GLYPH)
        trust_badval("region glyph", (long) r->glyph);
}

/* one engraving rest_engravings() read, LTH bytes of text */
void
flank_trust_engr(ep, lth)
struct engr *ep;
unsigned lth;
{
    flank_trust_xy(ep->engr_x, ep->engr_y, FALSE, "engraving's square");
    if (ep->engr_type < DUST || ep->engr_type > N_ENGRAVE)
        trust_badval("engraving type", (long) ep->engr_type);
    if (!lth || ep->engr_lth != lth || ep->engr_txt[lth - 1] != '\0')
        trust_badval("engraving's text", (long) lth);
}

/* one fruit loadfruitchn() read */
void
flank_trust_fruit(f)
struct fruit *f;
{
    if (!memchr(f->fname, '\0', sizeof f->fname))
        trust_badval("fruit's name", (long) f->fid);
}

/* a name of N bytes a file holds: it ends where it says */
void
flank_trust_name(s, n)
const char *s;
int n;
{
    if (n < 1 || s[n - 1] != '\0')
        trust_badval("name", (long) n);
}

/* a number of things a file says follow, at most MAX */
void
flank_trust_count(n, max, what)
long n, max;
const char *what;
{
    if (n < 0 || n > max)
        trust_badval(what, n);
}

/* ----------------------------------------------------------------- */
/* Level and bones files: the check in a child                       */

/* an unpaid object in CHAIN (and what it holds) that no shopkeeper of
   the level bills: the shop code's impossible() when it is priced */
STATIC_OVL struct obj *
trust_unbilled(chain)
struct obj *chain;
{
    struct obj *obj, *bad;
    struct monst *shk;
    int i;

    for (obj = chain; obj; obj = obj->nobj) {
        if (obj->unpaid) {
            for (shk = fmon; shk; shk = shk->nmon)
                if (shk->isshk && has_eshk(shk)) {
                    for (i = 0; i < ESHK(shk)->billct; i++)
                        if (ESHK(shk)->bill[i].bo_id == obj->o_id)
                            break;
                    if (i < ESHK(shk)->billct)
                        break;
                }
            if (!shk)
                return obj;
        }
        if (Has_contents(obj) && (bad = trust_unbilled(obj->cobj)))
            return bad;
    }
    return (struct obj *) 0;
}

/* in the child, after getlev(): the game's own sanity checks, on the
   level alone (the hero has not arrived), and what they leave out */
STATIC_OVL void
trust_child_sane()
{
    struct monst *mtmp, *dogs;
    struct obj *bad;

    u.ux = u.uy = 0;
    u.usteed = u.ustuck = (struct monst *) 0;
    /* as getbones() does: what the bones hold of a species since
       genocided or extinct goes */
    for (mtmp = fmon; mtmp; mtmp = mtmp->nmon)
        if (mtmp->mhpmax == DEFUNCT_MONSTER)
            mongone(mtmp);
    /* what is in the hero's hands between levels is not the file's:
       her pets in transit, a thrown or kicked object, a zapped wand */
    dogs = mydogs;
    mydogs = (struct monst *) 0;
    thrownobj = kickedobj = current_wand = (struct obj *) 0;
    obj_sanity_check();
    mydogs = dogs; /* their lit lamps are found there */
    timer_sanity_check();
    mon_sanity_check();
    light_sources_sanity_check();
    /* an object is unpaid only while a shopkeeper bills it */
    bad = trust_unbilled(fobj);
    if (!bad)
        bad = trust_unbilled(level.buriedobjlist);
    for (mtmp = fmon; mtmp && !bad; mtmp = mtmp->nmon)
        bad = trust_unbilled(mtmp->minvent);
    if (bad)
        trust_badval("unpaid object no shopkeeper bills", (long) bad->o_id);
}

/*
 * Does the file open on fd load sane?  getlev(fd, pid, lev, ghostly) in a
 * child, which ends with status 0 if so; else WHY[BUFSZ] says why not.
 * fd's offset is where it was.  When no child can be made, TRUE (the
 * in-place checks then panic on a bad number rather than use it).
 */
STATIC_OVL boolean
trust_check(fd, pid, lev, ghostly, freecur, why)
int fd, pid;
xchar lev;
boolean ghostly, freecur; /* freecur: the level in memory goes first */
char *why;
{
    int p[2], st = 0, devnull;
    pid_t c;
    off_t at;
    ssize_t n, got = 0;

    *why = '\0';
    if ((at = lseek(fd, (off_t) 0, SEEK_CUR)) < 0 || pipe(p) < 0)
        return TRUE;
    (void) fflush(stdout);
    (void) fflush(stderr);
    if ((c = fork()) < 0) {
        (void) close(p[0]), (void) close(p[1]);
        paniclog("trust", "no child to check a file: read unchecked");
        return TRUE;
    }
    if (c == 0) {
        (void) close(p[0]);
        trust_pipe = p[1];
        flank_trust_child = TRUE;
        (void) signal(SIGHUP, SIG_IGN);
        (void) signal(SIGINT, SIG_IGN);
        (void) signal(SIGQUIT, SIG_IGN);
        (void) signal(SIGTSTP, SIG_IGN);
        if ((devnull = open("/dev/null", O_RDWR)) >= 0) {
            (void) dup2(devnull, 0);
            (void) dup2(devnull, 1);
            (void) close(devnull);
        }
        iflags.debug_fuzzer = TRUE; /* impossible() is a panic: refused */
        program_state.something_worth_saving = 0;
#ifdef PANICTRACE
        panictrace_setsignals(FALSE); /* a crash ends the child at once */
#endif
        if (freecur)
            savelev(-1, ledger_no(&u.uz), FREE_SAVE);
        getlev(fd, pid, lev, ghostly);
        trust_child_sane();
        _exit(0);
    }
    (void) close(p[1]);
    while (got < BUFSZ - 1
           && ((n = read(p[0], why + got, (size_t) (BUFSZ - 1 - got))) > 0
               || (n < 0 && errno == EINTR)))
        if (n > 0)
            got += n;
    why[got] = '\0';
    (void) close(p[0]);
    while (waitpid(c, &st, 0) < 0 && errno == EINTR)
        continue;
    (void) lseek(fd, at, SEEK_SET);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 0 && !got)
        return TRUE;
    if (!got) {
        if (WIFSIGNALED(st))
            Sprintf(why, "crashed the check (signal %d)", WTERMSIG(st));
        else
            Sprintf(why, "failed the check (status %d)", WEXITSTATUS(st));
    }
    return FALSE;
}

/* rename PATH aside as PATH.refused, or .refused.N when that is taken;
   ASIDE[BUFSZ] gets the name, or says it could not be */
STATIC_OVL void
trust_aside(path, aside, n)
const char *path;
char *aside;
int n;
{
    struct stat st;
    int i;

    for (i = 0; i < 100; i++) {
        if (i)
            Sprintf(aside, "%.*s.refused.%d", n - 20, path, i);
        else
            Sprintf(aside, "%.*s.refused", n - 20, path);
        if (lstat(aside, &st) < 0 && errno == ENOENT) {
            if (rename(path, aside) == 0)
                return;
            break;
        }
    }
    Sprintf(aside, "%.*s (could not be renamed: %s)", n - 60, path,
            strerror(errno));
}

/* say that the file WHAT at PATH is refused WHY, kept ASIDE; THEN: what
   the game does now */
STATIC_OVL void
trust_refused(what, path, why, then)
const char *what, *path, *why, *then;
{
    char aside[BUFSZ], msg[BUFSZ * 2];

    trust_refusals++;
    trust_aside(path, aside, BUFSZ);
    Sprintf(msg, "The %s %.200s %.200s: it is not read, and is kept as %.200s;"
            " %s.", what, path, why, aside, then);
    /* straight to the message window: a level file or bones are refused
       in the middle of a level change, where pline()'s flush of the map
       would look at what the old level left behind */
    if (iflags.window_inited && !program_state.exiting)
        putstr(WIN_MESSAGE, 0, msg);
    else
        raw_print(msg);
    if (iflags.debug_fuzzer || iflags.fuzz_replay)
        (void) fprintf(stderr, "fuzzer: refused: %s\n", msg);
    Sprintf(msg, "%.200s %.200s", path, why);
    paniclog("refused", msg);
}

/* the path of level file LEV's (files.c's name) */
STATIC_OVL const char *
trust_levelpath(lev)
xchar lev;
{
    set_levelfile_name(lock, lev);
    return fqname(lock, LEVELPREFIX, 0);
}

/*
 * goto_level() and dosave0(): will the game read the file of level LEV?
 * TRUE if it loads sane (or is not there: vanilla says so); FALSE if it
 * was refused and kept aside, the level to be made anew.
 */
boolean
flank_trust_levelfile(lev, freecur)
xchar lev;
boolean freecur; /* the level in memory is another one (dosave0()) */
{
    char why[BUFSZ], whynot[BUFSZ], path[BUFSZ];
    int fd;
    boolean ok;

    if ((fd = open_levelfile(lev, whynot)) < 0)
        return TRUE;
    minit(); /* ZEROCOMP */
    ok = trust_check(fd, hackpid, lev, FALSE, freecur, why);
    (void) nhclose(fd);
    if (!ok) {
        Strcpy(path, trust_levelpath(lev));
        trust_refused("level file", path, why,
                      "the level will be made anew");
        level_info[lev].flags &= ~(LFILE_EXISTS | VISITED | FORGOTTEN);
    }
    return ok;
}

/* dosave0(): every level file that is to go into the save, checked
   before the game's state is written (a refused one is made anew when
   the hero comes back) */
void
flank_trust_levelfiles()
{
    xchar ltmp;

    for (ltmp = 1; ltmp <= maxledgerno(); ltmp++)
        if (ltmp != ledger_no(&u.uz)
            && (level_info[ltmp].flags & LFILE_EXISTS))
            (void) flank_trust_levelfile(ltmp, TRUE);
}

/* getbones(): the bones file open on fd, at its level's data; FALSE if
   refused and kept aside (the caller closes fd and makes the level) */
boolean
flank_trust_bones(fd)
int fd;
{
    char why[BUFSZ];

    if (trust_check(fd, 0, 0, TRUE, FALSE, why))
        return TRUE;
    flank_trust_bones_refused(why);
    return FALSE;
}

/* a bones file refused WHY (getbones() and the checks above) */
void
flank_trust_bones_refused(why)
const char *why;
{
    char name[BUFSZ];

    /* bones: the name open_bonesfile() gave the file */
    Strcpy(name, fqname(bones, BONESPREFIX, 0));
    trust_refused("bones file", name, why,
                  "the level is made without it");
}

/* getbones(): the length C of the bones' id, for a buffer of N; FALSE:
   refused, kept aside */
boolean
flank_trust_bones_id(c, n)
int c, n;
{
    char why[BUFSZ];

    if (c >= 1 && c <= n)
        return TRUE;
    Sprintf(why, "has a bad length of its level's name (%d)", c);
    flank_trust_bones_refused(why);
    return FALSE;
}

/* ----------------------------------------------------------------- */
/* Saves                                                              */

/* a save being restored (dorecover()) is bad: keep it aside, say why,
   end the game without its level files */
void
flank_trust_save_bad(why)
const char *why;
{
    char path[BUFSZ];

    Strcpy(path, fqname(SAVEF, SAVEPREFIX, 0));
    restoring = FALSE;
    program_state.something_worth_saving = 0;
    clearlocks();
    if (iflags.window_inited) {
        exit_nhwindows((char *) 0);
        iflags.window_inited = 0;
    }
    trust_refused("save file", path, why,
                  "start again for a new game");
    exit(EXIT_FAILURE);
}

/* ----------------------------------------------------------------- */
/* The debug fuzzer's files (tools/save-mutate.sh, patch 0049)         */

/* --fuzz-level=FILE[,LEDGER] and --fuzz-bones=FILE[,LEDGER]
   (unixmain.c) */
void
flank_fuzz_file_option(arg)
const char *arg;
{
    char *comma;

    iflags.fuzz_file = dupstr(index(arg, '=') + 1);
    iflags.fuzz_file_bones = !strncmp(arg, "--fuzz-bones", 12);
    if ((comma = rindex(iflags.fuzz_file, ',')) != 0) {
        *comma = '\0';
        iflags.fuzz_file_lev = atoi(comma + 1);
    }
}

/* the hero to the level of ledger LEV */
STATIC_OVL void
fuzz_goto(lev)
xchar lev;
{
    d_level d;

    d.dnum = ledger_to_dnum(lev);
    d.dlevel = ledger_to_dlev(lev);
    schedule_goto(&d, FALSE, FALSE, 0, (char *) 0, (char *) 0);
    deferred_goto();
}

/* the whole of file PATH into a new buffer (free() it), its length in
   *LEN; or exit with a reason */
STATIC_OVL char *
fuzz_slurp(path, len)
const char *path;
long *len;
{
    FILE *f = fopen(path, "rb");
    char *buf;
    long n;

    if (!f || fseek(f, 0L, SEEK_END) < 0 || (n = ftell(f)) <= 0
        || fseek(f, 0L, SEEK_SET) < 0) {
        (void) fprintf(stderr, "fuzzer: cannot read %s\n", path);
        nh_terminate(EXIT_FAILURE);
    }
    buf = (char *) alloc((unsigned) n);
    if ((long) fread(buf, 1, (size_t) n, f) != n) {
        (void) fprintf(stderr, "fuzzer: cannot read %s\n", path);
        nh_terminate(EXIT_FAILURE);
    }
    (void) fclose(f);
    *len = n;
    return buf;
}

/* write LEN bytes of BUF to fd, then close it; or exit */
STATIC_OVL void
fuzz_spill(fd, buf, len, what)
int fd;
const char *buf;
long len;
const char *what;
{
    if (fd < 0 || write(fd, buf, (size_t) len) != (ssize_t) len
        || close(fd) < 0) {
        (void) fprintf(stderr, "fuzzer: cannot write %s\n", what);
        nh_terminate(EXIT_FAILURE);
    }
}

/* the trial: the file goes where the game will read it, and the hero to
   its level; a line on stderr says whether the game loaded it */
STATIC_OVL void
fuzz_load()
{
    xchar lev = (xchar) iflags.fuzz_file_lev;
    char whynot[BUFSZ], *buf, *bonesid;
    long len;
    int before = trust_refusals, bones_before = u.uroleplay.numbones;
    d_level d;

    if (lev < 1 || lev > maxledgerno() || lev == ledger_no(&u.uz)) {
        (void) fprintf(stderr, "fuzzer: no level %d to load\n", (int) lev);
        nh_terminate(EXIT_FAILURE);
    }
    buf = fuzz_slurp(iflags.fuzz_file, &len);
    if (iflags.fuzz_file_bones) {
        d.dnum = ledger_to_dnum(lev);
        d.dlevel = ledger_to_dlev(lev);
        fuzz_spill(create_bonesfile(&d, &bonesid, whynot), buf, len,
                   "the bones file");
        commit_bonesfile(&d);
        flags.bones = TRUE;
    } else {
        /* as goto_level() writes it: this game's pid first */
        if (len >= (long) sizeof hackpid)
            (void) memcpy(buf, (genericptr_t) &hackpid, sizeof hackpid);
        fuzz_spill(create_levelfile(lev, whynot), buf, len, "the level");
    }
    free((genericptr_t) buf);
    fuzz_goto(lev);
    if (trust_refusals > before)
        (void) fprintf(stderr, "fuzzer: %s refused\n",
                       iflags.fuzz_file_bones ? "bones" : "level");
    else if (ledger_no(&u.uz) == lev
             && (!iflags.fuzz_file_bones
                 || u.uroleplay.numbones > bones_before))
        (void) fprintf(stderr, "fuzzer: %s loaded\n",
                       iflags.fuzz_file_bones ? "bones" : "level");
    else
        (void) fprintf(stderr, "fuzzer: %s not loaded\n",
                       iflags.fuzz_file_bones ? "bones" : "level");
}

/* the base: the file of a level the game played, into FILE */
STATIC_OVL void
fuzz_write()
{
    xchar lev, there;
    char whynot[BUFSZ], path[BUFSZ], *buf;
    int fd, tries;
    long len;
    FILE *f;

    if (iflags.fuzz_file_bones) {
        /* bones of a level they can be left on */
        flags.bones = TRUE;
        for (tries = 0; tries < 20 && (ledger_no(&u.uz) < 2
                                       || !can_make_bones());
             tries++)
            fuzz_goto((xchar) (ledger_no(&u.uz) + 1));
        lev = ledger_no(&u.uz);
        killer.format = NO_KILLER_PREFIX; /* the epitaph's words */
        Strcpy(killer.name, "fuzzed to death");
        savebones(DIED, getnow(), (struct obj *) 0);
        Strcpy(path, fqname(bones, BONESPREFIX, 0));
        nh_uncompress(path);
        if (rename(path, iflags.fuzz_file) < 0) {
            (void) fprintf(stderr, "fuzzer: no bones made (%s)\n", path);
            nh_terminate(EXIT_FAILURE);
        }
        (void) fprintf(stderr, "fuzzer: bones of level %d in %s\n",
                       (int) lev, iflags.fuzz_file);
        return;
    }
    /* the level played, left for the next one so that its file is
       written, and copied */
    lev = ledger_no(&u.uz);
    there = (dunlev(&u.uz) < dunlevs_in_dungeon(&u.uz)) ? lev + 1 : lev - 1;
    fuzz_goto(there);
    if ((fd = open_levelfile(lev, whynot)) < 0) {
        (void) fprintf(stderr, "fuzzer: %s\n", whynot);
        nh_terminate(EXIT_FAILURE);
    }
    (void) close(fd);
    Strcpy(path, trust_levelpath(lev));
    buf = fuzz_slurp(path, &len);
    if (!(f = fopen(iflags.fuzz_file, "wb"))
        || (long) fwrite(buf, 1, (size_t) len, f) != len || fclose(f)) {
        (void) fprintf(stderr, "fuzzer: cannot write %s\n",
                       iflags.fuzz_file);
        nh_terminate(EXIT_FAILURE);
    }
    free((genericptr_t) buf);
    (void) fprintf(stderr, "fuzzer: level %d in %s\n", (int) lev,
                   iflags.fuzz_file);
}

/* moveloop(), every turn of a fuzz run with --fuzz-level or
   --fuzz-bones: the trial's load at its start, the base's file at its
   end */
void
flank_fuzz_file()
{
    static boolean started = FALSE;

    if (!started) {
        started = TRUE;
        if (iflags.fuzz_file_lev)
            fuzz_load();
    } else if (!iflags.fuzz_file_lev && iflags.fuzz_turns
               && moves >= iflags.fuzz_turns) {
        fuzz_write();
        iflags.fuzz_file = (char *) 0;
    }
}

/*flanktrust.c*/
