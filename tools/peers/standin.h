/* What the stand-ins of the three NetHack peers (nerfhack/, splicehack/,
 * hackem/) share: the C library, NetHack's boolean, the map's size, `u`,
 * the hero's states, the creatures' list that m_at() reads (driver.c) and
 * the line format the driver reads.  Each peer's own standin.h includes this first, then cuts
 * its own struct monst (and the hero's macros) down to what its functions
 * read.  Sil-Q (silq/) is no NetHack and has its own. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef signed char boolean;
#define TRUE 1
#define FALSE 0
#define COLNO 80
#define ROWNO 21

struct monst;
struct you {
    int ux, uy;
    int ulevel;
    unsigned uswallow;
};
extern struct you u;

#define isok(x, y) ((x) >= 1 && (x) <= COLNO - 1 && (y) >= 0 && (y) <= ROWNO - 1)
/* m_at() over the case's monsters (driver.c), which never hold the hero:
   3.7's g.level.monsters[][] does not, and 3.6's level.monsters[][] only
   while she is a monster there, which no case is */
struct monst *m_at(int x, int y);
#define MON_AT(x, y) (m_at(x, y) != 0)
#define u_at(x, y) ((x) == u.ux && (y) == u.uy)
#define impossible(...) (fprintf(stderr, "impossible: " __VA_ARGS__), fputc('\n', stderr))
/* a stand-in (driver.c) where a peer defines PEER_GRUDGE */
long mm_aggression(struct monst *magr, struct monst *mdef);

/* the hero's states (driver.c sets them from HEROFLAGS), read through
   NetHack's macros; H_BLIND is "cannot see the defender" (canseemon()) */
extern int hero_blind, hero_hallu, hero_conf, hero_stun, hero_punished,
    hero_fumbling, hero_wlegs, hero_unaware, hero_elbereth;
#define Blind hero_blind
#define Hallucination hero_hallu
#define Confusion hero_conf
#define Stunned hero_stun
#define Punished hero_punished
#define Fumbling hero_fumbling
#define Wounded_legs hero_wlegs
#define Unaware hero_unaware
#define canseemon(m) (!hero_blind)

/* The line format (driver.c): a creature's FLAGS ... */
enum {
    F_SLEEP = 1, F_PARA = 2, F_FLEE = 4, F_TRAP = 8, F_CONF = 16, F_STUN = 32,
    F_EAT = 64, F_HIDE = 128, F_MIMIC = 256, F_NURSE = 512, F_OUTFLANK = 1024,
    F_STATIONARY = 2048, F_GRUDGE = 4096
    /* 8192 passive, 16384 tail, 32768 unwilling: no peer reads them (a
     * tail's square holds its worm: m_at() returns the worm) */
};
/* ... and HEROFLAGS */
enum {
    H_BLIND = 1, H_HALLU = 2, H_CONF = 4, H_STUN = 8, H_PUNISHED = 16,
    H_FUMBLING = 32, H_WLEGS = 64, H_UNAWARE = 128, H_STATIONARY = 256,
    H_ELBERETH = 512, H_ENGULFED = 1024, H_HIDDEN = 2048, H_DISGUISED = 4096,
    H_NURSEFORM = 8192, H_OUTFLANK = 16384
    /* 32768 paralysed (not Unaware: unconscious() is sleep or fainting),
     * 65536 trapped: no peer reads them for the hero */
};
